// What the hosted flow shows about each method of a session. Pure; importable by client and server.
import type { EvidenceKind, UnavailableReason, VerificationMethod } from "@/lib/verification/methods/types";

export type PlanEntry = {
  method: VerificationMethod;
  available: boolean;
  evidence?: EvidenceKind;
  /** Image methods: the photo is judged on this server rather than sent to a vendor. */
  checkedOnThisServer?: boolean;
  /** Image methods: a live selfie is taken after the photo and sent with it (the built-in id_document check). */
  takesSelfie?: boolean;
  unavailableReason?: UnavailableReason;
};

type StepState =
  /** Tried earlier in this session; it could not decide, so the flow moved on. */
  | "inconclusive"
  /** Not run: not offered yet (digital_id) or no provider configured. */
  | "skipped"
  /** The method the user is on now. */
  | "current"
  /** The current position, but its provider disappeared mid-session. */
  | "current_unavailable"
  | "upcoming";

export type FlowStep = PlanEntry & { state: StepState; index: number };

/**
 * Steps of a session that is `created` (nothing tried yet; `current` is the suggested first
 * method, the first that can run) or `in_progress` (`current` is currentMethodIndex). Methods in
 * `concludedMethods` were tried and inconclusive, or could not run; the plan says which. The
 * user may choose methods in any order, so the position in the list says nothing of this.
 */
export function buildFlowSteps(
  plan: PlanEntry[],
  input: { status: string; currentMethodIndex: number; concludedMethods: readonly number[] },
): FlowStep[] {
  const firstRunnable = plan.findIndex((entry) => entry.available);
  const current =
    input.status === "in_progress" ? input.currentMethodIndex : firstRunnable === -1 ? plan.length : firstRunnable;
  return plan.map((entry, index) => {
    let state: StepState;
    if (index === current) state = entry.available ? "current" : "current_unavailable";
    else if (!entry.available) state = "skipped";
    else state = input.concludedMethods.includes(index) ? "inconclusive" : "upcoming";
    return { ...entry, index, state };
  });
}

/**
 * The order the methods ended in, so "what changed" can name the last one; entries of
 * concludedMethods that are not inconclusive steps (a provider that went away) are left out.
 */
export function concludedInOrder(steps: FlowStep[], concluded: readonly number[]): FlowStep[] {
  return concluded.map((index) => steps[index]).filter((step): step is FlowStep => step?.state === "inconclusive");
}
