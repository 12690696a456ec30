import "server-only";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";

/** Whether mail goes to the development outbox (no SMTP_URL): its page exists only then. */
export function mailOutboxEnabled(): boolean {
  return !env().SMTP_URL;
}

export type OutboxMessageView = { id: string; to: string; subject: string; text: string; createdAt: Date };

/**
 * The newest outbox messages the viewer may read. On a developer's machine that is all of
 * them; a production server kept on the outbox (MAIL_OUTBOX_IN_PRODUCTION) shows a user only
 * mail to their own address, since a reset link read by anyone else takes over the account.
 */
export async function listOutboxMessages(
  viewerEmail: string,
  limit = 50,
): Promise<{ messages: OutboxMessageView[]; onlyOwn: boolean }> {
  const onlyOwn = env().NODE_ENV === "production";
  const messages = await db.outboxMessage.findMany({
    where: onlyOwn ? { to: viewerEmail } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, to: true, subject: true, text: true, createdAt: true },
  });
  return { messages, onlyOwn };
}
