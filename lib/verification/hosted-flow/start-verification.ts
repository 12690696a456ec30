import "server-only";
import { db } from "@/lib/platform/db";
import { completeSession } from "@/lib/verification/complete-session";
import { VerificationApiError } from "@/lib/verification/errors";
import { expireSessionIfDue } from "@/lib/verification/expire-session";
import { isPastDeadline } from "@/lib/verification/deadline";
import { nextAvailableIndex, planMethods } from "@/lib/verification/hosted-flow/method-plan";
import type { VerificationMethod } from "@/lib/verification/methods/types";

export type StartOutcome = "started" | "no_method_available" | "stale";

/**
 * The user starts a method: `created` -> `in_progress`, the clock of the started window begins,
 * and the flow points at the method the user chose (`methodIndex`, one this mode can run), else
 * at the first method this mode can run (skipping digital_id and live methods without a
 * provider). A choice the session cannot run is refused as stale. If none can run, the session fails at once with
 * outcome.result "inconclusive" and no attempt counted: nothing is faked as a pass, and the
 * integrator hears the outcome instead of waiting for an expiry.
 */
export async function startVerification(input: {
  sessionId: string;
  orgId: string;
  methodIndex?: number;
  now?: Date;
}): Promise<StartOutcome> {
  const now = input.now ?? new Date();
  const session = await db.verificationSession.findFirst({ where: { id: input.sessionId, orgId: input.orgId } });
  if (!session || session.status !== "created" || !session.tokenUsedAt) return "stale";
  if (isPastDeadline(session, now)) {
    await expireSessionIfDue(session.id, now);
    return "stale";
  }
  const plan = planMethods(session.methods, session.mode);
  const first = nextAvailableIndex(plan, []);
  if (input.methodIndex !== undefined && (first === null || !plan[input.methodIndex]?.available)) return "stale";
  if (first === null) {
    const last = plan[plan.length - 1].method;
    return (await completeIgnoringRace({ ...input, method: last, now })) ? "no_method_available" : "stale";
  }
  const started = await db.verificationSession.updateMany({
    where: {
      id: session.id,
      orgId: input.orgId,
      status: "created",
      tokenUsedAt: { not: null },
      expiresAt: { gt: now },
    },
    data: { status: "in_progress", startedAt: now, currentMethodIndex: input.methodIndex ?? first },
  });
  return started.count === 1 ? "started" : "stale";
}

async function completeIgnoringRace(input: {
  sessionId: string;
  orgId: string;
  method: VerificationMethod;
  now: Date;
}) {
  try {
    await completeSession({
      orgId: input.orgId,
      sessionId: input.sessionId,
      result: "inconclusive",
      method: input.method,
      confidence: "low",
      attemptsUsed: 0,
      now: input.now,
    });
    return true;
  } catch (error) {
    // Another request (a second tab, the expiry timer) moved the session first.
    if (error instanceof VerificationApiError) return false;
    throw error;
  }
}
