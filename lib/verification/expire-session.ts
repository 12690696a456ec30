import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { notTransitionable } from "@/lib/verification/complete-session";
import { recordSessionEvent } from "@/lib/verification/record-session-event";

type OpenStatus = "created" | "in_progress";

// A session changes status at most twice (created -> in_progress -> a final status), so it
// cannot slip away from more reads than this.
const MAX_READS = 3;

/**
 * Expires a session whose time is up and records verification_session.expired in the same
 * transaction, at expires_at whether or not the user has started (the deadline its answers show).
 * Returns the time to try again when the session is not due yet, or null when it is settled.
 * A database error propagates (the expiry job retries); only a session that changed status
 * while being expired (the user started or finished at that moment) is looked at again.
 */
export async function expireSessionIfDue(sessionId: string, now = new Date()): Promise<Date | null> {
  for (let read = 0; read < MAX_READS; read++) {
    const session = await db.verificationSession.findUnique({ where: { id: sessionId } });
    const status = session?.status;
    if (!session || (status !== "created" && status !== "in_progress")) return null;
    const dueAt = session.expiresAt;
    if (dueAt > now) return dueAt;
    const expired = await db.$transaction((tx) => markExpired(tx, session.orgId, sessionId, now, [status]));
    if (expired) return null;
  }
  throw new Error(`Session ${sessionId} kept changing status while it was being expired`);
}

/** Test helper: expire a non-terminal session now, whatever its clock says. */
export async function forceExpireSession(orgId: string, sessionId: string, now = new Date()) {
  return db.$transaction(async (tx) => {
    if (!(await markExpired(tx, orgId, sessionId, now, ["created", "in_progress"]))) {
      throw await notTransitionable(tx, orgId, sessionId);
    }
    return tx.verificationSession.findUniqueOrThrow({ where: { id: sessionId } });
  });
}

/** Expires the session if it still has one of the statuses; false when it no longer does. */
async function markExpired(
  tx: Tx,
  orgId: string,
  sessionId: string,
  now: Date,
  statuses: OpenStatus[],
): Promise<boolean> {
  const updated = await tx.verificationSession.updateMany({
    where: { id: sessionId, orgId, status: { in: statuses } },
    data: { status: "expired" },
  });
  if (updated.count === 0) return false;
  await recordSessionEvent(tx, { orgId, sessionId, type: "verification_session.expired", at: now });
  return true;
}
