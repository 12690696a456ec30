import type { VerificationSession } from "@/lib/generated/prisma/client";
import { shownStatus } from "@/lib/verification/hosted-flow/deadline";
import type { SessionJson } from "@/lib/verification/schemas";

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
    required_age: row.requiredAge as 16 | 18,
    methods: row.methods as SessionJson["methods"],
    return_url: row.returnUrl,
    locale: row.locale as SessionJson["locale"],
    mode: row.mode,
    ...(terminal && row.completedAt
      ? {
          outcome: {
            method: row.outcomeMethod as SessionJson["methods"][number],
            result: row.outcomeResult as "pass" | "fail" | "inconclusive",
            confidence: row.outcomeConfidence as "high" | "medium" | "low",
            completed_at: row.completedAt.toISOString(),
          },
        }
      : {}),
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    metadata: row.metadata as Record<string, string>,
  };
}

/** The creation shape: the one-time url, no outcome or attempts. */
export function serializeCreatedSession(row: SessionRow, url: string) {
  const { outcome: _outcome, attempts: _attempts, ...rest } = serializeSession(row);
  return { ...rest, url };
}
