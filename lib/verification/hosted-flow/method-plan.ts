import "server-only";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import { getMethodProvider } from "@/lib/verification/methods/get-method-provider";
import type { PlanEntry } from "@/lib/verification/hosted-flow/flow-steps";
import { methodOf } from "@/lib/verification/session-columns";

export type PlannedMethod = PlanEntry;

/** The session's methods in order, each marked available or not in this mode and deployment. */
export function planMethods(methods: string[], mode: KeyMode): PlannedMethod[] {
  return methods.map((name) => {
    const method = methodOf(name);
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

/**
 * The first available method, in the session's order, that has not ended (`concluded`), or null
 * when none is left. The user may have chosen a later method first, so earlier ones still count.
 */
export function nextAvailableIndex(plan: PlannedMethod[], concluded: readonly number[]): number | null {
  for (let index = 0; index < plan.length; index++) {
    if (plan[index].available && !concluded.includes(index)) return index;
  }
  return null;
}
