import "server-only";
import { db } from "@/lib/platform/db";

/**
 * Counts one use in a bucket of the RateLimitWindow table (API keys' per-minute limits, and the
 * hosted flow's upload and mail counters, each under a prefix of its own) and returns the count
 * so far. One statement, so concurrent uses never lose a count.
 */
export async function countRateLimitUse(bucket: string, windowStart: Date): Promise<number> {
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimitWindow" ("orgId", "windowStart", "count")
    VALUES (${bucket}, ${windowStart}, 1)
    ON CONFLICT ("orgId", "windowStart") DO UPDATE SET "count" = "RateLimitWindow"."count" + 1
    RETURNING "count"`;
  return Number(rows[0].count);
}
