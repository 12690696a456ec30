import "server-only";
import { db } from "@/lib/platform/db";

// Conditional updates of a verification session that must read and write in one statement
// (compare-and-set), so concurrent requests cannot both pass the check. Each takes the hashes
// and numbers it compares and returns a plain typed row; lib/verification/hosted-flow decides
// what they mean.

/**
 * Spends a phone hand-off token: when `handoffTokenHash` is the session's and not expired, and the
 * session is open, its binding moves to `newBindingHash` (the old one kept as the hand-off's
 * origin) and the token is cleared. The session's id, or null when nothing matched.
 */
export async function moveBindingByHandoffToken(
  handoffTokenHash: string,
  newBindingHash: string,
  now: Date,
): Promise<string | null> {
  const moved = await db.$queryRaw<{ id: string }[]>`
    UPDATE "VerificationSession"
       SET "handedOffBindingHash" = "browserBindingHash",
           "browserBindingHash" = ${newBindingHash},
           "handoffTokenHash" = NULL,
           "handoffExpiresAt" = NULL
     WHERE "handoffTokenHash" = ${handoffTokenHash}
       AND "handoffExpiresAt" > ${now}
       AND "status" IN ('created', 'in_progress')
    RETURNING "id"`;
  return moved.length === 1 ? moved[0].id : null;
}

export type MethodStep = { sessionId: string; orgId: string; expectedIndex: number };

/**
 * Counts one provider call for the method an in-progress session is on, when it is still on
 * `expectedIndex` and has made fewer than `limit` calls. The new count, or null when nothing matched.
 */
export async function incrementProviderCalls(step: MethodStep, limit: number): Promise<number | null> {
  const claimed = await db.$queryRaw<{ methodProviderCalls: number }[]>`
    UPDATE "VerificationSession"
       SET "methodProviderCalls" = "methodProviderCalls" + 1
     WHERE "id" = ${step.sessionId}
       AND "orgId" = ${step.orgId}
       AND "status" = 'in_progress'
       AND "currentMethodIndex" = ${step.expectedIndex}
       AND "methodProviderCalls" < ${limit}
    RETURNING "methodProviderCalls"`;
  return claimed.length === 1 ? claimed[0].methodProviderCalls : null;
}

/** Gives back one provider call of the method an in-progress session is still on. */
export async function decrementProviderCalls(step: MethodStep): Promise<void> {
  await db.$executeRaw`
    UPDATE "VerificationSession"
       SET "methodProviderCalls" = "methodProviderCalls" - 1
     WHERE "id" = ${step.sessionId}
       AND "orgId" = ${step.orgId}
       AND "status" = 'in_progress'
       AND "currentMethodIndex" = ${step.expectedIndex}
       AND "methodProviderCalls" > 0`;
}
