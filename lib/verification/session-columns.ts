// The session's enumerated columns, narrowed once where a row is read. The database holds them to
// these values (CHECK constraints, migration check_enumerated_columns), so a throw here means a
// migration and this file disagree, not bad input.
import type { Prisma } from "@/lib/generated/prisma/client";
import { SUPPORTED_LOCALES } from "@/lib/verification/locale/locales";
import { verificationMethods, type VerificationMethod } from "@/lib/verification/methods/types";
import { sessionStatuses, webhookEventTypes } from "@/lib/verification/schemas";

type RequiredAge = 16 | 18;
const confidenceLevels = ["high", "medium", "low"] as const;
const outcomeResults = ["pass", "fail", "inconclusive"] as const;

// A null is refused too: a finished session's outcome columns are written together (completeSession).
function oneOf<T extends string | number>(
  allowed: readonly T[],
  value: string | number | null,
  column: string,
  table = "VerificationSession",
): T {
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) throw new Error(`${table}.${column} holds ${value}, outside its CHECK`);
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
export const statusOf = (value: string) => oneOf(sessionStatuses, value, "status");
/** A finished session's status: what a webhook event reports. */
export const finalStatusOf = (value: string) => oneOf(["passed", "failed", "expired"] as const, value, "status");
/** The hosted flow's language, one of the supported locales, or null when none was set. */
export const localeOf = (value: string | null) => (value === null ? null : oneOf(SUPPORTED_LOCALES, value, "locale"));
/** A webhook event's type (Event.type, WebhookEndpoint.events). */
export const eventTypeOf = (value: string) => oneOf(webhookEventTypes, value, "type", "Event");
export const eventTypesOf = (values: string[]) =>
  values.map((value) => oneOf(webhookEventTypes, value, "events", "WebhookEndpoint"));

/**
 * The session's metadata: string keys to string values, as the API accepted it (its schema), so
 * anything else in the JSON column means the column was written around the API.
 */
export function metadataOf(value: Prisma.JsonValue): Record<string, string> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error("VerificationSession.metadata is not an object");
  const metadata: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string") throw new Error(`VerificationSession.metadata.${key} is not a string`);
    metadata[key] = entry;
  }
  return metadata;
}
