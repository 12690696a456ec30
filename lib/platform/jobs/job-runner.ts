import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { db } from "@/lib/platform/db";
import { listenForNotifications } from "@/lib/platform/db/listen";
import type { JobHandler, JobOutcome } from "@/lib/platform/jobs/define-job";
import { JOBS_CHANNEL } from "@/lib/platform/jobs/schedule-job";
import { toStorableText } from "@/lib/platform/text/storable-text";
import { errorField, logger } from "@/lib/platform/log";
import { runWithContext } from "@/lib/platform/log-context";

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

export type ClaimedJob = {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  /** Its last attempt was cut short (lease lapsed): settle it as dead, do not run it. */
  exhausted?: boolean;
};

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

const RELAY_RETRY_MS = 5000;
const PRUNE_EVERY_MS = 60 * 60_000;
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60_000;

export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const concurrency = options.concurrency ?? 8;
  const lockMs = options.lockMs ?? 60_000;
  const names = Object.keys(options.handlers);
  const running = new Set<Promise<void>>();
  let stopped = false;
  let wake: (() => void) | null = null;
  // Set when there may be new work while the loop is busy, so it polls again before sleeping.
  let wakeRequested = false;
  const requestWake = () => {
    wakeRequested = true;
    wake?.();
  };
  let lastPrune = 0;

  async function claim(limit: number): Promise<ClaimedJob[]> {
    const relayMode = Boolean(options.relay);
    // `exhausted`: a job whose lease lapsed on its last attempt, claimed only to be settled as
    // dead, without a run and without counting another attempt. A relay is not a run (Inngest
    // counts the attempts and dedupes the event by job id), so relaying never exhausts a job.
    return db.$queryRaw<ClaimedJob[]>`
      WITH picked AS (
             SELECT "id", ("attempts" >= "maxAttempts" AND NOT ${relayMode}::boolean) AS "exhausted"
               FROM "Job"
              WHERE "name" = ANY(${names}::text[])
                AND (("status" = 'pending' AND ("runAt" <= now() OR ${relayMode}::boolean))
                     OR ("status" = 'running' AND "lockedUntil" < now()))
              ORDER BY "runAt"
              LIMIT ${limit}::int
                FOR UPDATE SKIP LOCKED)
      UPDATE "Job" AS j
         SET "status" = 'running',
             "lockedBy" = ${workerId},
             "lockedUntil" = now() + ${lockMs}::int * interval '1 millisecond',
             "attempts" = j."attempts" + CASE WHEN picked."exhausted" THEN 0 ELSE 1 END,
             "updatedAt" = now()
        FROM picked
       WHERE j."id" = picked."id"
      RETURNING j."id", j."name", j."payload", j."attempts", j."maxAttempts", j."runAt", picked."exhausted"`;
  }

  const mine = (job: ClaimedJob) => ({ id: job.id, lockedBy: workerId });
  const unlocked = { lockedBy: null, lockedUntil: null };

  async function settle(job: ClaimedJob, outcome: JobOutcome) {
    if (outcome.kind === "done") {
      await db.job.updateMany({ where: mine(job), data: { status: "done", lastError: null, ...unlocked } });
    } else if (outcome.kind === "reschedule") {
      await db.job.updateMany({
        where: mine(job),
        data: { status: "pending", runAt: new Date(outcome.at), attempts: { decrement: 1 }, ...unlocked },
      });
    } else if (job.attempts >= job.maxAttempts) {
      logger().error({ attempts: job.attempts, reason: outcome.reason }, "job is dead");
      // Before the job is marked dead: if this throws, the job keeps its lease until it lapses,
      // and then the next claim settles it (and calls this) again.
      await options.handlers[job.name].onFinalFailure?.(job.payload);
      await db.job.updateMany({ where: mine(job), data: { status: "dead", lastError: outcome.reason, ...unlocked } });
    } else {
      await db.job.updateMany({
        where: mine(job),
        data: {
          status: "pending",
          runAt: new Date(Date.now() + outcome.delayMs),
          lastError: outcome.reason,
          ...unlocked,
        },
      });
    }
  }

  // One log context and one summary line per job attempt.
  function execute(job: ClaimedJob) {
    return runWithContext({ jobId: job.id, route: `job ${job.name}` }, async () => {
      const started = performance.now();
      await executeJob(job);
      logger().info({ attempt: job.attempts, durationMs: Math.round(performance.now() - started) }, "job");
    });
  }

  async function executeJob(job: ClaimedJob) {
    const handler = options.handlers[job.name];
    const heartbeat = setInterval(() => {
      db.job
        .updateMany({ where: mine(job), data: { lockedUntil: new Date(Date.now() + lockMs) } })
        .catch((error) => logger().error({ err: errorField(error) }, "could not renew the job lease"));
    }, lockMs / 3);
    try {
      let outcome: JobOutcome;
      try {
        outcome = job.exhausted
          ? {
              kind: "retry",
              delayMs: 0,
              reason: `its last attempt (${job.attempts}) was cut short: the worker running it stopped`,
            }
          : await handler.run(job.payload, { attempt: job.attempts });
      } catch (error) {
        logger().warn({ attempt: job.attempts, err: errorField(error) }, "job attempt failed");
        outcome = { kind: "retry", delayMs: handler.errorDelayMs(job.attempts), reason: describe(error) };
      }
      await settle(job, outcome);
    } catch (error) {
      // Could not write the result back: the lease lapses and the job is taken over.
      logger().error({ err: errorField(error) }, "could not settle job");
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function relay(jobs: ClaimedJob[]) {
    const ids = jobs.map((job) => job.id);
    try {
      await options.relay!(jobs);
      await db.job.updateMany({
        where: { id: { in: ids }, lockedBy: workerId },
        data: { status: "done", lastError: null, ...unlocked },
      });
    } catch (error) {
      logger().error({ jobs: jobs.length, retryInMs: RELAY_RETRY_MS, err: errorField(error) }, "relaying jobs failed");
      await db.job.updateMany({
        where: { id: { in: ids }, lockedBy: workerId },
        data: { status: "pending", attempts: { decrement: 1 }, lastError: describe(error), ...unlocked },
      });
      await new Promise((resolve) => setTimeout(resolve, RELAY_RETRY_MS));
    }
  }

  async function prune() {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    await db.job.deleteMany({ where: { status: "done", updatedAt: { lt: new Date(Date.now() - KEEP_FINISHED_MS) } } });
  }

  async function poll(): Promise<number> {
    const free = concurrency - running.size;
    if (free <= 0 || names.length === 0) return 0;
    const jobs = await claim(free);
    if (options.relay) {
      if (jobs.length) await relay(jobs);
      return jobs.length;
    }
    for (const job of jobs) {
      const run: Promise<void> = execute(job).finally(() => {
        running.delete(run);
        requestWake();
      });
      running.add(run);
    }
    return jobs.length;
  }

  const listener = options.listen === false ? null : listenForNotifications(JOBS_CHANNEL, requestWake);

  const loop = (async () => {
    while (!stopped) {
      let claimed = 0;
      let requested = 0;
      try {
        requested = concurrency - running.size;
        claimed = await poll();
        await prune();
      } catch (error) {
        logger().error({ err: errorField(error) }, "job poll failed");
      }
      // A full batch means more may be due: go again at once (when there is room).
      if (claimed > 0 && claimed === requested && running.size < concurrency) continue;
      if (wakeRequested && running.size < concurrency) {
        wakeRequested = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollIntervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      wakeRequested = false;
    }
  })();

  return {
    workerId,
    poll,
    stop: async () => {
      stopped = true;
      await listener?.close();
      wake?.();
      await loop;
      await Promise.allSettled([...running]);
    },
  };
}

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // Stored in Job.lastError: a NUL in a message must not make the write-back fail.
  return toStorableText(text.slice(0, 1000));
}
