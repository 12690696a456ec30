import "server-only";
import { attemptRetryAfter, recordAttempts } from "@/lib/account/rate-limit/attempt-limit";

// Reset requests are limited per email (mail-bombing one inbox) and per client address (one
// client walking a list of addresses), counted whether or not the address has an account, so
// the limit says nothing about accounts either.
const MARKER = "password-reset:";
export const MAX_RESETS_PER_EMAIL = 5;
export const MAX_RESETS_PER_IP = 20;
const RESET_REQUEST_WINDOW_MS = 60 * 60_000;

/** Seconds until this email (and this address) may ask for a reset link again, or 0 when it may now. */
export async function passwordResetRetryAfter(input: { email: string; ip: string; now?: Date }): Promise<number> {
  return attemptRetryAfter(
    [
      { key: MARKER + input.email, max: MAX_RESETS_PER_EMAIL, windowMs: RESET_REQUEST_WINDOW_MS },
      { prefix: MARKER, ip: input.ip, max: MAX_RESETS_PER_IP, windowMs: RESET_REQUEST_WINDOW_MS },
    ],
    input.now,
  );
}

export async function recordPasswordResetRequest(input: { email: string; ip: string; now?: Date }): Promise<void> {
  await recordAttempts([MARKER + input.email], input.ip, input.now);
}
