import "server-only";
import { db } from "@/lib/db";

// Sign-ups create organisations and cost an argon2 hash each, so one client address may
// create at most this many accounts an hour. They are recorded in SignInAttempt under a
// marker that can never be an email address (it has no "@"), as successes, so they never
// count towards the sign-in failure limits.
const SIGN_UP_MARKER = "sign-up";
export const MAX_SIGN_UPS_PER_IP = 30;
export const SIGN_UP_WINDOW_MS = 60 * 60_000;

/** Seconds until this address may sign up again, or 0 when it may now. */
export async function signUpRetryAfter(ip: string, now = new Date()): Promise<number> {
  if (!ip) return 0;
  const recent = await db.signInAttempt.findMany({
    where: { email: SIGN_UP_MARKER, ip, createdAt: { gt: new Date(now.getTime() - SIGN_UP_WINDOW_MS) } },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true },
  });
  if (recent.length < MAX_SIGN_UPS_PER_IP) return 0;
  const freeing = recent[recent.length - MAX_SIGN_UPS_PER_IP];
  return Math.max(1, Math.ceil((freeing.createdAt.getTime() + SIGN_UP_WINDOW_MS - now.getTime()) / 1000));
}

export async function recordSignUp(ip: string, now = new Date()): Promise<void> {
  await db.signInAttempt.create({ data: { email: SIGN_UP_MARKER, ip, success: true, createdAt: now } });
}
