import "server-only";
import { z } from "zod";
import { countRateLimitUse } from "@/lib/platform/db/rate-limit-windows";
import { sendMail } from "@/lib/platform/mail/send-mail";
import { rateLimitWindowStart } from "@/lib/account/rate-limit/consume-rate-limit";
import type { BoundSession } from "@/lib/verification/hosted-flow/load-bound-session";
import { createPhoneHandoff, HANDOFF_TTL_SECONDS } from "@/lib/verification/hosted-flow/phone-handoff";
import { handoffMailText } from "@/lib/verification/locale/handoff-mail-text";
import type { FlowLocale } from "@/lib/verification/locale/locales";

// "Send me the link": the hand-off link by mail, for a phone that cannot scan. The mail is fixed
// text: nothing the user types reaches it but the address it goes to, and the organisation's
// name is not in it either, so it cannot be made to carry anyone's message. Each session may send
// a few, and each client address a few a minute, so it cannot be used to flood an inbox.

/** Mails one session may send in its whole life. */
export const HANDOFF_MAILS_PER_SESSION = 3;
/** Mails one client address may send a minute, across sessions. */
export const HANDOFF_MAILS_PER_ADDRESS_PER_MINUTE = 5;

const emailSchema = z.string().trim().max(254).pipe(z.email());

export type HandoffMailOutcome =
  { kind: "sent"; url: string; expiresAt: Date } | { kind: "invalid_email" } | { kind: "limited" } | { kind: "closed" };

/** One more use of a counter in the RateLimitWindow table; true while within `limit`. */
async function countUse(bucket: string, windowStart: Date, limit: number): Promise<boolean> {
  return (await countRateLimitUse(bucket, windowStart)) <= limit;
}

/**
 * Makes a new hand-off link (replacing the code on screen) and mails it to `email`. The
 * session's budget is counted on a bucket whose window is the session's own creation time, so
 * it holds for the session's whole life.
 */
export async function mailHandoffLink(
  session: BoundSession,
  email: unknown,
  clientAddress: string,
  now = new Date(),
  locale: FlowLocale = "en",
): Promise<HandoffMailOutcome> {
  const to = emailSchema.safeParse(email);
  if (!to.success) return { kind: "invalid_email" };
  const perAddress = await countUse(
    `handoff-mail-addr:${clientAddress || "unknown"}`,
    rateLimitWindowStart(now.getTime()),
    HANDOFF_MAILS_PER_ADDRESS_PER_MINUTE,
  );
  if (!perAddress) return { kind: "limited" };
  if (!(await countUse(`handoff-mail:${session.id}`, session.createdAt, HANDOFF_MAILS_PER_SESSION)))
    return { kind: "limited" };
  const handoff = await createPhoneHandoff(session, now);
  if (!handoff) return { kind: "closed" };
  await sendMail({ to: to.data, ...(await handoffMailText(locale, handoff.url, HANDOFF_TTL_SECONDS / 60)) });
  return { kind: "sent", ...handoff };
}
