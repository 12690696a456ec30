import "server-only";
import { createTransport } from "nodemailer";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { lazy } from "@/lib/lazy";
import { logger } from "@/lib/log";

/** One message to one address; `text` is always sent, `html` as its alternative when given. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

// One transport for the process, built on first use (SMTP_URL may ask for a pool: ?pool=true).
const smtp = lazy(() => createTransport(env().SMTP_URL!, { from: env().MAIL_FROM }));

/**
 * Sends through SMTP_URL; without one, keeps the message in the development outbox (the
 * OutboxMessage table, shown at /dashboard/outbox) and prints it, so mail is never silently
 * dropped. A relay that refuses the message throws: the caller decides what its user sees.
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const message = { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
  if (env().SMTP_URL) {
    await smtp().sendMail(message);
    return;
  }
  const id = newId("msg");
  await db.outboxMessage.create({ data: { id, ...message } });
  // The text carries links that sign someone in: printed whole only outside production, where
  // the console is the developer's own.
  const printable = env().NODE_ENV === "production" ? {} : { text: mail.text };
  logger().info({ outboxMessage: id, to: mail.to, subject: mail.subject, ...printable }, "mail kept in the outbox");
}

/**
 * A mail failure as a log field: the error's class, nodemailer's code (EENVELOPE, ECONNECTION…)
 * and the relay's reply code. A refusal is an expected outcome, so no stack; and the reply's text
 * and the message can quote the recipient or the message, so neither is logged.
 */
export function mailErrorField(error: unknown): { type: string; code?: string; responseCode?: number } {
  if (!(error instanceof Error)) return { type: typeof error };
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return {
    type: error.name,
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof responseCode === "number" ? { responseCode } : {}),
  };
}
