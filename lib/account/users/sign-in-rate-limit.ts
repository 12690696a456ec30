import "server-only";
import { db } from "@/lib/platform/db";

// Failed password sign-ins are limited per email (guessing one account's password) and per
// client address (spraying one password over many accounts). An address is shared by an
// office behind NAT, so its budget is larger.
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 10;
export const MAX_FAILURES_PER_IP = 50;
// Attempts older than this serve no limit; they are pruned as new ones arrive.
const RETENTION_MS = 24 * 60 * 60_000;

export type SignInAttemptTicket = { allowed: true; attemptId: bigint } | { allowed: false; retryAfterSeconds: number };

/**
 * Records an attempt as a failure before the password is checked, then counts: concurrent
 * guesses each see the others, so a burst cannot slip past the limit. A refused attempt is
 * removed again, so hammering a locked account does not extend its lock.
 */
export async function beginSignInAttempt(input: {
  email: string;
  ip: string;
  now?: Date;
}): Promise<SignInAttemptTicket> {
  const now = input.now ?? new Date();
  const windowStart = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  await db.signInAttempt.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - RETENTION_MS) } } });
  const attempt = await db.signInAttempt.create({
    data: { email: input.email, ip: input.ip, success: false, createdAt: now },
  });

  // A successful sign-in wipes the slate for that email: only failures after it count.
  const lastSuccess = await db.signInAttempt.findFirst({
    where: { email: input.email, success: true, createdAt: { gt: windowStart } },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  const emailSince = lastSuccess && lastSuccess.createdAt > windowStart ? lastSuccess.createdAt : windowStart;

  const [emailFailures, ipFailures] = await Promise.all([
    db.signInAttempt.findMany({
      where: { email: input.email, success: false, createdAt: { gt: emailSince } },
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
    }),
    input.ip
      ? db.signInAttempt.findMany({
          where: { ip: input.ip, success: false, createdAt: { gt: windowStart } },
          orderBy: { createdAt: "asc" },
          select: { createdAt: true },
        })
      : Promise.resolve([]),
  ]);

  const blockedFor = (failures: { createdAt: Date }[], max: number) => {
    if (failures.length <= max) return 0;
    // The lock lifts when enough of the oldest failures leave the window to bring the count back under the limit.
    const freeing = failures[failures.length - 1 - max];
    return Math.max(1, Math.ceil((freeing.createdAt.getTime() + SIGN_IN_WINDOW_MS - now.getTime()) / 1000));
  };
  const retryAfterSeconds = Math.max(
    blockedFor(emailFailures, MAX_FAILURES_PER_EMAIL),
    blockedFor(ipFailures, MAX_FAILURES_PER_IP),
  );
  if (retryAfterSeconds > 0) {
    await db.signInAttempt.delete({ where: { id: attempt.id } });
    return { allowed: false, retryAfterSeconds };
  }
  return { allowed: true, attemptId: attempt.id };
}

export async function markSignInSucceeded(attemptId: bigint): Promise<void> {
  await db.signInAttempt.update({ where: { id: attemptId }, data: { success: true } });
}
