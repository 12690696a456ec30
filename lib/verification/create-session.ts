import "server-only";
import { createHash } from "node:crypto";
import { insertSessionWithExpiryJob } from "@/lib/platform/db/hot/sessions";
import { env } from "@/lib/platform/env";
import type { IdempotentWrite } from "@/lib/verification/idempotency";
import { newId, randomBase62 } from "@/lib/platform/ids";
import { expireSessionJob } from "@/lib/verification/jobs/expire-session";
import { jobRowFields } from "@/lib/platform/jobs/schedule-job";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import type { CreateSessionBody } from "@/lib/verification/schemas";
import { serializeCreatedSession, type SessionRow } from "@/lib/verification/serialize-session";

export function hashUrlToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

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
export async function createSession(input: CreateSessionInput) {
  const { created, session, job } = newSession(input);
  await insertSessionWithExpiryJob(session, job);
  return created;
}

/**
 * createSession for the API: the creation answer as JSON text. Under an Idempotency-Key the
 * key is claimed and this answer stored in the session's own statement; when the key was
 * claimed already, nothing is written and IdempotencyKeyTaken is thrown (the caller replays or
 * refuses as for any idempotent request).
 */
export async function createSessionJson(input: CreateSessionInput, idempotency: IdempotentWrite | null) {
  const { created, session, job } = newSession(input);
  const json = JSON.stringify(created);
  const key = idempotency?.answer(201, json);
  const written = await insertSessionWithExpiryJob(session, job, key);
  idempotency?.settle(written);
  return json;
}

type CreateSessionInput = { orgId: string; mode: KeyMode } & CreateSessionBody;

function newSession(input: CreateSessionInput) {
  const token = randomBase62(43);
  const createdAt = nextCreatedAt();
  // Everything the creation shape shows is known here, so nothing is read back.
  const row: SessionRow = {
    id: newId("vs"),
    status: "created",
    requiredAge: input.required_age,
    methods: input.methods,
    returnUrl: input.return_url,
    locale: input.locale ?? null,
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
  // One statement for the session and its expiry job (the outbox rule), the job's row taken
  // from its definition like every scheduled job's.
  return {
    created: serializeCreatedSession(row, `${env().APP_URL}/verify/${token}`),
    session: {
      id: row.id,
      orgId: input.orgId,
      mode: row.mode,
      requiredAge: row.requiredAge,
      methods: row.methods,
      returnUrl: row.returnUrl,
      locale: row.locale,
      metadata: input.metadata,
      urlTokenHash: hashUrlToken(token),
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
    },
    job: { id: newId("job"), ...jobRowFields(expireSessionJob, { sessionId: row.id }) },
  };
}
