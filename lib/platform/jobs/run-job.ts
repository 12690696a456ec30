import "server-only";
import type { JobHandler, JobOutcome } from "@/lib/platform/jobs/define-job";
import type { ClaimedJob } from "@/lib/platform/db/job-queue";
import { describeJobError, keepLeaseAlive } from "@/lib/platform/jobs/job-lease";
import { settleJob } from "@/lib/platform/jobs/settle-job";
import { errorField, logger } from "@/lib/platform/log";
import { runWithContext } from "@/lib/platform/log-context";

/** One job attempt, under its lease, in its own log context with one summary line. */
export function runJob(job: ClaimedJob, handler: JobHandler, workerId: string, lockMs: number) {
  return runWithContext({ jobId: job.id, route: `job ${job.name}` }, async () => {
    const started = performance.now();
    const stopRenewing = keepLeaseAlive(job.id, workerId, lockMs);
    try {
      await settleJob(job, await outcomeOf(job, handler), handler, workerId);
    } catch (error) {
      // Could not write the result back: the lease lapses and the job is taken over.
      logger().error({ err: errorField(error) }, "could not settle job");
    } finally {
      stopRenewing();
    }
    logger().info({ attempt: job.attempts, durationMs: Math.round(performance.now() - started) }, "job");
  });
}

/** What the handler says comes next; a throw is a retry after the handler's back-off. */
async function outcomeOf(job: ClaimedJob, handler: JobHandler): Promise<JobOutcome> {
  if (job.exhausted) {
    return {
      kind: "retry",
      delayMs: 0,
      reason: `its last attempt (${job.attempts}) was cut short: the worker running it stopped`,
    };
  }
  try {
    return await handler.run(job.payload, { attempt: job.attempts });
  } catch (error) {
    logger().warn({ attempt: job.attempts, err: errorField(error) }, "job attempt failed");
    return { kind: "retry", delayMs: handler.errorDelayMs(job.attempts), reason: describeJobError(error) };
  }
}
