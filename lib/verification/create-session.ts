import "server-only";
import { createHash } from "node:crypto";
import { hotQuery } from "@/lib/db";
import { env } from "@/lib/env";
import { newId, randomBase62 } from "@/lib/ids";
import type { KeyMode } from "@/lib/keys/key-format";
import type { CreateSessionBody } from "@/lib/verification/schemas";
import { serializeCreatedSession, type SessionRow } from "@/lib/verification/serialize-session";

export function hashUrlToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

// The session and its expiry job in one statement, so one atomic write (the outbox rule: the job
// exists if and only if the session does). The job row is the one scheduleJobInTx
// (lib/jobs/schedule-job.ts) writes for a job due in the future: name, payload, runAt, the
// table's defaults for the rest, no NOTIFY (nothing is due now). Written here in SQL because
// create is the API's hottest write and a Prisma transaction costs several times the CPU.
const INSERT_SESSION_WITH_EXPIRY_JOB = `
  WITH "session" AS (
    INSERT INTO "VerificationSession"
      ("id", "orgId", "mode", "requiredAge", "methods", "returnUrl", "metadata", "urlTokenHash", "createdAt", "expiresAt")
    VALUES ($1, $2, $3::"Mode", $4, $5::text[], $6, $7::text::json, $8, $9, $10)
    RETURNING "id", "expiresAt"
  )
  INSERT INTO "Job" ("id", "name", "payload", "runAt")
  SELECT $11, 'verification/session.expire', jsonb_build_object('sessionId', "id"), "expiresAt" FROM "session"`;

// created_at never repeats or goes backwards within a process, so sessions created one after
// the other list newest first in the order they were made (a same-millisecond tie would fall
// back to the random id). It runs ahead of the clock only above 1,000 creates/s per process.
let lastCreatedAtMs = 0;
function nextCreatedAt(): Date {
  lastCreatedAtMs = Math.max(Date.now(), lastCreatedAtMs + 1);
  return new Date(lastCreatedAtMs);
}

/**
 * Creates a session with a one-time hosted URL. The URL carries 256 bits of randomness; only
 * its hash is stored, so the URL cannot be recovered or guessed from the database. The expiry
 * job is written in the same statement.
 */
export async function createSession(input: { orgId: string; mode: KeyMode } & CreateSessionBody) {
  const token = randomBase62(43);
  const createdAt = nextCreatedAt();
  // Everything the creation shape shows is known here, so nothing is read back.
  const row: SessionRow = {
    id: newId("vs"),
    status: "created",
    requiredAge: input.required_age,
    methods: input.methods,
    returnUrl: input.return_url,
    mode: input.mode,
    attempts: 0,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + env().SESSION_TTL_SECONDS * 1000),
    metadata: input.metadata,
    outcomeMethod: null,
    outcomeResult: null,
    outcomeConfidence: null,
    completedAt: null,
  };
  await hotQuery(INSERT_SESSION_WITH_EXPIRY_JOB, [
    row.id,
    input.orgId,
    row.mode,
    row.requiredAge,
    row.methods,
    row.returnUrl,
    JSON.stringify(row.metadata),
    hashUrlToken(token),
    row.createdAt,
    row.expiresAt,
    newId("job"),
  ]);
  return serializeCreatedSession(row, `${env().APP_URL}/verify/${token}`);
}
