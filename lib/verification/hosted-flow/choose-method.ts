import "server-only";
import { db } from "@/lib/platform/db";
import { expireSessionIfDue } from "@/lib/verification/expire-session";
import { isPastDeadline } from "@/lib/verification/deadline";
import type { BoundSession } from "@/lib/verification/hosted-flow/load-bound-session";
import { planMethods } from "@/lib/verification/hosted-flow/method-plan";

/**
 * Changes of method a session allows without finishing one. A change resets the method's count
 * of provider calls (provider-calls.ts), so without a cap switching back and forth would make
 * that count meaningless; a user who really changes their mind needs one or two.
 */
export const MAX_METHOD_SWITCHES = 6;

export type ChooseOutcome = "switched" | "limit" | "stale";

/**
 * The user changes method mid-session ("Use my ID instead"): no attempt is counted and the
 * method left keeps its place (it can be chosen again). Only a method the session allows, this
 * mode can run and that has not ended may be chosen; compare-and-set on the step the page showed,
 * so a second tab or a double click cannot move the flow twice.
 */
export async function chooseMethod(
  session: BoundSession,
  expectedIndex: number,
  targetIndex: number,
  now = new Date(),
): Promise<ChooseOutcome> {
  if (session.status !== "in_progress" || session.currentMethodIndex !== expectedIndex) return "stale";
  if (targetIndex === expectedIndex || session.concludedMethods.includes(targetIndex)) return "stale";
  if (!planMethods(session.methods, session.mode)[targetIndex]?.available) return "stale";
  if (isPastDeadline(session, now)) {
    await expireSessionIfDue(session.id, now);
    return "stale";
  }
  const moved = await db.verificationSession.updateMany({
    where: {
      id: session.id,
      orgId: session.orgId,
      status: "in_progress",
      currentMethodIndex: expectedIndex,
      methodSwitches: { lt: MAX_METHOD_SWITCHES },
      expiresAt: { gt: now },
      NOT: { concludedMethods: { has: targetIndex } },
    },
    data: { currentMethodIndex: targetIndex, methodProviderCalls: 0, methodSwitches: { increment: 1 } },
  });
  if (moved.count === 1) return "switched";
  return session.methodSwitches >= MAX_METHOD_SWITCHES ? "limit" : "stale";
}
