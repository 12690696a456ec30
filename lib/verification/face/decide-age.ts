import type { Confidence, MethodResult } from "@/lib/verification/providers/types";

// The challenge-age rule (the "Challenge 25" practice): an estimator errs by years, so a face
// passes only when its estimate clears the required age by a buffer, fails only when it is
// clearly under even with the buffer added, and anything in between is inconclusive, which
// moves the user on to the session's next method.

/** Margin (years beyond the rule's threshold) from which a verdict is `high`, then `medium`. */
const CONFIDENCE_MARGINS = { high: 5, medium: 2 } as const;

export function decideAge(input: { estimate: number; requiredAge: number; bufferYears: number }): {
  result: MethodResult;
  confidence: Confidence;
} {
  const { estimate, requiredAge, bufferYears } = input;
  const confidenceOf = (margin: number): Confidence =>
    margin >= CONFIDENCE_MARGINS.high ? "high" : margin >= CONFIDENCE_MARGINS.medium ? "medium" : "low";
  if (estimate >= requiredAge + bufferYears) return { result: "pass", confidence: confidenceOf(estimate - (requiredAge + bufferYears)) };
  if (estimate + bufferYears < requiredAge) return { result: "fail", confidence: confidenceOf(requiredAge - (estimate + bufferYears)) };
  return { result: "inconclusive", confidence: "low" };
}
