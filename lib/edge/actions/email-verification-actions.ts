"use server";

import { redirect } from "next/navigation";
import type { ActionResult, FormState } from "@/lib/edge/actions/action-result";
import { errorField, logger } from "@/lib/platform/log";
import { attemptRetryAfter, recordAttempts, waitInWords } from "@/lib/account/rate-limit/attempt-limit";
import { getSignedInAccount } from "@/lib/edge/auth/current-user";
import {
  sendVerificationMail,
  VERIFICATION_LINK_PROBLEMS,
  verifyEmailToken,
} from "@/lib/account/users/email-verification";

// A server action (Next.js refuses other origins), behind a button: opening the mail's link
// confirms nothing by itself, so a mail scanner that follows links does not confirm for the reader.

export type ConfirmEmailState = FormState<never>;

export async function confirmEmailAction(_previous: ConfirmEmailState, formData: FormData): Promise<ConfirmEmailState> {
  const token = formData.get("token");
  const result = await verifyEmailToken(typeof token === "string" ? token : "");
  if (!result.ok) return { ok: false, error: VERIFICATION_LINK_PROBLEMS[result.reason] };
  redirect(
    (await getSignedInAccount())
      ? "/dashboard?verified=1"
      : `/sign-in?verified=1&next=${encodeURIComponent("/dashboard?welcome=1")}`,
  );
}

const MAX_RESENDS_PER_HOUR = 3;

/** The dashboard banner's "Send the link again", for the signed-in account, a few times an hour. */
export async function resendVerificationAction(): Promise<ActionResult<{ email: string }>> {
  const account = await getSignedInAccount();
  if (!account) return { ok: false, error: "Sign in again to confirm your address." };
  if (account.emailVerified) return { ok: false, error: "Your address is already confirmed." };
  const key = `verify-resend:${account.id}`;
  const wait = await attemptRetryAfter([{ key, max: MAX_RESENDS_PER_HOUR, windowMs: 60 * 60_000 }]);
  if (wait > 0)
    return { ok: false, error: `The link was sent several times already. Try again in ${waitInWords(wait)}.` };
  await recordAttempts([key], "");
  try {
    await sendVerificationMail(account);
  } catch (error) {
    logger().warn({ err: errorField(error) }, "verification mail not sent");
    return { ok: false, error: "The mail could not be sent. Try again later." };
  }
  return { ok: true, value: { email: account.email } };
}
