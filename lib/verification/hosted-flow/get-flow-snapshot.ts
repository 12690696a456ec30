import "server-only";
import { expireSessionIfDue } from "@/lib/verification/expire-session";
import { MAX_METHOD_SWITCHES } from "@/lib/verification/hosted-flow/choose-method";
import { isPastDeadline } from "@/lib/verification/deadline";
import { buildFlowSteps, type FlowStep } from "@/lib/verification/hosted-flow/flow-steps";
import { loadBoundSession } from "@/lib/verification/hosted-flow/load-bound-session";
import { planMethods } from "@/lib/verification/hosted-flow/method-plan";
import { appendSessionId, returnHost } from "@/lib/verification/hosted-flow/return-url";
import type { VerificationMethod } from "@/lib/verification/methods/types";
import type { SessionStatus } from "@/lib/verification/schemas";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import { methodOf, outcomeResultOf, requiredAgeOf } from "@/lib/verification/session-columns";

export type FlowSnapshot = {
  id: string;
  orgId: string;
  status: SessionStatus;
  mode: KeyMode;
  requiredAge: 16 | 18;
  /** return_url with session_id appended: where the user goes when done. */
  returnTo: string;
  returnHost: string;
  /** Who asked for the check, as the user should recognise it: the organisation's display name, else the return host. */
  requester: string;
  currentMethodIndex: number;
  steps: FlowStep[];
  /** Indexes of the methods that ended without a clear result, in the order they ended. */
  concludedMethods: number[];
  /** Whether the user may still change method (chooseMethod's cap). */
  canSwitch: boolean;
  /** This browser took the check over by a hand-off link (a phone): it is never offered a code to scan. */
  handedOff: boolean;
  outcome: { method: VerificationMethod; result: "pass" | "fail" | "inconclusive" } | null;
  /** When the session stops accepting work; null once terminal. */
  deadline: Date | null;
};

/**
 * Everything the flow page shows, for the browser bound to the session (null for any other).
 * A session whose time is up is expired here and now, so the page never offers a step the
 * server would refuse.
 */
export async function getFlowSnapshot(sessionId: string, bindingSecret: string | undefined, now = new Date()) {
  let session = await loadBoundSession(sessionId, bindingSecret);
  if (!session) return null;
  if (isPastDeadline(session, now)) {
    await expireSessionIfDue(session.id, now);
    session = (await loadBoundSession(sessionId, bindingSecret)) ?? session;
  }
  const terminal = session.status === "passed" || session.status === "failed";
  const open = session.status === "created" || session.status === "in_progress";
  const snapshot: FlowSnapshot = {
    id: session.id,
    orgId: session.orgId,
    status: session.status,
    mode: session.mode,
    requiredAge: requiredAgeOf(session.requiredAge),
    returnTo: appendSessionId(session.returnUrl, session.id),
    returnHost: returnHost(session.returnUrl),
    requester: session.org.displayName ?? returnHost(session.returnUrl),
    currentMethodIndex: session.currentMethodIndex,
    steps: open ? buildFlowSteps(planMethods(session.methods, session.mode), session) : [],
    concludedMethods: session.concludedMethods,
    canSwitch: session.methodSwitches < MAX_METHOD_SWITCHES,
    handedOff: session.handedOffBindingHash !== null,
    outcome:
      terminal && session.outcomeMethod && session.outcomeResult
        ? {
            method: methodOf(session.outcomeMethod),
            result: outcomeResultOf(session.outcomeResult),
          }
        : null,
    deadline: open ? session.expiresAt : null,
  };
  return snapshot;
}
