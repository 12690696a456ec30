import "server-only";
import { attemptRetryAfter, recordAttempts } from "@/lib/account/rate-limit/attempt-limit";

// Every sign-up try counts, whether it made an account, found one, or failed: a limit that
// counted only new accounts let a client probe addresses without end. Per client address
// (one client walking a list) and per email (one inbox flooded with notices). The marker
// "sign-up" is also the prefix of the per-email keys, so older rows ("sign-up" alone) still
// count towards the address's limit.
const MARKER = "sign-up";
export const MAX_SIGN_UPS_PER_IP = 30;
export const MAX_SIGN_UPS_PER_EMAIL = 5;
export const SIGN_UP_WINDOW_MS = 60 * 60_000;

/** Seconds until this address may try to sign up with this email again, or 0 when it may now. */
export async function signUpRetryAfter(input: { email: string; ip: string }, now = new Date()): Promise<number> {
  return attemptRetryAfter(
    [
      { key: `${MARKER}:${input.email}`, max: MAX_SIGN_UPS_PER_EMAIL, windowMs: SIGN_UP_WINDOW_MS },
      { prefix: MARKER, ip: input.ip, max: MAX_SIGN_UPS_PER_IP, windowMs: SIGN_UP_WINDOW_MS },
    ],
    now,
  );
}

/** Counts a try, before anything else is done for it. */
export async function recordSignUp(input: { email: string; ip: string }, now = new Date()): Promise<void> {
  await recordAttempts([`${MARKER}:${input.email}`], input.ip, now);
}
