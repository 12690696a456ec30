import "server-only";
import { db } from "@/lib/db";
import { notTransitionable } from "@/lib/verification/complete-session";
import { sessionDeadline } from "@/lib/verification/hosted-flow/deadline";
import { recordSessionEvent } from "@/lib/verification/record-session-event";

/**
 * Expires a session whose time is up and records verification_session.expired in the same
 * transaction. A `created` session expires at expires_at; an `in_progress` one gets the same
 * window again from when it started, so a user mid-attempt may finish.
 * Returns the time to try again when the session is not due yet, or null when done.
 */
export async function expireSessionIfDue(sessionId: string, now = new Date()): Promise<Date | null> {
  const session = await db.verificationSession.findUnique({ where: { id: sessionId } });
  if (!session || (session.status !== "created" && session.status !== "in_progress")) return null;
  const dueAt = sessionDeadline(session);
  if (dueAt > now) return dueAt;
  await expire(session.orgId, sessionId, now, { statuses: [session.status] }).catch(() => undefined);
  return null;
}

/** Test helper: expire a non-terminal session now, whatever its clock says. */
export async function forceExpireSession(orgId: string, sessionId: string, now = new Date()) {
  return expire(orgId, sessionId, now, { statuses: ["created", "in_progress"] });
}

async function expire(
  orgId: string,
  sessionId: string,
  now: Date,
  options: { statuses: ("created" | "in_progress")[] },
) {
  return db.$transaction(async (tx) => {
    const updated = await tx.verificationSession.updateMany({
      where: { id: sessionId, orgId, status: { in: options.statuses } },
      data: { status: "expired" },
    });
    if (updated.count === 0) throw await notTransitionable(tx, orgId, sessionId);
    await recordSessionEvent(tx, { orgId, sessionId, type: "verification_session.expired", at: now });
    return tx.verificationSession.findUniqueOrThrow({ where: { id: sessionId } });
  });
}
