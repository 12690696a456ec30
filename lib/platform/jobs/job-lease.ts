import "server-only";
import { db } from "@/lib/platform/db";
import { errorField, logger } from "@/lib/platform/log";
import { toStorableText } from "@/lib/platform/text/storable-text";

// Every write-back is fenced on lockedBy, so a worker that lost its lease cannot overwrite its
// successor's result.
export const heldBy = (jobId: string, workerId: string) => ({ id: jobId, lockedBy: workerId });
export const released = { lockedBy: null, lockedUntil: null };

/**
 * Renews the lease every third of its length while a job runs; a process that dies stops
 * renewing, the lease lapses and another process takes the job over. Returns the stop function.
 */
export function keepLeaseAlive(jobId: string, workerId: string, lockMs: number): () => void {
  const heartbeat = setInterval(() => {
    db.job
      .updateMany({ where: heldBy(jobId, workerId), data: { lockedUntil: new Date(Date.now() + lockMs) } })
      .catch((error) => logger().error({ err: errorField(error) }, "could not renew the job lease"));
  }, lockMs / 3);
  return () => clearInterval(heartbeat);
}

/** An error as stored in Job.lastError. */
export function describeJobError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // A NUL in a message must not make the write-back fail.
  return toStorableText(text.slice(0, 1000));
}
