import "server-only";
import { hotQuery } from "@/lib/db";
import { hasIdShape } from "@/lib/ids";
import type { VerificationSession } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/verification/errors";
import { SESSION_COLUMNS } from "@/lib/verification/session-columns";
import { SESSION_JSON_SQL } from "@/lib/verification/session-json-sql";

/**
 * Loads a session of the organisation; another organisation's id is as missing as an unknown one.
 * Plain SQL on the hot-path driver, as a prepared statement (lib/db.ts). The row has the
 * Prisma model's shape (see session-columns.ts; pg returns Dates, arrays and parsed JSON).
 */
export async function getSessionOrThrow(orgId: string, id: string): Promise<VerificationSession> {
  if (!hasIdShape("vs", id)) throw missingSession(id);
  const { rows } = await hotQuery<VerificationSession>(
    `SELECT ${SESSION_COLUMNS} FROM "VerificationSession" WHERE "id" = $1 AND "orgId" = $2`,
    [id, orgId],
  );
  if (!rows[0]) throw missingSession(id);
  return rows[0];
}

/**
 * The retrieve answer of a session of the organisation, as JSON text rendered by PostgreSQL (see
 * session-json-sql.ts); missing exactly when getSessionOrThrow is.
 */
export async function getSessionJsonOrThrow(orgId: string, id: string): Promise<string> {
  if (!hasIdShape("vs", id)) throw missingSession(id);
  const { rows } = await hotQuery<{ json: string }>(
    `SELECT ${SESSION_JSON_SQL} AS "json" FROM "VerificationSession" WHERE "id" = $1 AND "orgId" = $2`,
    [id, orgId],
  );
  if (!rows[0]) throw missingSession(id);
  return rows[0].json;
}

function missingSession(id: string) {
  return new ApiError("resource_missing", `No such verification session: ${id}`, "id");
}
