import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { db } from "@/lib/platform/db";
import { claimJobRows, type ClaimedJob } from "@/lib/platform/db/job-queue";
import type { JobHandler } from "@/lib/platform/jobs/define-job";
import { relayJobs } from "@/lib/platform/jobs/relay-jobs";
import { runJob } from "@/lib/platform/jobs/run-job";
import { createWakeUp } from "@/lib/platform/jobs/wake-up";
import { errorField, logger } from "@/lib/platform/log";

// The embedded engine: a small poller over the Job table (the outbox that state changes
// write in their own transactions). It is deliberately not a second Inngest: it claims due
// jobs, runs their handler, and writes back what the handler said comes next.
//
// - Claiming is one UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED): any number
//   of app processes can poll one database and each job run goes to exactly one of them.
// - A claim is a lease (lockedUntil), renewed while the handler runs. A process that dies
//   mid-job stops renewing; once the lease lapses another process takes the job over as its
//   next attempt. Every write-back is fenced on lockedBy, so a worker that lost its lease
//   cannot overwrite its successor's result.
// - attempts/maxAttempts: a handler that throws or asks to retry uses an attempt; after the
//   last one the handler's onFinalFailure runs (webhook delivery: dead letters) and the job
//   is marked dead and logged. A job whose last attempt was cut short (its worker died, the
//   lease lapsed) is never run again: the next claim settles it the same way, so no job runs
//   more than maxAttempts times.
// - Polling (JOB_POLL_INTERVAL_MS) is the guarantee; a LISTEN on the channel that
//   scheduleJobInTx NOTIFYs on commit is the shortcut, so a job due now starts within
//   milliseconds in whichever process is idle. Losing the listener only costs latency.
//
// Each concern is a file of its own: the claim (claimJobRows, lib/platform/db/job-queue.ts), run-job.ts (one attempt under
// its lease), settle-job.ts (the write-back and retries), job-lease.ts (lease renewal and the
// lockedBy fence), relay-jobs.ts (relay mode), wake-up.ts (sleeping and LISTEN/NOTIFY).

export type { ClaimedJob };

export type JobRunnerOptions = {
  handlers: Record<string, JobHandler>;
  pollIntervalMs: number;
  /** Jobs run at the same time by this process. */
  concurrency?: number;
  /** Lease length; renewed every third of it while a job runs. */
  lockMs?: number;
  workerId?: string;
  /**
   * Relay mode (Inngest configured): hand every pending job, due or not, to another engine
   * instead of running it here. Throwing leaves the jobs pending for the next poll.
   */
  relay?: (jobs: ClaimedJob[]) => Promise<void>;
  /** Wake up on NOTIFY from scheduleJobInTx (default true). */
  listen?: boolean;
};

export type JobRunner = {
  workerId: string;
  /** One claim-and-dispatch round; resolves with the number of jobs claimed. */
  poll: () => Promise<number>;
  /** Stops polling and waits for running jobs to finish. */
  stop: () => Promise<void>;
};

const PRUNE_EVERY_MS = 60 * 60_000;
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60_000;

export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const concurrency = options.concurrency ?? 8;
  const lockMs = options.lockMs ?? 60_000;
  const names = Object.keys(options.handlers);
  const running = new Set<Promise<void>>();
  const wakeUp = createWakeUp(options.listen !== false);
  const pruneFinished = finishedJobPruner();
  let stopped = false;

  async function poll(): Promise<number> {
    const free = concurrency - running.size;
    if (free <= 0 || names.length === 0) return 0;
    const jobs = await claimJobRows({ names, workerId, lockMs, relayMode: Boolean(options.relay), limit: free });
    if (options.relay) {
      if (jobs.length) await relayJobs(jobs, options.relay, workerId);
      return jobs.length;
    }
    for (const job of jobs) {
      const run: Promise<void> = runJob(job, options.handlers[job.name], workerId, lockMs).finally(() => {
        running.delete(run);
        wakeUp.request();
      });
      running.add(run);
    }
    return jobs.length;
  }

  // One round: poll, then go again at once while there may be more work and room for it, else
  // sleep until the poll interval ends or a wake-up comes.
  async function round() {
    let claimed = 0;
    let requested = 0;
    try {
      requested = concurrency - running.size;
      claimed = await poll();
      await pruneFinished();
    } catch (error) {
      logger().error({ err: errorField(error) }, "job poll failed");
    }
    const hasRoom = running.size < concurrency;
    // A full batch means more may be due.
    if (claimed > 0 && claimed === requested && hasRoom) return;
    if (hasRoom && wakeUp.takeRequest()) return;
    await wakeUp.sleep(options.pollIntervalMs);
  }

  const loop = (async () => {
    while (!stopped) await round();
  })();

  return {
    workerId,
    poll,
    stop: async () => {
      stopped = true;
      await wakeUp.close();
      await loop;
      await Promise.allSettled([...running]);
    },
  };
}

/** Deletes finished jobs older than a week, at most once an hour. */
function finishedJobPruner() {
  let lastPrune = 0;
  return async () => {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    await db.job.deleteMany({ where: { status: "done", updatedAt: { lt: new Date(Date.now() - KEEP_FINISHED_MS) } } });
  };
}
