import type { VerificationSession } from "@/lib/generated/prisma/client";
import { shownStatus } from "@/lib/verification/deadline";
import type { SessionJson } from "@/lib/verification/schemas";
import {
  confidenceOf,
  localeOf,
  metadataOf,
  methodOf,
  methodsOf,
  outcomeResultOf,
  requiredAgeOf,
} from "@/lib/verification/session-columns";

/** The columns the public shapes are built from (session-json-sql.ts renders the same shape in SQL). */
export type SessionRow = Pick<
  VerificationSession,
  | "id"
  | "status"
  | "requiredAge"
  | "methods"
  | "returnUrl"
  | "locale"
  | "mode"
  | "attempts"
  | "createdAt"
  | "expiresAt"
  | "metadata"
  | "outcomeMethod"
  | "outcomeResult"
  | "outcomeConfidence"
  | "completedAt"
>;

/** The retrieve/list shape: no url; outcome only once terminal. */
export function serializeSession(row: SessionRow, now = new Date()): SessionJson {
  const terminal = row.status === "passed" || row.status === "failed";
  return {
    id: row.id,
    status: shownStatus(row, now),
    required_age: requiredAgeOf(row.requiredAge),
    methods: methodsOf(row.methods),
    return_url: row.returnUrl,
    locale: localeOf(row.locale),
    mode: row.mode,
    ...(terminal && row.completedAt
      ? {
          outcome: {
            method: methodOf(row.outcomeMethod),
            result: outcomeResultOf(row.outcomeResult),
            confidence: confidenceOf(row.outcomeConfidence),
            completed_at: row.completedAt.toISOString(),
          },
        }
      : {}),
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    metadata: metadataOf(row.metadata),
  };
}

/** The creation shape: the one-time url, no outcome or attempts. */
export function serializeCreatedSession(row: SessionRow, url: string) {
  const { outcome: _outcome, attempts: _attempts, ...rest } = serializeSession(row);
  return { ...rest, url };
}
