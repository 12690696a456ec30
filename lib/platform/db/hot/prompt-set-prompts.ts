import "server-only";
import { hotQuery } from "@/lib/platform/db/hot-query";

// A prompt set's generation job, per prompt: claim the next queued prompt and write its
// result. Prisma spent two round trips and most of the job's database CPU on the claim
// (bench/profile-prompt-set.ts), and one commit (one flush to disk) on every result.

// The first queued prompt of set $1 in play order, while the set is still in round $2, now
// `generating`. SKIP LOCKED: lanes claiming at the same moment take different prompts instead
// of waiting on each other; the status is checked again on the row once it is locked.
const CLAIM_NEXT_PROMPT = `
  UPDATE "PromptSetPrompt" SET "status" = 'generating', "updatedAt" = now()
   WHERE "id" = (
           SELECT p."id" FROM "PromptSetPrompt" p JOIN "PromptSet" s ON s."id" = p."setId"
            WHERE p."setId" = $1 AND p."status" = 'queued' AND s."generationRound" = $2
            ORDER BY p."position"
            LIMIT 1
              FOR UPDATE OF p SKIP LOCKED)
     AND "status" = 'queued'
  RETURNING "id", "text"`;

export type ClaimedPromptRow = { id: string; text: string };

/** Claims the next queued prompt of the set's round; null when none is left. */
export async function claimNextPrompt(setId: string, round: number): Promise<ClaimedPromptRow | null> {
  const { rows } = await hotQuery<ClaimedPromptRow>(CLAIM_NEXT_PROMPT, [setId, round]);
  return rows[0] ?? null;
}

/** A generated prompt's result as written. */
export type PromptResultRow = {
  id: string;
  cached: boolean;
  cacheKey: string;
  sha256: string;
  bytes: number;
  durationMs: number | null;
  peaks: Uint8Array | null;
  generatedAt: Date;
};

// Fenced on `generating`: a prompt edited (or requeued) meanwhile is no longer the job's to finish.
const WRITE_PROMPT_RESULTS = `
  UPDATE "PromptSetPrompt" AS p
     SET "status" = 'done', "cached" = r."cached", "cacheKey" = r."cacheKey", "sha256" = r."sha256",
         "bytes" = r."bytes", "durationMs" = r."durationMs", "peaks" = decode(r."peaks", 'hex'),
         "errorCode" = NULL, "errorMessage" = NULL, "generatedAt" = r."generatedAt", "updatedAt" = now()
    FROM unnest($1::text[], $2::text[]::bool[], $3::text[], $4::text[], $5::text[]::int[], $6::text[]::int[],
                $7::text[], $8::text[]::timestamptz[])
         AS r("id", "cached", "cacheKey", "sha256", "bytes", "durationMs", "peaks", "generatedAt")
   WHERE p."id" = r."id" AND p."status" = 'generating'`;

/** Writes a batch of results in one statement (one commit). */
export async function writePromptResults(rows: PromptResultRow[]): Promise<void> {
  await hotQuery(WRITE_PROMPT_RESULTS, [
    rows.map((row) => row.id),
    rows.map((row) => String(row.cached)),
    rows.map((row) => row.cacheKey),
    rows.map((row) => row.sha256),
    rows.map((row) => String(row.bytes)),
    rows.map((row) => (row.durationMs === null ? null : String(row.durationMs))),
    rows.map((row) => (row.peaks ? Buffer.from(row.peaks).toString("hex") : null)),
    rows.map((row) => row.generatedAt.toISOString()),
  ]);
}
