import "server-only";
import { db } from "@/lib/platform/db";
import { decrementProviderCalls, incrementProviderCalls } from "@/lib/platform/db/session-compare-and-set";
import { recordMethodOutcome, type RecordOutcome } from "@/lib/verification/hosted-flow/record-method-outcome";

/**
 * Live provider calls one method of a session may make: a face or document image evaluated, or a
 * card check opened. A provider error lets the user try the same method again (no attempt is
 * counted), so without a bound a failing or slow provider could be called, and billed, without
 * end. The third call is the method's last: if it fails too, the flow moves on as if the method
 * had been inconclusive, without counting an attempt (see giveUpOnMethod).
 */
export const MAX_PROVIDER_CALLS_PER_METHOD = 3;

export type ProviderCallClaim =
  /** Go ahead; `last` says this is the method's final call, `left` how many remain after it. */
  | { kind: "claimed"; last: boolean; left: number }
  /** The method has made all its calls: move on instead of calling again. */
  | { kind: "exhausted" }
  /** The session is no longer on this method (or not in progress): the page is out of date. */
  | { kind: "stale" };

/**
 * Counts one provider call for the method the session is on, before the call is made, in one
 * conditional update (compare-and-set on the step and the count), so concurrent submits from
 * several tabs cannot exceed the limit between them.
 */
export async function claimProviderCall(input: {
  sessionId: string;
  orgId: string;
  expectedIndex: number;
}): Promise<ProviderCallClaim> {
  const calls = await incrementProviderCalls(input, MAX_PROVIDER_CALLS_PER_METHOD);
  if (calls !== null) {
    const left = Math.max(0, MAX_PROVIDER_CALLS_PER_METHOD - calls);
    return { kind: "claimed", last: left === 0, left };
  }
  const session = await db.verificationSession.findFirst({
    where: { id: input.sessionId, orgId: input.orgId },
    select: { status: true, currentMethodIndex: true },
  });
  return session?.status === "in_progress" && session.currentMethodIndex === input.expectedIndex
    ? { kind: "exhausted" }
    : { kind: "stale" };
}

/** Gives back a claimed call that reached no provider verdict through no fault of the provider (a retake). */
export async function releaseProviderCall(input: {
  sessionId: string;
  orgId: string;
  expectedIndex: number;
}): Promise<void> {
  await decrementProviderCalls(input);
}

/**
 * The method made its last allowed provider call without a verdict: move on to the next method,
 * or fail the session as inconclusive when none is left, without counting an attempt (the same
 * transition as a method whose provider went away). Nothing is ever faked as a pass.
 */
export function giveUpOnMethod(session: { id: string; orgId: string }, expectedIndex: number): Promise<RecordOutcome> {
  return recordMethodOutcome({ sessionId: session.id, orgId: session.orgId, expectedIndex, verdict: null });
}
