import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { newId } from "@/lib/platform/ids";
import { sendMail } from "@/lib/platform/mail/send-mail";

export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60_000;

const hashVerificationToken = (token: string) =>
  createHash("sha256").update(`email-verification:${token}`).digest("hex");

/**
 * Mails the account a link that proves its address (the only mail an unverified account
 * receives). Earlier links stay valid until they expire; expired ones are pruned here.
 */
export async function sendVerificationMail(user: { id: string; email: string }, now = new Date()): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  await db.$transaction([
    db.emailVerificationToken.deleteMany({ where: { expiresAt: { lt: now } } }),
    db.emailVerificationToken.create({
      data: {
        id: newId("evt"),
        userId: user.id,
        tokenHash: hashVerificationToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + VERIFICATION_LINK_TTL_MS),
      },
    }),
  ]);
  // Built from APP_URL, never from the request's Host (a client could name its own domain).
  const link = new URL("/confirm-email", env().APP_URL);
  link.searchParams.set("token", token);
  await sendMail({
    to: user.email,
    userId: user.id,
    subject: "Confirm your email address for Voiceage",
    text: [
      `Someone, hopefully you, created a Voiceage account with the address ${user.email}.`,
      "",
      "Confirm the address to invite colleagues and create live keys (the link works for 24 hours):",
      link.toString(),
      "",
      "If it was not you, ignore this mail: nothing is sent to this address until it is confirmed.",
    ].join("\n"),
  });
}

/** Marks the address proven (an invitation's or a reset's link proves it as well as this one's). */
export async function markEmailVerified(userId: string, now = new Date()): Promise<void> {
  await db.$transaction([
    db.user.updateMany({ where: { id: userId, emailVerifiedAt: null }, data: { emailVerifiedAt: now } }),
    db.emailVerificationToken.deleteMany({ where: { userId } }),
  ]);
}

export type VerificationResult = { ok: true; email: string } | { ok: false; reason: "unknown" | "expired" };

export const VERIFICATION_LINK_PROBLEMS: Record<"unknown" | "expired", string> = {
  unknown: "This confirmation link is not valid, or the address was already confirmed.",
  expired: "This confirmation link has expired.",
};

/** Uses a link's token: the account's address is verified and every link of the account ends. */
export async function verifyEmailToken(token: string, now = new Date()): Promise<VerificationResult> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { ok: false, reason: "unknown" };
  const row = await db.emailVerificationToken.findUnique({
    where: { tokenHash: hashVerificationToken(token) },
    select: { userId: true, expiresAt: true },
  });
  if (!row) return { ok: false, reason: "unknown" };
  if (row.expiresAt <= now) return { ok: false, reason: "expired" };
  const user = await db.user.findUnique({ where: { id: row.userId }, select: { email: true } });
  if (!user) return { ok: false, reason: "unknown" };
  await markEmailVerified(row.userId, now);
  return { ok: true, email: user.email };
}
