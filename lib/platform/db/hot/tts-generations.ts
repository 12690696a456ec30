import "server-only";
import { hotQuery } from "@/lib/platform/db/hot-query";

/** One TTS history row as written. */
export type TtsGenerationRow = {
  id: string;
  orgId: string;
  cacheKey: string;
  text: string;
  voiceId: string;
  modelId: string;
  outputFormat: string;
  /** Null when the request sent no settings (the voice's defaults applied). */
  voiceSettings?: object;
  characters: number;
  cached: boolean;
  sha256: string;
  bytes: number;
  promptSetId?: string;
};

// One prepared statement for any batch size: a column array per field, unnested into rows.
// Plain SQL rather than Prisma's createMany, which cost a cached request more CPU than the
// rest of its work (see the Voice section of `npm run bench`).
const INSERT_GENERATIONS = `
  INSERT INTO "TtsGeneration"
    ("id", "orgId", "cacheKey", "text", "voiceId", "modelId", "outputFormat", "voiceSettings", "characters", "cached", "sha256", "bytes", "promptSetId")
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
    $8::text[]::jsonb[], $9::int[], $10::text[]::bool[], $11::text[], $12::int[], $13::text[])`;

/** Inserts a batch of history rows in one statement. */
export async function insertTtsGenerations(rows: TtsGenerationRow[]): Promise<void> {
  const column = <K extends keyof TtsGenerationRow>(key: K) => rows.map((row) => row[key]);
  await hotQuery(INSERT_GENERATIONS, [
    column("id"),
    column("orgId"),
    column("cacheKey"),
    column("text"),
    column("voiceId"),
    column("modelId"),
    column("outputFormat"),
    rows.map((row) => (row.voiceSettings ? JSON.stringify(row.voiceSettings) : null)),
    column("characters"),
    rows.map((row) => String(row.cached)),
    column("sha256"),
    column("bytes"),
    rows.map((row) => row.promptSetId ?? null),
  ]);
}
