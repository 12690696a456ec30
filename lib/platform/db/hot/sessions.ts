import "server-only";
import { hotQuery, type HotValue } from "@/lib/platform/db/hot-query";
import type { IdempotencyAnswerRow } from "@/lib/platform/db/hot/idempotency-keys";
import { SESSION_JSON_SQL } from "@/lib/platform/db/hot/session-json-sql";
import type { Mode as KeyMode, Prisma, SessionStatus } from "@/lib/generated/prisma/client";

// The hot statements on VerificationSession: create (with its expiry job), retrieve and list.

/** A session as the API and the dashboard read it (not the hosted flow's binding columns). */
export type SessionRecord = {
  id: string;
  orgId: string;
  mode: KeyMode;
  status: SessionStatus;
  requiredAge: number;
  methods: string[];
  returnUrl: string;
  locale: string | null;
  metadata: Prisma.JsonValue;
  currentMethodIndex: number;
  attempts: number;
  outcomeMethod: string | null;
  outcomeResult: string | null;
  outcomeConfidence: string | null;
  completedAt: Date | null;
  startedAt: Date | null;
  createdAt: Date;
  expiresAt: Date;
};

const SESSION_RECORD_COLUMNS = [
  "id",
  "orgId",
  "mode",
  "status",
  "requiredAge",
  "methods",
  "returnUrl",
  "locale",
  "metadata",
  "currentMethodIndex",
  "attempts",
  "outcomeMethod",
  "outcomeResult",
  "outcomeConfidence",
  "completedAt",
  "startedAt",
  "createdAt",
  "expiresAt",
] as const satisfies readonly (keyof SessionRecord)[];

const SELECT_SESSION = `SELECT ${SESSION_RECORD_COLUMNS.map((column) => `"${column}"`).join(", ")}
  FROM "VerificationSession" WHERE "id" = $1 AND "orgId" = $2`;

// The session, its metadata pairs for the dashboard's search (SessionMetadataEntry) and its
// expiry job in one statement, so one atomic write (the outbox rule: the job exists if and only
// if the session does). The job row is the one scheduleJobInTx writes for a job due in the
// future (session-insert.test.ts holds the two equal): the job's name, payload and maxAttempts
// as the caller took them from its definition, runAt = expiresAt, the table's defaults for the
// rest, no NOTIFY (nothing is due now). Written in SQL because create is the API's hottest
// write and a Prisma transaction costs several times the CPU. The pairs' foreign key to the
// session is checked at the end of the statement, when the session row is there.
const SESSION_COLUMNS = `"id", "orgId", "mode", "requiredAge", "methods", "returnUrl", "metadata", "urlTokenHash", "createdAt", "expiresAt", "locale"`;
const SESSION_VALUES = `$1::text, $2::text, $3::"Mode", $4::int4, $5::text[], $6::text, $7::text::json, $8::text, $9::timestamptz, $10::timestamptz, $11::text`;
const INSERT_DEPENDENTS = `
  "metadataEntries" AS (
    INSERT INTO "SessionMetadataEntry" ("orgId", "key", "value", "createdAt", "sessionId")
    SELECT $2, "key", "value", $9, $1 FROM json_each_text($7::text::json) WHERE EXISTS (SELECT FROM "session")
  )
  INSERT INTO "Job" ("id", "name", "payload", "maxAttempts", "runAt")
  SELECT $12, $13, $14::text::jsonb, $15, "expiresAt" FROM "session"`;

const INSERT_SESSION_WITH_JOB = `
  WITH "session" AS (
    INSERT INTO "VerificationSession" (${SESSION_COLUMNS}) VALUES (${SESSION_VALUES})
    RETURNING "expiresAt"
  ), ${INSERT_DEPENDENTS}`;

// The same, under an Idempotency-Key: the key claimed with its answer already stored, and the
// rest written only when the claim was made (ON CONFLICT: the key is an earlier request's, and
// the statement writes nothing). One statement instead of claim, write and store: no other
// request ever sees the claim without its answer, and a failure anywhere leaves no claim. A
// concurrent duplicate's ON CONFLICT waits for this statement to commit, then writes nothing.
const INSERT_SESSION_WITH_JOB_AND_KEY = `
  WITH "claim" AS (
    INSERT INTO "IdempotencyKey" ("orgId", "key", "method", "path", "requestHash", "statusCode", "responseBody")
    VALUES ($2, $16, $17, $18, $19, $20, $21)
    ON CONFLICT ("orgId", "key") DO NOTHING
    RETURNING 1
  ), "session" AS (
    INSERT INTO "VerificationSession" (${SESSION_COLUMNS}) SELECT ${SESSION_VALUES} FROM "claim"
    RETURNING "expiresAt"
  ), ${INSERT_DEPENDENTS}`;

export type NewSessionRow = {
  id: string;
  orgId: string;
  mode: KeyMode;
  requiredAge: number;
  methods: string[];
  returnUrl: string;
  locale: string | null;
  metadata: Record<string, string>;
  urlTokenHash: string;
  createdAt: Date;
  expiresAt: Date;
};

/** The Job row due at the session's expiresAt (see jobRowFields in lib/platform/jobs/schedule-job.ts). */
export type ExpiryJobRow = { id: string; name: string; payload: Prisma.InputJsonValue; maxAttempts: number };

/**
 * Inserts a session and the job due at its expiry, atomically; with `key`, only if that
 * Idempotency-Key is claimed in the same statement (its answer stored with it). Whether the
 * session was written: false only when the key was claimed already.
 */
export async function insertSessionWithExpiryJob(
  session: NewSessionRow,
  job: ExpiryJobRow,
  key?: IdempotencyAnswerRow,
): Promise<boolean> {
  const values: HotValue[] = [
    session.id,
    session.orgId,
    session.mode,
    session.requiredAge,
    session.methods,
    session.returnUrl,
    JSON.stringify(session.metadata),
    session.urlTokenHash,
    session.createdAt,
    session.expiresAt,
    session.locale,
    job.id,
    job.name,
    JSON.stringify(job.payload),
    job.maxAttempts,
  ];
  if (!key) return (await hotQuery(INSERT_SESSION_WITH_JOB, values)).rowCount === 1;
  // The key is the organisation's: the claim is written under the session's own orgId.
  if (key.orgId !== session.orgId) throw new Error("An Idempotency-Key is claimed for the session's organisation only");
  values.push(key.key, key.method, key.path, key.requestHash, key.statusCode, key.responseBody);
  return (await hotQuery(INSERT_SESSION_WITH_JOB_AND_KEY, values)).rowCount === 1;
}

/** The organisation's session, or null (another organisation's id is as missing as an unknown one). */
export async function selectSession(orgId: string, id: string): Promise<SessionRecord | null> {
  const { rows } = await hotQuery<SessionRecord>(SELECT_SESSION, [id, orgId]);
  return rows[0] ?? null;
}

/** The retrieve answer of the organisation's session as JSON text rendered by PostgreSQL, or null. */
export async function selectSessionJson(orgId: string, id: string): Promise<string | null> {
  const { rows } = await hotQuery<{ json: string }>(
    `SELECT ${SESSION_JSON_SQL} AS "json" FROM "VerificationSession" WHERE "id" = $1 AND "orgId" = $2`,
    [id, orgId],
  );
  return rows[0]?.json ?? null;
}

/** A listed session: its JSON text and its keyset position. */
export type SessionPageRow = { json: string; id: string; createdAtMs: string };

/**
 * Up to `limit` of the organisation's sessions as JSON text, newest first on (createdAt, id),
 * after the cursor position when given, served by the (orgId, createdAt DESC, id DESC) index, or,
 * for a metadata pair, by SessionMetadataEntry's primary key (the pair's sessions in that order:
 * the page is read off it whether the pair is held by one session or by half of them).
 * PostgreSQL renders each session's JSON (session-json-sql.ts).
 */
export async function selectSessionsPage(input: {
  orgId: string;
  limit: number;
  status?: SessionStatus;
  mode?: KeyMode;
  /** The dashboard's search: one exact id, one exact metadata pair, a createdAt range [from, before). */
  id?: string;
  metadata?: { key: string; value: string };
  createdFrom?: Date;
  createdBefore?: Date;
  after?: { createdAt: Date; id: string } | null;
}): Promise<SessionPageRow[]> {
  // The limit is written into the statement, not passed as a parameter: with `LIMIT $n`,
  // PostgreSQL plans the prepared statement afresh on every execution (measured: 9,600 custom
  // plans, no generic one, about 0.25 ms of planning each), because a generic plan cannot know
  // how few rows it will read. The one generic plan is an index scan that stops after the page.
  // On a table never analysed (a new database, before autovacuum's first ANALYZE, about a
  // minute) it can instead be a scan of the organisation's rows plus a sort (measured: 2 ms at
  // 5,000 rows). The ANALYZE invalidates that plan, so it fixes itself.
  if (!Number.isInteger(input.limit) || input.limit < 1) throw new RangeError(`page size out of range: ${input.limit}`);
  const params: HotValue[] = [input.orgId];
  const where = [`"orgId" = $1`];
  if (input.status) where.push(`"status" = $${params.push(input.status)}::"SessionStatus"`);
  if (input.mode) where.push(`"mode" = $${params.push(input.mode)}::"Mode"`);
  if (input.id) where.push(`"id" = $${params.push(input.id)}`);
  // The list's order, its range and its cursor are on (createdAt, id): the session's own, or,
  // when searching by a metadata pair, the same two as the pair's entry holds them (kept equal
  // by the entry's foreign key), so the entries' primary key gives the order.
  let from = `"VerificationSession"`;
  let createdAt = `"createdAt"`;
  let id = `"id"`;
  if (input.metadata) {
    const key = params.push(input.metadata.key);
    const value = params.push(input.metadata.value);
    from = `(SELECT "createdAt" AS "entryCreatedAt", "sessionId" FROM "SessionMetadataEntry"
              WHERE "orgId" = $1 AND "key" = $${key} AND "value" = $${value}) AS "entry"
           JOIN "VerificationSession" ON "id" = "entry"."sessionId"`;
    createdAt = `"entry"."entryCreatedAt"`;
    id = `"entry"."sessionId"`;
  }
  if (input.createdFrom) where.push(`${createdAt} >= $${params.push(input.createdFrom)}`);
  if (input.createdBefore) where.push(`${createdAt} < $${params.push(input.createdBefore)}`);
  if (input.after) {
    const afterCreatedAt = params.push(input.after.createdAt);
    const afterId = params.push(input.after.id);
    where.push(`(${createdAt}, ${id}) < ($${afterCreatedAt}, $${afterId})`);
  }
  // One prepared statement per shape of the query (filters and cursor present or not) and limit.
  // A search (the dashboard's) is planned for its values instead: how many sessions a date range
  // or a metadata pair holds, next to a status or mode, decides which index to walk, and a
  // generic plan cannot know it.
  const searching = Boolean(input.id || input.metadata || input.createdFrom || input.createdBefore);
  const { rows } = await hotQuery<SessionPageRow>(
    `SELECT ${SESSION_JSON_SQL} AS "json", "id", (extract(epoch FROM "createdAt") * 1000)::int8 AS "createdAtMs"
           FROM ${from} WHERE ${where.join(" AND ")}
           ORDER BY ${createdAt} DESC, ${id} DESC LIMIT ${input.limit}`,
    params,
    { prepare: !searching },
  );
  return rows;
}
