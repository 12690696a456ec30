import "server-only";
import { findActiveKey, findActiveKeyAndTake, type ActiveKeyRow } from "@/lib/db/hot/api-keys";
import { digestsEqual, hashApiKey, parseApiKey } from "@/lib/keys/key-format";
import type { KeyMode } from "@/lib/keys/key-mode";
import { createRecentApiKeys } from "@/lib/keys/recent-api-keys";

export type ApiPrincipal = { orgId: string; keyId: string; mode: KeyMode };

/** This process's keys found valid in the last few seconds. */
export const recentApiKeys = createRecentApiKeys<ApiPrincipal>();

// The one resolver of API keys, for /v1 and the Voice API alike. Cache policy: a key found valid
// is believed for at most RECENT_API_KEY_MS (a few seconds) without asking PostgreSQL again, and
// forgotten by every process as soon as any process changes it (lib/keys/recent-api-keys.ts):
// a revoked key is refused on its next request once the change's notice has arrived
// (milliseconds), and in any case after RECENT_API_KEY_MS. A key not found (unknown, revoked) is
// never remembered: it is looked up on every request. The /v1 rate limiter also remembers which
// organisation a key hash belongs to, to pick its statement (lib/api/authenticate-request.ts).

// lastUsedAt is for humans; a minute's resolution keeps it from being a write per request.
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Resolves a presented key to its organisation and mode, or null (missing, malformed, unknown,
 * revoked, or of the other mode than its prefix says), in one statement. With `take` (the /v1
 * rate limit), the same statement takes that many requests from the organisation's budget for
 * the window and `windowCount` is the window's count after it: always a statement, so the
 * budget is counted exactly. Without it, a key found valid in the last few seconds is answered
 * from memory (recentApiKeys).
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
  const { take } = options;
  if (!take) {
    const known = recentApiKeys.get(keyHash, now);
    if (known) return { principal: known, windowCount: null };
  }
  const lookup = { keyHash, now: new Date(now), touchBefore: new Date(now - LAST_USED_RESOLUTION_MS) };
  const since = recentApiKeys.begin();
  const row: (ActiveKeyRow & { count?: number }) | null = take
    ? await findActiveKeyAndTake({ ...lookup, windowStart: take.windowStart, take: take.requests })
    : await findActiveKey(lookup);
  // The lookup is by hash; the comparison only guards against a lookup that matched loosely.
  if (!row || !digestsEqual(row.keyHash, keyHash) || row.mode !== parsed.mode) return null;
  const principal: ApiPrincipal = { orgId: row.orgId, keyId: row.id, mode: row.mode };
  recentApiKeys.remember(keyHash, principal, { now, expiresAt: row.expiresAt, since });
  return { principal, windowCount: row.count ?? null };
}

/** The key's organisation and mode, or null: resolveApiKey with nothing else to do. */
export async function authenticateApiKey(
  presented: string | null | undefined,
  options: { now?: number } = {},
): Promise<ApiPrincipal | null> {
  return (await resolveApiKey(presented, options))?.principal ?? null;
}
