import "server-only";
import { hotQuery } from "@/lib/platform/db/hot-query";
// The column types, not the domain's: lib/platform/db sits below every domain.
import type { Mode as KeyMode } from "@/lib/generated/prisma/client";

// Find the key (not revoked, not past the end of its roll window) by hash ($1), refresh
// lastUsedAt to $2 when older than $3. A data-modifying CTE runs exactly once whether or not
// the final SELECT reads it.
const KEY_CTES = `
  "key" AS (
    SELECT "id", "orgId", "mode"::text AS "mode", "keyHash" FROM "ApiKey"
    WHERE "keyHash" = $1 AND "revokedAt" IS NULL AND ("expiresAt" IS NULL OR "expiresAt" > $2)
  ),
  "touched" AS (
    UPDATE "ApiKey" SET "lastUsedAt" = $2
    WHERE "id" IN (SELECT "id" FROM "key") AND ("lastUsedAt" IS NULL OR "lastUsedAt" < $3)
    RETURNING "id"
  )`;
const KEY_COLUMNS = `"key"."id", "key"."orgId", "key"."mode", "key"."keyHash"`;

const FIND_ACTIVE_KEY = `WITH ${KEY_CTES} SELECT ${KEY_COLUMNS} FROM "key"`;

// The same, and take $5 requests from the key's organisation's budget for the window starting
// $4 (only when the key was found: the insert selects FROM "key").
const FIND_ACTIVE_KEY_AND_TAKE = `
  WITH ${KEY_CTES},
  "window" AS (
    INSERT INTO "RateLimitWindow" ("orgId", "windowStart", "count", "testCount", "liveCount")
    SELECT "orgId", $4, $5, CASE WHEN "mode" = 'test' THEN $5 ELSE 0 END, CASE WHEN "mode" = 'live' THEN $5 ELSE 0 END
    FROM "key"
    ON CONFLICT ("orgId", "windowStart") DO UPDATE SET
      "count" = "RateLimitWindow"."count" + EXCLUDED."count",
      "testCount" = "RateLimitWindow"."testCount" + EXCLUDED."testCount",
      "liveCount" = "RateLimitWindow"."liveCount" + EXCLUDED."liveCount"
    RETURNING "count"
  )
  SELECT ${KEY_COLUMNS}, "window"."count" FROM "key", "window"`;

/** An unrevoked key found by its hash. */
export type ActiveKeyRow = { id: string; orgId: string; mode: KeyMode; keyHash: string };
/** The key, with its organisation's count for the window after the take. */
export type KeyAndWindowRow = ActiveKeyRow & { count: number };

type KeyLookup = { keyHash: string; now: Date; touchBefore: Date };

/**
 * Finds an unrevoked API key by hash, refreshing lastUsedAt when it is older than `touchBefore`.
 * Null for an unknown, revoked or expired key.
 */
export async function findActiveKey(input: KeyLookup): Promise<ActiveKeyRow | null> {
  const { rows } = await hotQuery<ActiveKeyRow>(FIND_ACTIVE_KEY, [input.keyHash, input.now, input.touchBefore]);
  return rows[0] ?? null;
}

/**
 * findActiveKey, and in the same statement takes `take` requests from the key's organisation's
 * rate budget for the window starting at `windowStart`. Null for an unknown or revoked key
 * (nothing is counted then).
 */
export async function findActiveKeyAndTake(
  input: KeyLookup & { windowStart: Date; take: number },
): Promise<KeyAndWindowRow | null> {
  const { rows } = await hotQuery<KeyAndWindowRow>(FIND_ACTIVE_KEY_AND_TAKE, [
    input.keyHash,
    input.now,
    input.touchBefore,
    input.windowStart,
    input.take,
  ]);
  const row = rows[0];
  return row ? { ...row, count: Number(row.count) } : null;
}
