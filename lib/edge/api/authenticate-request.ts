import "server-only";
import { env } from "@/lib/platform/env";
import { resolveApiKey, type ApiPrincipal } from "@/lib/account/keys/authenticate-api-key";
import { hashApiKey } from "@/lib/account/keys/key-format";
import { rateLimitState, rateLimitWindowStart, type RateLimitState } from "@/lib/account/rate-limit/consume-rate-limit";

// Key hash -> organisation, remembered to find the organisation's budget block before the key
// is checked. It is a hint that revocation cannot make wrong: the key itself is checked in the
// database on every request (lib/account/keys/authenticate-api-key.ts).
const MAX_CACHED = 10_000;

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
 * An authenticator with its own budget blocks: one per process in the app (below); tests make
 * two to play two app instances on one database.
 *
 * Each call is the first step of a /v1 request: resolve the presented key (not revoked) to its
 * organisation and mode, count the request against the organisation's shared per-minute
 * budget, and refresh the key's lastUsedAt at most once a minute, all in one statement. In block
 * mode, while the organisation's block has budget, the statement only checks the key and the
 * request is counted in memory. Null when the key is missing, malformed, unknown or revoked
 * (then no organisation is charged).
 */
export function createRequestAuthenticator(): RequestAuthenticator {
  const keyOrgs = new Map<string, string>();
  const blocks = new Map<string, Block>();

  /** Adds a take's granted requests to the organisation's block for the window. */
  function keepBlock(orgId: string, windowStart: Date, take: Omit<Block, "windowStart">) {
    const block = blocks.get(orgId);
    if (block && block.windowStart === windowStart.getTime()) {
      block.left += take.left;
      block.counted = Math.max(block.counted, take.counted);
      block.exhausted ||= take.exhausted;
      return block;
    }
    const fresh = { windowStart: windowStart.getTime(), ...take };
    remember(blocks, orgId, fresh);
    return fresh;
  }

  /** The organisation's block for this window, if it can answer a request without a take. */
  function usableBlock(orgId: string | undefined, windowStart: Date) {
    const block = orgId === undefined ? undefined : blocks.get(orgId);
    if (!block || block.windowStart !== windowStart.getTime()) return null;
    return block.left > 0 || block.exhausted ? block : null;
  }

  /** A request of a just-checked key, charged to (or refused by) its org's block in memory. */
  function serveFromBlock(principal: ApiPrincipal, windowStart: Date, now: number, limit: number) {
    // Looked up again: requests served while the key was being checked may have used it up.
    const block = usableBlock(principal.orgId, windowStart);
    if (!block) return null;
    if (block.left === 0) return { principal, rate: rateLimitState(limit + 1, windowStart, now, limit) };
    block.left--;
    return { principal, rate: rateLimitState(block.counted - block.left, windowStart, now, limit) };
  }

  return async (presented, options = {}) => {
    if (!presented) return null;
    const now = options.now ?? Date.now();
    const windowStart = rateLimitWindowStart(now);
    const limit = options.limit ?? env().RATE_LIMIT_PER_MINUTE;
    const size = blockSize(limit);
    const keyHash = size > 1 ? hashApiKey(presented) : "";
    if (size > 1 && usableBlock(keyOrgs.get(keyHash), windowStart)) {
      const principal = (await resolveApiKey(presented, { now }))?.principal;
      if (!principal) return null;
      const served = serveFromBlock(principal, windowStart, now, limit);
      if (served) return served;
    }

    const resolved = await resolveApiKey(presented, { now, take: { windowStart, requests: size } });
    if (!resolved) return null;
    const { principal } = resolved;
    const count = resolved.windowCount ?? 0;
    // Of the `size` requests just taken, those within the limit are ours to serve (this request
    // is one of them). None: refused; the count stays above the limit for the window.
    const granted = Math.max(0, Math.min(size, limit - (count - size)));
    if (size > 1) remember(keyOrgs, keyHash, principal.orgId);
    if (granted === 0) {
      if (size > 1) keepBlock(principal.orgId, windowStart, { left: 0, counted: limit, exhausted: true });
      return { principal, rate: rateLimitState(count, windowStart, now, limit) };
    }
    const counted = count - (size - granted);
    if (size === 1) return { principal, rate: rateLimitState(counted, windowStart, now, limit) };
    const block = keepBlock(principal.orgId, windowStart, { left: granted - 1, counted, exhausted: false });
    return { principal, rate: rateLimitState(block.counted - block.left, windowStart, now, limit) };
  };
}

/** This process's authenticator, used by withApiKey. */
export const authenticateAndCountRequest = createRequestAuthenticator();

function remember<V>(map: Map<string, V>, key: string, value: V) {
  if (map.size >= MAX_CACHED && !map.has(key)) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}
