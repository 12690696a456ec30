import "server-only";

// Retrieve and list are the API's hot reads. Having PostgreSQL render their JSON saves the app,
// whose one thread is what limits throughput, from decoding every column (dates above all) and
// serialising each object again. PostgREST does the same. The SQL is the TypeScript shape
// (serializeSession) written again. session-json-sql.test.ts holds the two byte-equal over
// sessions in every state, so any drift fails the tests.

/** An ISO 8601 UTC timestamp with milliseconds, as Date#toISOString writes it. */
const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A value as JSON text; SQL NULL becomes JSON null (`||` with NULL would blank the object). */
const json = (expression: string) => `COALESCE(to_json(${expression})::text, 'null')`;

type Member = readonly [key: string, jsonText: string];

/** `{"key":value,...}` by concatenation: compact, in this key order, values untouched. */
function object(members: readonly Member[], insertAfter?: { key: string; sql: string }): string {
  const parts = members.map(([key, value], index) => {
    const member = `'${index === 0 ? "{" : ","}"${key}":' || ${value}`;
    return insertAfter?.key === key ? `${member} || ${insertAfter.sql}` : member;
  });
  return `${parts.join(" || ")} || '}'`;
}

const terminal = `"status" IN ('passed', 'failed') AND "completedAt" IS NOT NULL`;

// An open session past its deadline answers as expired before the expiry job has run (shownStatus).
const shownStatus = `CASE WHEN "status" IN ('created', 'in_progress') AND "expiresAt" <= now() THEN 'expired' ELSE "status"::text END`;

const outcome = object([
  ["method", json(`"outcomeMethod"`)],
  ["result", json(`"outcomeResult"`)],
  ["confidence", json(`"outcomeConfidence"`)],
  ["completed_at", json(isoUtc(`"completedAt"`))],
]);

/**
 * SQL for one VerificationSession row's retrieve/list JSON (no url; outcome only once terminal),
 * as text. Metadata is a `json` column holding what the create call sent, compacted by
 * JSON.stringify, so it is copied as stored.
 */
export const SESSION_JSON_SQL = object(
  [
    ["id", json(`"id"`)],
    ["status", json(shownStatus)],
    ["required_age", json(`"requiredAge"`)],
    ["methods", json(`"methods"`)],
    ["return_url", json(`"returnUrl"`)],
    ["locale", json(`"locale"`)],
    ["mode", json(`"mode"`)],
    ["attempts", json(`"attempts"`)],
    ["created_at", json(isoUtc(`"createdAt"`))],
    ["expires_at", json(isoUtc(`"expiresAt"`))],
    ["metadata", `"metadata"::text`],
  ],
  { key: "mode", sql: `CASE WHEN ${terminal} THEN ',"outcome":' || ${outcome} ELSE '' END` },
);
