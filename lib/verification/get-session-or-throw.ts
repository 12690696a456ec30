import "server-only";
import { selectSession, selectSessionJson, type SessionRecord } from "@/lib/platform/db/hot/sessions";
import { hasIdShape } from "@/lib/platform/ids";
import { VerificationApiError } from "@/lib/verification/errors";

/** Loads a session of the organisation; another organisation's id is as missing as an unknown one. */
export async function getSessionOrThrow(orgId: string, id: string): Promise<SessionRecord> {
  if (!hasIdShape("vs", id)) throw missingSession(id);
  const session = await selectSession(orgId, id);
  if (!session) throw missingSession(id);
  return session;
}

/**
 * The retrieve answer of a session of the organisation, as JSON text rendered by PostgreSQL (see
 * lib/platform/db/hot/session-json-sql.ts); missing exactly when getSessionOrThrow is.
 */
export async function getSessionJsonOrThrow(orgId: string, id: string): Promise<string> {
  if (!hasIdShape("vs", id)) throw missingSession(id);
  const json = await selectSessionJson(orgId, id);
  if (json === null) throw missingSession(id);
  return json;
}

function missingSession(id: string) {
  return new VerificationApiError("resource_missing", `No such verification session: ${id}`, "id");
}
