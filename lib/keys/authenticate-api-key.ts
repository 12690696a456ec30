import "server-only";
import { db } from "@/lib/db";
import { digestsEqual, hashApiKey, parseApiKey, type KeyMode } from "@/lib/keys/key-format";

export type ApiPrincipal = { orgId: string; keyId: string; mode: KeyMode };

// lastUsedAt is for humans; writing it on every request would double the write load.
const LAST_USED_RESOLUTION_MS = 60_000;

/** Resolves a presented key to its organisation and mode, or null (missing, malformed, unknown, revoked). */
export async function authenticateApiKey(presented: string | null | undefined): Promise<ApiPrincipal | null> {
  if (!presented) return null;
  const parsed = parseApiKey(presented);
  if (!parsed) return null;
  const keyHash = hashApiKey(presented);
  const row = await db.apiKey.findUnique({
    where: { keyHash },
    select: { id: true, orgId: true, mode: true, keyHash: true, revokedAt: true, lastUsedAt: true },
  });
  if (!row || !digestsEqual(row.keyHash, keyHash) || row.revokedAt) return null;
  if (row.mode !== parsed.mode) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  }
  return { orgId: row.orgId, keyId: row.id, mode: row.mode };
}
