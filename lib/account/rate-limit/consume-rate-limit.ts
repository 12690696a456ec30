import "server-only";
import { db } from "@/lib/platform/db";
import { countRateLimitUse } from "@/lib/platform/db/rate-limit-windows";
import { env } from "@/lib/platform/env";
import { errorField, logger } from "@/lib/platform/log";

export type RateLimitState = { limit: number; remaining: number; resetAt: Date; allowed: boolean };

const WINDOW_MS = 60_000;
// Old windows are kept a day (per-minute usage for humans), then swept.
const WINDOW_RETENTION_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60_000;

// Buckets share the RateLimitWindow table: an organisation's id (counted together with the key
// lookup, lib/edge/api/authenticate-request.ts), or "addr:<client address>" for requests that did not
// authenticate (they have no organisation to charge).
const ADDRESS_BUCKET_PREFIX = "addr:";

/**
 * Counts a request whose API key was missing or wrong against its client address, with the same
 * per-minute limit. It gives such responses honest X-RateLimit-* headers and stops a client from
 * hammering the key lookup; requests with a valid key never touch these buckets.
 */
export async function consumeFailedAuthRateLimit(clientAddress: string, now = Date.now()): Promise<RateLimitState> {
  return consume(`${ADDRESS_BUCKET_PREFIX}${clientAddress || "unknown"}`, now);
}

/** Start of the fixed one-minute window that `now` falls in. */
export function rateLimitWindowStart(now: number): Date {
  return new Date(Math.floor(now / WINDOW_MS) * WINDOW_MS);
}

/** The state after a request was counted as the count-th of its window. */
export function rateLimitState(
  count: number,
  windowStart: Date,
  now: number,
  limit = env().RATE_LIMIT_PER_MINUTE,
): RateLimitState {
  sweepOldWindows(now);
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetAt: new Date(windowStart.getTime() + WINDOW_MS),
    allowed: count <= limit,
  };
}

async function consume(bucket: string, now: number): Promise<RateLimitState> {
  const windowStart = rateLimitWindowStart(now);
  return rateLimitState(await countRateLimitUse(bucket, windowStart), windowStart, now);
}

let lastSweep = 0;

/** At most once a minute per process, off the request's path. */
function sweepOldWindows(now: number) {
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  db.rateLimitWindow
    .deleteMany({ where: { windowStart: { lt: new Date(now - WINDOW_RETENTION_MS) } } })
    .catch((error: unknown) => logger().error({ err: errorField(error) }, "sweeping old rate-limit windows failed"));
}

/**
 * The X-RateLimit-* headers known before a request is counted: the configured limit and the end
 * of the current window. Remaining is left out rather than guessed; a response that fails before
 * counting (e.g. the database is down while the key is checked) goes out with these alone.
 */
export function uncountedRateLimitHeaders(now = Date.now()): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(env().RATE_LIMIT_PER_MINUTE),
    "X-RateLimit-Reset": String(Math.ceil((rateLimitWindowStart(now).getTime() + WINDOW_MS) / 1000)),
  };
}

export function rateLimitHeaders(state: RateLimitState, now = Date.now()): Record<string, string> {
  const headers: Record<string, string> = {
    "X-RateLimit-Limit": String(state.limit),
    "X-RateLimit-Remaining": String(state.remaining),
    "X-RateLimit-Reset": String(Math.ceil(state.resetAt.getTime() / 1000)),
  };
  if (!state.allowed) headers["Retry-After"] = String(Math.max(1, Math.ceil((state.resetAt.getTime() - now) / 1000)));
  return headers;
}

/** Requests used in the current window, per mode (dashboard usage). */
export async function currentUsage(orgId: string, now = Date.now()) {
  const windowStart = new Date(Math.floor(now / WINDOW_MS) * WINDOW_MS);
  const row = await db.rateLimitWindow.findUnique({ where: { orgId_windowStart: { orgId, windowStart } } });
  return {
    limit: env().RATE_LIMIT_PER_MINUTE,
    windowStart,
    resetAt: new Date(windowStart.getTime() + WINDOW_MS),
    test: row?.testCount ?? 0,
    live: row?.liveCount ?? 0,
    total: row?.count ?? 0,
  };
}
