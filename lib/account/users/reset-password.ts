import "server-only";
import { db } from "@/lib/platform/db";
import { hashPassword } from "@/lib/account/users/password";
import { checkPasswordResetToken } from "@/lib/account/users/password-reset-token";

/** What the reader is told about a link that cannot be used, by its state. */
export const RESET_LINK_PROBLEMS = {
  unknown: "This reset link is not valid. Ask for a new one.",
  expired: "This reset link has expired (links last 1 hour). Ask for a new one.",
  used: "This reset link was already used. Ask for a new one if you need to change your password again.",
} as const;

export type ResetPasswordResult = { ok: true; email: string } | { ok: false; reason: "unknown" | "expired" | "used" };

/**
 * Sets the password behind a valid reset link, spends the link and deletes the user's other
 * open links. Every dashboard session that signed in before now ends (getCurrentUser compares
 * its sign-in time with the latest usedAt), and the email's failed sign-ins stop counting, so
 * a user locked out by guesses can sign in at once.
 */
export async function resetPassword(input: { token: string; password: string }): Promise<ResetPasswordResult> {
  const found = await checkPasswordResetToken(input.token);
  if (found.state !== "valid") return { ok: false, reason: found.state };
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  return db.$transaction(async (tx) => {
    // Conditional on usedAt still null: of two submits of one link, one wins.
    const spent = await tx.passwordResetToken.updateMany({
      where: { id: found.id, usedAt: null },
      data: { usedAt: now },
    });
    if (spent.count === 0) return { ok: false, reason: "used" } as const;
    const user = await tx.user.findUnique({
      where: { id: found.userId },
      select: { email: true, emailVerifiedAt: true },
    });
    if (!user) return { ok: false, reason: "unknown" } as const;
    // The link came to the inbox, which proves the address as the sign-up mail's link would.
    await tx.user.update({
      where: { id: found.userId },
      data: { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now },
    });
    await tx.emailVerificationToken.deleteMany({ where: { userId: found.userId } });
    await tx.passwordResetToken.deleteMany({ where: { userId: found.userId, usedAt: null } });
    await tx.signInAttempt.create({ data: { email: user.email, success: true, createdAt: now } });
    return { ok: true, email: user.email } as const;
  });
}
