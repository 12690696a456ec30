import "server-only";
import { pgPool } from "@/lib/db";
import { hasIdShape } from "@/lib/ids";
import type { VerificationSession } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/verification/errors";
import { SESSION_COLUMNS } from "@/lib/verification/session-columns";

/**
 * Loads a session of the organisation; another organisation's id is as missing as an unknown one.
 * Plain SQL on the shared pool, as a prepared statement: retrieve is a hot path. The row has the
 * Prisma model's shape (see session-columns.ts; pg returns Dates, arrays and parsed JSON).
 */
export async function getSessionOrThrow(orgId: string, id: string): Promise<VerificationSession> {
  const missing = () => new ApiError("resource_missing", `No such verification session: ${id}`, "id");
  if (!hasIdShape("vs", id)) throw missing();
  const { rows } = await pgPool.query<VerificationSession>({
    name: "v1-get-session",
    text: `SELECT ${SESSION_COLUMNS} FROM "VerificationSession" WHERE "id" = $1 AND "orgId" = $2`,
    values: [id, orgId],
  });
  if (!rows[0]) throw missing();
  return rows[0];
}
