import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";

export const RESET_LINK_TTL_MS = 60 * 60_000;

const hashResetToken = (token: string) => createHash("sha256").update(`password-reset:${token}`).digest("hex");

/**
 * A new single-use reset secret for the user (returned once, for the mail; only its hash is
 * kept). Links that expired unused are pruned here. Used ones stay: each marks a reset that
 * ends older sessions, and Auth.js slides a session's expiry on use, so no age is safe to forget.
 */
export async function issuePasswordResetToken(userId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.$transaction([
    db.passwordResetToken.deleteMany({ where: { usedAt: null, expiresAt: { lt: now } } }),
    db.passwordResetToken.create({
      data: {
        id: newId("prt"),
        userId,
        tokenHash: hashResetToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
      },
    }),
  ]);
  return token;
}

export type ResetTokenState =
  | { state: "valid"; id: string; userId: string }
  | { state: "unknown" | "expired" | "used"; id?: undefined; userId?: undefined };

/** What a link's token is now; an unknown one includes a malformed one and a deleted user's. */
export async function checkPasswordResetToken(token: string, now = new Date()): Promise<ResetTokenState> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { state: "unknown" };
  const row = await db.passwordResetToken.findUnique({
    where: { tokenHash: hashResetToken(token) },
    select: { id: true, userId: true, expiresAt: true, usedAt: true },
  });
  if (!row) return { state: "unknown" };
  if (row.usedAt) return { state: "used" };
  if (row.expiresAt <= now) return { state: "expired" };
  return { state: "valid", id: row.id, userId: row.userId };
}
