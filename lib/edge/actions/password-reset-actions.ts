"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { after } from "next/server";
import { logger } from "@/lib/platform/log";
import { mailErrorField } from "@/lib/platform/mail/send-mail";
import { clientAddress } from "@/lib/account/rate-limit/client-address";
import { passwordResetRetryAfter, recordPasswordResetRequest } from "@/lib/account/users/password-reset-rate-limit";
import { RESET_LINK_PROBLEMS, resetPassword } from "@/lib/account/users/reset-password";
import { passwordResetRequestSchema, resetPasswordBodySchema } from "@/lib/account/users/schemas";
import { sendPasswordReset } from "@/lib/account/users/send-password-reset";
import { fieldErrorsOf, type FormState } from "@/lib/edge/actions/action-result";

// Server actions: Next.js refuses them from another origin (CSRF), like the sign-in forms.

/** Success is the address the answer names (as typed); a failure keeps it in the form. */
export type ResetRequestState = FormState<{ email: string }, { values: { email: string } }>;
export type ResetPasswordState = FormState<never>;

function text(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

const minutes = (seconds: number) => {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? "" : "s"}`;
};

/**
 * Answers the same whether or not the address has an account, and in about the same time: the
 * account lookup, the token and the mail all run after the response is sent.
 */
export async function requestPasswordResetAction(
  _previous: ResetRequestState,
  formData: FormData,
): Promise<ResetRequestState> {
  const typed = text(formData, "email");
  const parsed = passwordResetRequestSchema.safeParse({ email: typed });
  if (!parsed.success) {
    return {
      ok: false,
      error: "Check the highlighted field.",
      fieldErrors: fieldErrorsOf(parsed.error.issues),
      values: { email: typed },
    };
  }
  const { email } = parsed.data;
  const ip = clientAddress(await headers());
  const wait = await passwordResetRetryAfter({ email, ip });
  if (wait > 0) {
    return {
      ok: false,
      error: `Too many reset links were asked for this address or from your network. Try again in ${minutes(wait)}.`,
      values: { email: typed },
    };
  }
  await recordPasswordResetRequest({ email, ip });
  after(() =>
    sendPasswordReset(email).catch((error: unknown) => {
      logger().error({ err: mailErrorField(error) }, "password reset mail not sent");
    }),
  );
  return { ok: true, value: { email: typed.trim() } };
}

export async function resetPasswordAction(
  _previous: ResetPasswordState,
  formData: FormData,
): Promise<ResetPasswordState> {
  const parsed = resetPasswordBodySchema.safeParse({
    token: text(formData, "token"),
    password: text(formData, "password"),
  });
  if (!parsed.success) {
    return { ok: false, error: "Check the highlighted field.", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  const result = await resetPassword(parsed.data);
  if (!result.ok) return { ok: false, error: RESET_LINK_PROBLEMS[result.reason] };
  redirect("/sign-in?reset=1");
}
