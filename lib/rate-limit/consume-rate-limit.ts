import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { KeyMode } from "@/lib/keys/key-format";

export type RateLimitState = { limit: number; remaining: number; resetAt: Date; allowed: boolean };

const WINDOW_MS = 60_000;

/**
 * Counts one request against the organisation's budget for the current one-minute window.
 * The counter lives in PostgreSQL (a single atomic upsert), so the limit holds across app
 * instances; test and live keys share it.
 */
export async function consumeRateLimit(orgId: string, mode: KeyMode, now = Date.now()): Promise<RateLimitState> {
  const limit = env().RATE_LIMIT_PER_MINUTE;
  const windowStart = new Date(Math.floor(now / WINDOW_MS) * WINDOW_MS);
  const testIncrement = mode === "test" ? 1 : 0;
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimitWindow" ("orgId", "windowStart", "count", "testCount", "liveCount")
    VALUES (${orgId}, ${windowStart}, 1, ${testIncrement}, ${1 - testIncrement})
    ON CONFLICT ("orgId", "windowStart") DO UPDATE SET
      "count" = "RateLimitWindow"."count" + 1,
      "testCount" = "RateLimitWindow"."testCount" + ${testIncrement},
      "liveCount" = "RateLimitWindow"."liveCount" + ${1 - testIncrement}
    RETURNING "count"`;
  const count = Number(rows[0].count);
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetAt: new Date(windowStart.getTime() + WINDOW_MS),
    allowed: count <= limit,
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
