import "server-only";
import { findActiveKey, findActiveKeyAndTake, type ActiveKeyRow } from "@/lib/platform/db/hot/api-keys";
import { digestsEqual, hashApiKey, parseApiKey } from "@/lib/account/keys/key-format";
import type { KeyMode } from "@/lib/account/keys/key-mode";

export type ApiPrincipal = { orgId: string; keyId: string; mode: KeyMode };

// The one resolver of API keys, for /v1 and the Voice API alike. Cache policy: whether a key is
// valid is never remembered. Every request checks the key in PostgreSQL (one prepared statement,
// one round trip), so a revoked key is refused on its next request in every process at once,
// with no invalidation to get wrong. What callers may remember is only what revocation cannot
// change: which organisation a key hash belongs to (the /v1 rate limiter uses it to pick its
// statement; see lib/edge/api/authenticate-request.ts).

// lastUsedAt is for humans; a minute's resolution keeps it from being a write per request.
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Resolves a presented key to its organisation and mode, or null (missing, malformed, unknown,
 * revoked, or of the other mode than its prefix says), in one statement. With `take` (the /v1
 * rate limit), the same statement takes that many requests from the organisation's budget for
 * the window and `windowCount` is the window's count after it.
 */
export async function resolveApiKey(
  presented: string | null | undefined,
  options: { now?: number; take?: { windowStart: Date; requests: number } } = {},
): Promise<{ principal: ApiPrincipal; windowCount: number | null } | null> {
  if (!presented) return null;
  const parsed = parseApiKey(presented);
  if (!parsed) return null;
  const keyHash = hashApiKey(presented);
  const now = options.now ?? Date.now();
  const lookup = { keyHash, now: new Date(now), touchBefore: new Date(now - LAST_USED_RESOLUTION_MS) };
  const { take } = options;
  const row: (ActiveKeyRow & { count?: number }) | null = take
    ? await findActiveKeyAndTake({ ...lookup, windowStart: take.windowStart, take: take.requests })
    : await findActiveKey(lookup);
  // The lookup is by hash; the comparison only guards against a lookup that matched loosely.
  if (!row || !digestsEqual(row.keyHash, keyHash) || row.mode !== parsed.mode) return null;
  return { principal: { orgId: row.orgId, keyId: row.id, mode: row.mode }, windowCount: row.count ?? null };
}

/** The key's organisation and mode, or null: resolveApiKey with nothing else to do. */
export async function authenticateApiKey(
  presented: string | null | undefined,
  options: { now?: number } = {},
): Promise<ApiPrincipal | null> {
  return (await resolveApiKey(presented, options))?.principal ?? null;
}
