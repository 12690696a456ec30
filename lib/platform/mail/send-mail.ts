import "server-only";
import { createTransport } from "nodemailer";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { newId } from "@/lib/platform/ids";
import { lazy } from "@/lib/platform/lazy";
import { logger } from "@/lib/platform/log";
import { isRecord } from "@/lib/platform/narrow";

/** One message to one address; `text` is always sent, `html` as its alternative when given. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Whose mail it is, for the dashboard's Mail page: the organisation it was sent for, the account it went to. */
  orgId?: string;
  userId?: string;
}

/** What the Mail page may show of a failure: the error's code and the relay's reply code, never its text. */
function failureCode(error: unknown): string {
  const { code, responseCode } = isRecord(error) ? error : {};
  return [typeof code === "string" ? code : "ERROR", typeof responseCode === "number" ? String(responseCode) : ""]
    .filter(Boolean)
    .join(" ");
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
  const log = (status: "sent" | "failed", errorCode?: string) =>
    db.mailLog.create({
      data: {
        id: newId("mlg"),
        orgId: mail.orgId,
        userId: mail.userId,
        to: mail.to,
        subject: mail.subject,
        status,
        errorCode,
      },
    });
  if (env().SMTP_URL) {
    try {
      await smtp().sendMail(message);
    } catch (error) {
      await log("failed", failureCode(error));
      throw error;
    }
    await log("sent");
    return;
  }
  const id = newId("msg");
  await db.outboxMessage.create({ data: { id, ...message } });
  await log("sent");
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
  const fields: Record<string, unknown> = isRecord(error) ? error : {};
  const { code, responseCode } = fields;
  return {
    type: error.name,
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof responseCode === "number" ? { responseCode } : {}),
  };
}
