import "server-only";
import { db } from "@/lib/platform/db";
import type { JobHandler, JobOutcome } from "@/lib/platform/jobs/define-job";
import type { ClaimedJob } from "@/lib/platform/db/job-queue";
import { heldBy, released } from "@/lib/platform/jobs/job-lease";
import { logger } from "@/lib/platform/log";

/**
 * Writes back what the handler said comes next. A retry uses an attempt; after the last one the
 * handler's onFinalFailure runs (webhook delivery: dead letters) and the job is marked dead.
 */
export async function settleJob(job: ClaimedJob, outcome: JobOutcome, handler: JobHandler, workerId: string) {
  const where = heldBy(job.id, workerId);
  if (outcome.kind === "done") {
    await db.job.updateMany({ where, data: { status: "done", lastError: null, ...released } });
  } else if (outcome.kind === "reschedule") {
    await db.job.updateMany({
      where,
      data: { status: "pending", runAt: new Date(outcome.at), attempts: { decrement: 1 }, ...released },
    });
  } else if (job.attempts >= job.maxAttempts) {
    logger().error({ attempts: job.attempts, reason: outcome.reason }, "job is dead");
    // Before the job is marked dead: if this throws, the job keeps its lease until it lapses,
    // and then the next claim settles it (and calls this) again.
    await handler.onFinalFailure?.(job.payload);
    await db.job.updateMany({ where, data: { status: "dead", lastError: outcome.reason, ...released } });
  } else {
    await db.job.updateMany({
      where,
      data: {
        status: "pending",
        runAt: new Date(Date.now() + outcome.delayMs),
        lastError: outcome.reason,
        ...released,
      },
    });
  }
}
