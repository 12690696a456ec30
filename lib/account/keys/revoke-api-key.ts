import "server-only";
import { db } from "@/lib/platform/db";

/** No active (unrevoked) key matches: unknown, already revoked, or another organisation's. */
export class ApiKeyNotFoundError extends Error {
  constructor(idOrPrefix: string) {
    super(`No active API key matches ${idOrPrefix}.`);
    this.name = "ApiKeyNotFoundError";
  }
}

/** A displayed prefix shared by several active keys: nothing was revoked. */
class AmbiguousApiKeyError extends Error {
  constructor(prefix: string, matches: number) {
    super(`${prefix} matches ${matches} keys; use the key id instead.`);
    this.name = "AmbiguousApiKeyError";
  }
}

/**
 * Revokes a key by id ("key_...") or by its displayed prefix ("sk_test_abcd"). Scoped to an
 * organisation when orgId is given (dashboard); operators' CLI may omit it.
 * Returns the revoked key ids. Throws ApiKeyNotFoundError or AmbiguousApiKeyError for what the
 * caller asked; anything else (the database down) propagates as itself.
 */
export async function revokeApiKey(idOrPrefix: string, orgId?: string): Promise<string[]> {
  const where = idOrPrefix.startsWith("key_") ? { id: idOrPrefix } : { prefix: idOrPrefix };
  const matches = await db.apiKey.findMany({ where: { ...where, ...(orgId ? { orgId } : {}), revokedAt: null } });
  if (matches.length === 0) throw new ApiKeyNotFoundError(idOrPrefix);
  if (matches.length > 1) throw new AmbiguousApiKeyError(idOrPrefix, matches.length);
  await db.apiKey.update({ where: { id: matches[0].id }, data: { revokedAt: new Date() } });
  return [matches[0].id];
}
