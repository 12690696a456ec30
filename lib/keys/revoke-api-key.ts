import "server-only";
import { db } from "@/lib/db";

/**
 * Revokes a key by id ("key_...") or by its displayed prefix ("sk_test_abcd"). Scoped to an
 * organisation when orgId is given (dashboard); operators' CLI may omit it.
 * Returns the revoked key ids; an ambiguous prefix revokes nothing and throws.
 */
export async function revokeApiKey(idOrPrefix: string, orgId?: string): Promise<string[]> {
  const where = idOrPrefix.startsWith("key_") ? { id: idOrPrefix } : { prefix: idOrPrefix };
  const matches = await db.apiKey.findMany({ where: { ...where, ...(orgId ? { orgId } : {}), revokedAt: null } });
  if (matches.length === 0) throw new Error(`No active API key matches ${idOrPrefix}.`);
  if (matches.length > 1) throw new Error(`${idOrPrefix} matches ${matches.length} keys; use the key id instead.`);
  await db.apiKey.update({ where: { id: matches[0].id }, data: { revokedAt: new Date() } });
  return [matches[0].id];
}
