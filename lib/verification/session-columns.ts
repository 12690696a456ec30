// The session's enumerated columns, narrowed once where a row is read. The database holds them to
// these values (CHECK constraints, migration check_enumerated_columns), so a throw here means a
// migration and this file disagree, not bad input.
import { verificationMethods, type VerificationMethod } from "@/lib/verification/methods/types";

type RequiredAge = 16 | 18;
const confidenceLevels = ["high", "medium", "low"] as const;
const outcomeResults = ["pass", "fail", "inconclusive"] as const;

// A null is refused too: a finished session's outcome columns are written together (completeSession).
function oneOf<T extends string | number>(allowed: readonly T[], value: string | number | null, column: string): T {
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) throw new Error(`VerificationSession.${column} holds ${value}, outside its CHECK`);
  return found;
}

export const requiredAgeOf = (value: number): RequiredAge => oneOf([16, 18] as const, value, "requiredAge");
export const methodOf = (value: string | null): VerificationMethod => oneOf(verificationMethods, value, "method");
export const methodsOf = (values: string[]): VerificationMethod[] => values.map(methodOf);
export const outcomeResultOf = (value: string | null) => oneOf(outcomeResults, value, "outcomeResult");
export const confidenceOf = (value: string | null) => oneOf(confidenceLevels, value, "outcomeConfidence");
/** A nullable column (the outcome, null until the session ends). */
export const nullableOf = <T>(narrow: (value: string) => T, value: string | null): T | null =>
  value === null ? null : narrow(value);
