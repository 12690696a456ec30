import "server-only";
import { db } from "@/lib/platform/db";
import type { ClaimedJob } from "@/lib/platform/db/job-queue";
import { describeJobError, released } from "@/lib/platform/jobs/job-lease";
import { errorField, logger } from "@/lib/platform/log";

const RELAY_RETRY_MS = 5000;

/**
 * Relay mode (Inngest configured): hands the claimed jobs to the other engine and marks them done
 * here. If the hand-over throws they go back to pending, their attempt not counted, and this
 * waits a little before the next poll tries again.
 */
export async function relayJobs(jobs: ClaimedJob[], relay: (jobs: ClaimedJob[]) => Promise<void>, workerId: string) {
  const where = { id: { in: jobs.map((job) => job.id) }, lockedBy: workerId };
  try {
    await relay(jobs);
    await db.job.updateMany({ where, data: { status: "done", lastError: null, ...released } });
  } catch (error) {
    logger().error({ jobs: jobs.length, retryInMs: RELAY_RETRY_MS, err: errorField(error) }, "relaying jobs failed");
    await db.job.updateMany({
      where,
      data: { status: "pending", attempts: { decrement: 1 }, lastError: describeJobError(error), ...released },
    });
    await new Promise((resolve) => setTimeout(resolve, RELAY_RETRY_MS));
  }
}
