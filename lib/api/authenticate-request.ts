import "server-only";
import { authenticateAndTake } from "@/lib/db/hot/api-keys";
import { env } from "@/lib/env";
import type { ApiPrincipal } from "@/lib/keys/authenticate-api-key";
import { digestsEqual, hashApiKey, parseApiKey } from "@/lib/keys/key-format";
import { rateLimitState, rateLimitWindowStart, type RateLimitState } from "@/lib/rate-limit/consume-rate-limit";

// lastUsedAt is for humans; a minute's resolution keeps it from being a write per request.
const LAST_USED_RESOLUTION_MS = 60_000;
// How long a key checked against the database is trusted without checking again, when
// requests are served from a budget block (never at the default limit; see blockSize).
const KEY_RECHECK_MS = 1_000;
const MAX_CACHED = 10_000;

type CheckedKey = { principal: ApiPrincipal; checkedAt: number };
/**
 * Budget this process took from the database for one window and has not used yet, per
 * organisation. `counted` is the organisation's count as of our last take (every instance's
 * requests, minus any taken beyond the limit); `exhausted` once the database granted nothing.
 */
type Block = { windowStart: number; left: number; counted: number; exhausted: boolean };

/**
 * Requests taken from the database at a time. Below 200/min (the default is 100) it is 1: every
 * request is counted in PostgreSQL as it arrives, exactly. From 200/min it is 1% of the limit
 * (at most 100): an instance then takes a block and serves it from memory, so the database is
 * written once per block, while the limit still holds across instances (the database never
 * grants more than the limit; an instance may hold up to 1% unused and refuse that much early).
 */
export function blockSize(limit = env().RATE_LIMIT_PER_MINUTE): number {
  return Math.max(1, Math.min(100, Math.floor(limit / 100)));
}

export type RequestAuthenticator = (
  presented: string | null | undefined,
  options?: { now?: number; limit?: number },
) => Promise<{ principal: ApiPrincipal; rate: RateLimitState } | null>;

/**
 * An authenticator with its own memory of checked keys and budget blocks: one per process in
 * the app (below); tests make two to play two app instances on one database.
 *
 * Each call is the first step of a /v1 request: resolve the presented key (not revoked) to its
 * organisation and mode, count the request against the organisation's shared per-minute
 * budget, and refresh the key's lastUsedAt at most once a minute, all in one statement (or, in
 * block mode, from memory). Null when the key is missing, malformed, unknown or revoked (then no
 * organisation is charged).
 */
export function createRequestAuthenticator(): RequestAuthenticator {
  const checkedKeys = new Map<string, CheckedKey>();
  const blocks = new Map<string, Block>();

  /** Records a take: the key as checked now, the granted requests added to the org's block. */
  function keepBlock(keyHash: string, principal: ApiPrincipal, windowStart: Date, now: number, take: Omit<Block, "windowStart">) {
    remember(checkedKeys, keyHash, { principal, checkedAt: now });
    const block = blocks.get(principal.orgId);
    if (block && block.windowStart === windowStart.getTime()) {
      block.left += take.left;
      block.counted = Math.max(block.counted, take.counted);
      block.exhausted ||= take.exhausted;
      return block;
    }
    const fresh = { windowStart: windowStart.getTime(), ...take };
    remember(blocks, principal.orgId, fresh);
    return fresh;
  }

  /** A request of a recently checked key, charged to (or refused by) its org's block in memory. */
  function serveFromBlock(keyHash: string, windowStart: Date, now: number, limit: number) {
    const key = checkedKeys.get(keyHash);
    if (!key || now - key.checkedAt > KEY_RECHECK_MS) return null;
    const block = blocks.get(key.principal.orgId);
    if (!block || block.windowStart !== windowStart.getTime()) return null;
    if (block.exhausted && block.left === 0) {
      return { principal: key.principal, rate: rateLimitState(limit + 1, windowStart, now, limit) };
    }
    if (block.left <= 0) return null;
    block.left--;
    return { principal: key.principal, rate: rateLimitState(block.counted - block.left, windowStart, now, limit) };
  }

  return async (presented, options = {}) => {
    if (!presented) return null;
    const parsed = parseApiKey(presented);
    if (!parsed) return null;
    const now = options.now ?? Date.now();
    const keyHash = hashApiKey(presented);
    const windowStart = rateLimitWindowStart(now);
    const limit = options.limit ?? env().RATE_LIMIT_PER_MINUTE;
    const size = blockSize(limit);
    if (size > 1) {
      const served = serveFromBlock(keyHash, windowStart, now, limit);
      if (served) return served;
    }

    // A prepared statement: parsed and planned once per connection, not per request.
    const row = await authenticateAndTake({
      keyHash,
      windowStart,
      now: new Date(now),
      touchBefore: new Date(now - LAST_USED_RESOLUTION_MS),
      take: size,
    });
    // The lookup is by hash; the comparison only guards against a lookup that matched loosely.
    if (!row || !digestsEqual(row.keyHash, keyHash) || row.mode !== parsed.mode) {
      checkedKeys.delete(keyHash);
      return null;
    }
    const principal: ApiPrincipal = { orgId: row.orgId, keyId: row.id, mode: row.mode };
    const count = Number(row.count);
    // Of the `size` requests just taken, those within the limit are ours to serve (this request
    // is one of them). None: refused; the count stays above the limit for the window.
    const granted = Math.max(0, Math.min(size, limit - (count - size)));
    if (granted === 0) {
      if (size > 1) keepBlock(keyHash, principal, windowStart, now, { left: 0, counted: limit, exhausted: true });
      return { principal, rate: rateLimitState(count, windowStart, now, limit) };
    }
    const counted = count - (size - granted);
    if (size === 1) return { principal, rate: rateLimitState(counted, windowStart, now, limit) };
    const block = keepBlock(keyHash, principal, windowStart, now, { left: granted - 1, counted, exhausted: false });
    return { principal, rate: rateLimitState(block.counted - block.left, windowStart, now, limit) };
  };
}

/** This process's authenticator, used by withApiKey. */
export const authenticateAndCountRequest = createRequestAuthenticator();

function remember<V>(map: Map<string, V>, key: string, value: V) {
  if (map.size >= MAX_CACHED && !map.has(key)) map.delete(map.keys().next().value as string);
  map.set(key, value);
}
