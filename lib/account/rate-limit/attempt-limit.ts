import "server-only";
import { db } from "@/lib/platform/db";

// Hourly and daily limits on things people ask for by form (sign-ups, reset links, invitations),
// kept in SignInAttempt under markers that can never be an email address on their own
// ("sign-up:", "password-reset:", "invite-to:", ...), as successes, so they never count
// towards the sign-in failure limits.

/** One limit: rows under `key` exactly, or under any key starting with `prefix` from `ip`. */
export type AttemptBucket = { max: number; windowMs: number } & ({ key: string } | { prefix: string; ip: string });

async function bucketWait(bucket: AttemptBucket, now: Date): Promise<number> {
  // A per-address limit with no address (a request that reached the app without one) is skipped.
  if ("ip" in bucket && !bucket.ip) return 0;
  const recent = await db.signInAttempt.findMany({
    where: {
      ...("key" in bucket ? { email: bucket.key } : { email: { startsWith: bucket.prefix }, ip: bucket.ip }),
      createdAt: { gt: new Date(now.getTime() - bucket.windowMs) },
    },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true },
  });
  if (recent.length < bucket.max) return 0;
  const freeing = recent[recent.length - bucket.max];
  return Math.max(1, Math.ceil((freeing.createdAt.getTime() + bucket.windowMs - now.getTime()) / 1000));
}

/** Seconds until every bucket has room for one more, or 0 when all have room now. */
export async function attemptRetryAfter(buckets: AttemptBucket[], now = new Date()): Promise<number> {
  const waits = await Promise.all(buckets.map((bucket) => bucketWait(bucket, now)));
  return Math.max(0, ...waits);
}

/** Counts one attempt under each key, from `ip`. */
export async function recordAttempts(keys: string[], ip: string, now = new Date()): Promise<void> {
  await db.signInAttempt.createMany({ data: keys.map((email) => ({ email, ip, success: true, createdAt: now })) });
}

/** "3 minutes", for a limit's message. */
export function waitInWords(seconds: number): string {
  if (seconds > 2 * 60 * 60) {
    const hours = Math.ceil(seconds / 3600);
    return `${hours} hours`;
  }
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
