import "server-only";
import { pgPool } from "@/lib/db";
import type { ApiPrincipal } from "@/lib/keys/authenticate-api-key";
import { digestsEqual, hashApiKey, parseApiKey, type KeyMode } from "@/lib/keys/key-format";
import { rateLimitState, rateLimitWindowStart, type RateLimitState } from "@/lib/rate-limit/consume-rate-limit";

// lastUsedAt is for humans; a minute's resolution keeps it from being a write per request.
const LAST_USED_RESOLUTION_MS = 60_000;

// Data-modifying CTEs run exactly once whether or not the final SELECT reads them.
const AUTHENTICATE_AND_COUNT = `
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
    SELECT "orgId", $2, 1, CASE WHEN "mode" = 'test' THEN 1 ELSE 0 END, CASE WHEN "mode" = 'live' THEN 1 ELSE 0 END
    FROM "key"
    ON CONFLICT ("orgId", "windowStart") DO UPDATE SET
      "count" = "RateLimitWindow"."count" + 1,
      "testCount" = "RateLimitWindow"."testCount" + EXCLUDED."testCount",
      "liveCount" = "RateLimitWindow"."liveCount" + EXCLUDED."liveCount"
    RETURNING "count"
  )
  SELECT "key"."id", "key"."orgId", "key"."mode", "key"."keyHash", "window"."count" FROM "key", "window"`;

/**
 * The first step of every /v1 request, in one statement: resolve the presented key (not
 * revoked) to its organisation and mode, count the request against the organisation's shared
 * per-minute budget, and refresh the key's lastUsedAt at most once a minute. Null when the key
 * is missing, malformed, unknown or revoked (then no organisation is charged).
 * One statement instead of three is most of what makes a retrieve cheap (README, Performance).
 */
export async function authenticateAndCountRequest(
  presented: string | null | undefined,
  now = Date.now(),
): Promise<{ principal: ApiPrincipal; rate: RateLimitState } | null> {
  if (!presented) return null;
  const parsed = parseApiKey(presented);
  if (!parsed) return null;
  const keyHash = hashApiKey(presented);
  const windowStart = rateLimitWindowStart(now);
  const { rows } = await pgPool.query<{ id: string; orgId: string; mode: KeyMode; keyHash: string; count: number }>(
    AUTHENTICATE_AND_COUNT,
    [keyHash, windowStart, new Date(now), new Date(now - LAST_USED_RESOLUTION_MS)],
  );
  const row = rows[0];
  // The lookup is by hash; the comparison only guards against a lookup that matched loosely.
  if (!row || !digestsEqual(row.keyHash, keyHash) || row.mode !== parsed.mode) return null;
  return {
    principal: { orgId: row.orgId, keyId: row.id, mode: row.mode },
    rate: rateLimitState(Number(row.count), windowStart, now),
  };
}
