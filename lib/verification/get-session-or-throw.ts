import "server-only";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/verification/errors";

/** Loads a session of the organisation; another organisation's id is as missing as an unknown one. */
export async function getSessionOrThrow(orgId: string, id: string) {
  const row = await db.verificationSession.findFirst({ where: { id, orgId } });
  if (!row) throw new ApiError("resource_missing", `No such verification session: ${id}`, "id");
  return row;
}
