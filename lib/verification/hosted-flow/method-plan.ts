import "server-only";
import type { KeyMode } from "@/lib/keys/key-mode";
import { getMethodProvider } from "@/lib/verification/methods/get-method-provider";
import type { PlanEntry } from "@/lib/verification/hosted-flow/flow-steps";
import type { VerificationMethod } from "@/lib/verification/methods/types";

export type PlannedMethod = PlanEntry;

/** The session's methods in order, each marked available or not in this mode and deployment. */
export function planMethods(methods: string[], mode: KeyMode): PlannedMethod[] {
  return methods.map((name) => {
    const method = name as VerificationMethod;
    const resolution = getMethodProvider(method, mode);
    return resolution.available
      ? {
          method,
          available: true,
          evidence: resolution.provider.kind,
          checkedOnThisServer: resolution.provider.kind === "image" && resolution.provider.checkedOnThisServer,
          takesSelfie: resolution.provider.kind === "image" && Boolean(resolution.provider.takesSelfie),
        }
      : { method, available: false, unavailableReason: resolution.reason };
  });
}

/** The first available method at or after `from`, or null when none is left. */
export function nextAvailableIndex(plan: PlannedMethod[], from: number): number | null {
  for (let index = from; index < plan.length; index++) if (plan[index].available) return index;
  return null;
}
