import "server-only";
import { hotQuery } from "@/lib/platform/db/hot-query";

// The Idempotency-Key statements: they sit on the create path, so plain prepared statements.
// A key is scoped to its organisation (orgId, key); lib/verification/idempotency.ts holds the rules.

export type IdempotencyKeyRow = {
  requestHash: string;
  statusCode: number | null;
  responseBody: string | null;
  createdAt: Date;
};

/** What claiming a key writes: the request it belongs to. */
type IdempotencyClaimRow = { orgId: string; key: string; method: string; path: string; requestHash: string };

/**
 * A key's row written with its answer in one go, by a statement that claims the key as part of
 * its own write (insertSessionWithExpiryJob): the answer is known before the write.
 */
export type IdempotencyAnswerRow = IdempotencyClaimRow & { statusCode: number; responseBody: string };

/** Claims the key for a request; false when it is already claimed. */
export async function insertIdempotencyKey(input: IdempotencyClaimRow): Promise<boolean> {
  const { rowCount } = await hotQuery(
    `INSERT INTO "IdempotencyKey" ("orgId", "key", "method", "path", "requestHash") VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT ("orgId", "key") DO NOTHING`,
    [input.orgId, input.key, input.method, input.path, input.requestHash],
  );
  return rowCount === 1;
}

export async function selectIdempotencyKey(orgId: string, key: string): Promise<IdempotencyKeyRow | null> {
  const { rows } = await hotQuery<IdempotencyKeyRow>(
    `SELECT "requestHash", "statusCode", "responseBody", "createdAt" FROM "IdempotencyKey" WHERE "orgId" = $1 AND "key" = $2`,
    [orgId, key],
  );
  return rows[0] ?? null;
}

/** Stores the response of the request that claimed the key. */
export async function completeIdempotencyKey(
  orgId: string,
  key: string,
  statusCode: number,
  responseBody: string,
): Promise<void> {
  await hotQuery(
    `UPDATE "IdempotencyKey" SET "statusCode" = $3, "responseBody" = $4 WHERE "orgId" = $1 AND "key" = $2`,
    [orgId, key, statusCode, responseBody],
  );
}

/** Releases a claim that has no response yet. */
export async function releaseIdempotencyKey(orgId: string, key: string): Promise<void> {
  await hotQuery(`DELETE FROM "IdempotencyKey" WHERE "orgId" = $1 AND "key" = $2 AND "statusCode" IS NULL`, [
    orgId,
    key,
  ]);
}

/** Deletes the key's row made at createdAt (an expired one), not a newer claim of the same key. */
export async function deleteIdempotencyKeyCreatedAt(orgId: string, key: string, createdAt: Date): Promise<void> {
  await hotQuery(`DELETE FROM "IdempotencyKey" WHERE "orgId" = $1 AND "key" = $2 AND "createdAt" = $3`, [
    orgId,
    key,
    createdAt,
  ]);
}
