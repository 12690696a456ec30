import "server-only";
import { db } from "@/lib/platform/db";
import { VerificationApiError } from "@/lib/verification/errors";
import type { DocumentOutcome, VerificationMethod } from "@/lib/verification/methods/types";
import { recordSessionEvent } from "@/lib/verification/record-session-event";

export type CompletionInput = {
  orgId: string;
  sessionId: string;
  /** pass -> passed; anything else -> failed, with this value as outcome.result. */
  result: "pass" | "fail" | "inconclusive";
  method: VerificationMethod;
  confidence: "high" | "medium" | "low";
  /** id_document: the document's type and issuing country, stored with the outcome. */
  document?: DocumentOutcome;
  /** Method attempts this completion accounts for (added to `attempts`). */
  attemptsUsed?: number;
  /**
   * The method step this result belongs to (the hosted flow's currentMethodIndex when the user
   * submitted). When given, the update applies only if the session is still on that step
   * (compare-and-set), so of two tabs submitting concurrently only one result is applied.
   */
  expectedMethodIndex?: number;
  now?: Date;
};

/**
 * Moves a non-terminal session to passed or failed, sets its outcome and records
 * verification_session.completed in the same transaction. A terminal session cannot move again.
 */
export async function completeSession(input: CompletionInput) {
  const now = input.now ?? new Date();
  return db.$transaction(async (tx) => {
    const updated = await tx.verificationSession.updateMany({
      where: {
        id: input.sessionId,
        orgId: input.orgId,
        status: { in: ["created", "in_progress"] },
        ...(input.expectedMethodIndex === undefined ? {} : { currentMethodIndex: input.expectedMethodIndex }),
      },
      data: {
        status: input.result === "pass" ? "passed" : "failed",
        outcomeMethod: input.method,
        outcomeResult: input.result,
        outcomeConfidence: input.confidence,
        outcomeDocumentType: input.document?.type ?? null,
        outcomeDocumentCountry: input.document?.issuingCountry ?? null,
        completedAt: now,
        attempts: { increment: input.attemptsUsed ?? 0 },
      },
    });
    if (updated.count === 0) throw await notTransitionable(tx, input.orgId, input.sessionId, input.expectedMethodIndex);
    await recordSessionEvent(tx, {
      orgId: input.orgId,
      sessionId: input.sessionId,
      type: "verification_session.completed",
      at: now,
    });
    return tx.verificationSession.findUniqueOrThrow({ where: { id: input.sessionId } });
  });
}

export async function notTransitionable(
  tx: Pick<typeof db, "verificationSession">,
  orgId: string,
  sessionId: string,
  expectedMethodIndex?: number,
): Promise<VerificationApiError> {
  const existing = await tx.verificationSession.findFirst({
    where: { id: sessionId, orgId },
    select: { status: true, currentMethodIndex: true },
  });
  if (!existing)
    return new VerificationApiError("resource_missing", `No such verification session: ${sessionId}`, "id");
  if ((existing.status === "created" || existing.status === "in_progress") && expectedMethodIndex !== undefined) {
    return new VerificationApiError(
      "parameter_invalid",
      `Verification session ${sessionId} has moved on from method ${expectedMethodIndex} to ${existing.currentMethodIndex}; this result is stale.`,
      "id",
    );
  }
  return new VerificationApiError(
    "parameter_invalid",
    `Verification session ${sessionId} is already ${existing.status} and cannot transition again.`,
    "id",
  );
}
