import type { MethodResult, SimulatedProvider, VerificationMethod } from "@/lib/verification/methods/types";

// Test mode: the user picks the result. That is safe because test sessions are never billed and
// never trusted as a real age check; the verdict still goes through the same domain transitions
// (attempts, escalation, completion, outbox event) as a live one.
const CONFIDENCE = { pass: "high", fail: "high", inconclusive: "low" } as const;

export function simulatedProvider(method: VerificationMethod): SimulatedProvider {
  return {
    kind: "simulated_choice",
    method,
    evaluate: (choice: MethodResult) => ({ result: choice, confidence: CONFIDENCE[choice] }),
  };
}
