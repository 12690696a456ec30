import "server-only";
import { hotQuery } from "@/lib/db/hot-query";
import type { KeyMode } from "@/lib/keys/key-format";

// One statement: find the key (not revoked), take `$5` requests from its organisation's budget
// for the window, refresh lastUsedAt at most once a minute. Data-modifying CTEs run exactly once
// whether or not the final SELECT reads them.
const AUTHENTICATE_AND_TAKE = `
  WITH "key" AS (
    SELECT "id", "orgId", "mode"::text AS "mode", "keyHash" FROM "ApiKey"
    WHERE "keyHash" = $1 AND "revokedAt" IS NULL
  ),
  "touched" AS (
    UPDATE "ApiKey" SET "lastUsedAt" = $3
    WHERE "id" IN (SELECT "id" FROM "key") AND ("lastUsedAt" IS NULL OR "lastUsedAt" < $4)
    RETURNING "id"
  ),
  "window" AS (
    INSERT INTO "RateLimitWindow" ("orgId", "windowStart", "count", "testCount", "liveCount")
    SELECT "orgId", $2, $5, CASE WHEN "mode" = 'test' THEN $5 ELSE 0 END, CASE WHEN "mode" = 'live' THEN $5 ELSE 0 END
    FROM "key"
    ON CONFLICT ("orgId", "windowStart") DO UPDATE SET
      "count" = "RateLimitWindow"."count" + EXCLUDED."count",
      "testCount" = "RateLimitWindow"."testCount" + EXCLUDED."testCount",
      "liveCount" = "RateLimitWindow"."liveCount" + EXCLUDED."liveCount"
    RETURNING "count"
  )
  SELECT "key"."id", "key"."orgId", "key"."mode", "key"."keyHash", "window"."count" FROM "key", "window"`;

/** The key found by its hash, with its organisation's count for the window after the take. */
export type KeyAndWindowRow = { id: string; orgId: string; mode: KeyMode; keyHash: string; count: number };

/**
 * Finds an unrevoked API key by hash and takes `take` requests from its organisation's rate
 * budget for the window starting at `windowStart`, refreshing lastUsedAt when it is older than
 * `touchBefore`. Null for an unknown or revoked key (nothing is counted then).
 */
export async function authenticateAndTake(input: {
  keyHash: string;
  windowStart: Date;
  now: Date;
  touchBefore: Date;
  take: number;
}): Promise<KeyAndWindowRow | null> {
  const { rows } = await hotQuery<KeyAndWindowRow>(AUTHENTICATE_AND_TAKE, [
    input.keyHash,
    input.windowStart,
    input.now,
    input.touchBefore,
    input.take,
  ]);
  return rows[0] ?? null;
}
