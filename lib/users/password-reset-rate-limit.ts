import "server-only";
import { db } from "@/lib/db";

// Reset requests are limited per email (mail-bombing one inbox) and per client address (one
// client walking a list of addresses). Recorded in SignInAttempt like sign-ups, under a marker
// that cannot be an email address on its own, as successes, so they never count towards the
// sign-in failure limits. Counted whether or not the address has an account, so the limit
// says nothing about accounts either.
const MARKER = "password-reset:";
export const MAX_RESETS_PER_EMAIL = 5;
export const MAX_RESETS_PER_IP = 20;
const RESET_REQUEST_WINDOW_MS = 60 * 60_000;

/** Seconds until this email (and this address) may ask for a reset link again, or 0 when it may now. */
export async function passwordResetRetryAfter(input: { email: string; ip: string; now?: Date }): Promise<number> {
  const now = input.now ?? new Date();
  const since = new Date(now.getTime() - RESET_REQUEST_WINDOW_MS);
  const recent = (where: { email: string } | { email: { startsWith: string }; ip: string }) =>
    db.signInAttempt.findMany({
      where: { ...where, createdAt: { gt: since } },
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
    });
  const [byEmail, byIp] = await Promise.all([
    recent({ email: MARKER + input.email }),
    input.ip ? recent({ email: { startsWith: MARKER }, ip: input.ip }) : Promise.resolve([]),
  ]);
  const wait = (requests: { createdAt: Date }[], max: number) => {
    if (requests.length < max) return 0;
    const freeing = requests[requests.length - max];
    return Math.max(1, Math.ceil((freeing.createdAt.getTime() + RESET_REQUEST_WINDOW_MS - now.getTime()) / 1000));
  };
  return Math.max(wait(byEmail, MAX_RESETS_PER_EMAIL), wait(byIp, MAX_RESETS_PER_IP));
}

export async function recordPasswordResetRequest(input: { email: string; ip: string; now?: Date }): Promise<void> {
  await db.signInAttempt.create({
    data: { email: MARKER + input.email, ip: input.ip, success: true, createdAt: input.now ?? new Date() },
  });
}
