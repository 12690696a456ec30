import "server-only";
import type { Tx } from "@/lib/platform/db";

/**
 * Holds a transaction-scoped advisory lock on `key` until `tx` ends: two transactions that take
 * the same key run one after the other (for a row that does not exist yet, which FOR UPDATE
 * cannot lock).
 */
export async function lockKeyForTransaction(tx: Tx, key: string): Promise<void> {
  await tx.$executeRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtext(${key}))`;
}

/** The organisation's owners' user ids, their Membership rows locked until `tx` ends. */
export async function lockOwnerMemberships(tx: Tx, orgId: string): Promise<string[]> {
  const owners = await tx.$queryRaw<{ userId: string }[]>`
    SELECT "userId" FROM "Membership" WHERE "orgId" = ${orgId} AND role = 'owner' FOR UPDATE`;
  return owners.map((owner) => owner.userId);
}
