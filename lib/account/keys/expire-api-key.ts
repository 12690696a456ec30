import "server-only";
import { db } from "@/lib/platform/db";

/**
 * Records the revocation of a rolled key whose window has ended (revokedAt = its expiresAt, the
 * moment it stopped working). Returns when to come back if the window is still open, or null
 * when there is nothing left to do (revoked already, never rolled, or gone with its organisation).
 */
export async function expireApiKeyIfDue(keyId: string, now = new Date()): Promise<Date | null> {
  const key = await db.apiKey.findUnique({ where: { id: keyId }, select: { expiresAt: true, revokedAt: true } });
  if (!key || key.revokedAt || !key.expiresAt) return null;
  if (key.expiresAt > now) return key.expiresAt;
  await db.apiKey.updateMany({ where: { id: keyId, revokedAt: null }, data: { revokedAt: key.expiresAt } });
  return null;
}
