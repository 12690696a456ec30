import type { Confidence, MethodResult } from "@/lib/verification/methods/types";

// The challenge-age rule (the "Challenge 25" practice): an estimator errs by years, so a face
// passes only when its estimate clears the required age by a pass buffer, fails only when it is
// under the required age by more than a fail buffer, and anything in between is inconclusive,
// which moves the user on to the session's next method.
//
// The buffers are per required age, chosen with the shipped models on the development photos of
// the exact-age evaluation set (docs/decisions/0021-face-age-refitted-on-the-whole-set.md): at 18+
// the pass buffer lets no development face under 16 and at most 1% of 16-17s pass; at 16+ no
// development face under 14 and no 14-15. That costs adults dearly: almost every 18-24 and about a
// third of adults 25+ move on to the next method (the evaluation's cross-validated table). The fail
// buffer fails no development face at or above the required age; with two models that must agree,
// some adults read very young, so a face check fails practically no one (an estimate under 1): it
// passes or moves the user on.

export type AgeRule = { passBuffer: number; failBuffer: number };

export const SHIPPED_AGE_RULES: Record<16 | 18, AgeRule> = {
  18: { passBuffer: 16, failBuffer: 17 },
  16: { passBuffer: 18, failBuffer: 15 },
};

/** The rule in force: FACE_ESTIMATION_BUFFER_YEARS, when set, replaces both buffers at every age. */
export function ageRuleFor(requiredAge: 16 | 18, bufferYears?: number): AgeRule {
  return bufferYears === undefined
    ? SHIPPED_AGE_RULES[requiredAge]
    : { passBuffer: bufferYears, failBuffer: bufferYears };
}

/** Margin (years beyond the rule's threshold) from which a verdict is `high`, then `medium`. */
const CONFIDENCE_MARGINS = { high: 5, medium: 2 } as const;

export function decideAge(input: { estimate: number; requiredAge: number; rule: AgeRule }): {
  result: MethodResult;
  confidence: Confidence;
} {
  const { estimate, requiredAge, rule } = input;
  const confidenceOf = (margin: number): Confidence =>
    margin >= CONFIDENCE_MARGINS.high ? "high" : margin >= CONFIDENCE_MARGINS.medium ? "medium" : "low";
  const passFrom = requiredAge + rule.passBuffer;
  const failUnder = requiredAge - rule.failBuffer;
  if (estimate >= passFrom) return { result: "pass", confidence: confidenceOf(estimate - passFrom) };
  if (estimate < failUnder) return { result: "fail", confidence: confidenceOf(failUnder - estimate) };
  return { result: "inconclusive", confidence: "low" };
}
