import "server-only";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { sendMail } from "@/lib/platform/mail/send-mail";
import { issuePasswordResetToken } from "@/lib/account/users/password-reset-token";

/**
 * Mails a reset link to the account with this (normalised) email, if there is one; answers
 * whether it did, for tests: callers show the same page either way. The link is built from
 * APP_URL, never from the request's Host, which a client could set to its own domain.
 */
export async function sendPasswordReset(email: string): Promise<boolean> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return false;
  const token = issuePasswordResetToken(user.id);
  const link = new URL("/reset-password", env().APP_URL);
  link.searchParams.set("token", await token);
  await sendMail({
    to: email,
    userId: user.id,
    subject: "Reset your Voiceage password",
    text: [
      `Someone, hopefully you, asked to reset the password of the Voiceage account ${email}.`,
      "",
      "Choose a new password here (the link works once, for 1 hour):",
      link.toString(),
      "",
      "If you did not ask, ignore this mail: your password stays as it is.",
    ].join("\n"),
  });
  return true;
}
