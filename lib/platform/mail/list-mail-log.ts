import "server-only";
import { db } from "@/lib/platform/db";

export type MailLogView = {
  id: string;
  to: string;
  subject: string;
  status: string;
  errorCode: string | null;
  createdAt: Date;
};

export const MAIL_LOG_LIMIT = 100;

/**
 * The organisation's newest mail, for its admins: what was sent for it (invitations) and to its
 * members' accounts (resets, verification, notices). Status, recipient, subject and error code
 * only: the body and its links are never stored here. Another organisation's mail is not its own.
 */
export async function listOrganizationMail(orgId: string, limit = MAIL_LOG_LIMIT): Promise<MailLogView[]> {
  const members = await db.membership.findMany({ where: { orgId }, select: { userId: true } });
  return db.mailLog.findMany({
    where: { OR: [{ orgId }, { userId: { in: members.map((m) => m.userId) } }] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, to: true, subject: true, status: true, errorCode: true, createdAt: true },
  });
}
