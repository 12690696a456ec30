import "server-only";
import { db } from "@/lib/platform/db";
import { methodOf } from "@/lib/verification/session-columns";
import { completeSession } from "@/lib/verification/complete-session";
import { VerificationApiError } from "@/lib/verification/errors";
import { expireSessionIfDue } from "@/lib/verification/expire-session";
import { isPastDeadline } from "@/lib/verification/deadline";
import { nextAvailableIndex, planMethods } from "@/lib/verification/hosted-flow/method-plan";
import type { ProviderVerdict } from "@/lib/verification/methods/types";

export type RecordOutcome =
  | { kind: "completed"; status: "passed" | "failed" }
  | { kind: "escalated"; nextIndex: number }
  /** The page was out of date (double submit, another tab, expired): nothing changed. */
  | { kind: "stale" };

/**
 * Applies the result of the current method to an in_progress session.
 *
 * - pass -> passed, fail -> failed (through completeSession, which writes the outbox event).
 * - inconclusive -> the method joins concludedMethods and the flow moves to the first method, in
 *   the session's order, this mode can run and that has not ended; when none is left the session
 *   fails with outcome.result "inconclusive".
 * - verdict null: the current method could not run at all (its provider went away mid-session,
 *   or it used up its provider calls); the flow moves on the same way without counting an attempt.
 *
 * `expectedIndex` is the method the user was looking at. The escalation update is conditional
 * on it, so a double submit or a second tab cannot skip a method. Each verdict counts one attempt.
 */
export async function recordMethodOutcome(input: {
  sessionId: string;
  orgId: string;
  expectedIndex: number;
  verdict: ProviderVerdict | null;
  now?: Date;
}): Promise<RecordOutcome> {
  const now = input.now ?? new Date();
  const session = await db.verificationSession.findFirst({ where: { id: input.sessionId, orgId: input.orgId } });
  if (!session || session.status !== "in_progress" || session.currentMethodIndex !== input.expectedIndex) {
    return { kind: "stale" };
  }
  if (isPastDeadline(session, now)) {
    await expireSessionIfDue(session.id, now);
    return { kind: "stale" };
  }
  const method = methodOf(session.methods[input.expectedIndex] ?? null);
  const attemptsUsed = input.verdict ? 1 : 0;
  const result = input.verdict?.result ?? "inconclusive";
  const confidence = input.verdict?.confidence ?? "low";

  if (result === "inconclusive") {
    const concluded = [...session.concludedMethods, input.expectedIndex];
    const next = nextAvailableIndex(planMethods(session.methods, session.mode), concluded);
    if (next !== null) {
      const moved = await db.verificationSession.updateMany({
        where: { id: session.id, orgId: input.orgId, status: "in_progress", currentMethodIndex: input.expectedIndex },
        data: {
          currentMethodIndex: next,
          attempts: { increment: attemptsUsed },
          methodProviderCalls: 0,
          concludedMethods: { push: input.expectedIndex },
        },
      });
      return moved.count === 1 ? { kind: "escalated", nextIndex: next } : { kind: "stale" };
    }
  }

  // Compare-and-set on the step: the completion applies only if the session is still on the
  // method this verdict is for. A second tab that escalated or finished the step in between
  // (after our read above) wins, and this request is told its page was stale.
  try {
    const done = await completeSession({
      orgId: input.orgId,
      sessionId: session.id,
      result,
      method,
      confidence,
      document: input.verdict?.document,
      attemptsUsed,
      expectedMethodIndex: input.expectedIndex,
      now,
    });
    // completeSession writes passed or failed, nothing else.
    return { kind: "completed", status: done.status === "passed" ? "passed" : "failed" };
  } catch (error) {
    // Another request (a second tab, the expiry timer) moved the session on or ended it first.
    if (error instanceof VerificationApiError) return { kind: "stale" };
    throw error;
  }
}

/**
 * An inconclusive verdict that leaves the user on the same method for another try: one attempt
 * counted, compare-and-set on the step (false: the session moved on or ended meanwhile).
 */
export async function countInconclusiveTry(input: {
  sessionId: string;
  orgId: string;
  expectedIndex: number;
}): Promise<boolean> {
  const updated = await db.verificationSession.updateMany({
    where: { id: input.sessionId, orgId: input.orgId, status: "in_progress", currentMethodIndex: input.expectedIndex },
    data: { attempts: { increment: 1 } },
  });
  return updated.count === 1;
}
