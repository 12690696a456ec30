import "server-only";
import { pgPool } from "@/lib/db";
import type { VerificationSession } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/verification/errors";

/**
 * Loads a session of the organisation; another organisation's id is as missing as an unknown one.
 * Plain SQL on the shared pool: retrieve is a hot path, and the row has the Prisma model's shape
 * (column names are the field names; pg returns Dates, arrays and parsed JSON).
 */
export async function getSessionOrThrow(orgId: string, id: string): Promise<VerificationSession> {
  const { rows } = await pgPool.query<VerificationSession>(
    `SELECT * FROM "VerificationSession" WHERE "id" = $1 AND "orgId" = $2`,
    [id, orgId],
  );
  if (!rows[0]) throw new ApiError("resource_missing", `No such verification session: ${id}`, "id");
  return rows[0];
}
