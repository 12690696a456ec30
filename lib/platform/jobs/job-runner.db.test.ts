import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/platform/db";
import { currentContext } from "@/lib/platform/log-context";
import { logger } from "@/lib/platform/log";
import { newId } from "@/lib/platform/ids";
import { defineJob, type JobHandler, type JobOutcome } from "@/lib/platform/jobs/define-job";
import { startJobRunner, type JobRunner } from "@/lib/platform/jobs/job-runner";
import { scheduleJobInTx } from "@/lib/platform/jobs/schedule-job";
import { z } from "zod";

// These runners share the database with the suite's app, whose own runner only claims the
// job names it knows; each test uses a job name of its own.
const runners: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

const uniqueName = () => `test/${randomBytes(4).toString("hex")}`;
const handler = (run: JobHandler["run"], errorDelayMs = () => 50): JobHandler => ({ run, errorDelayMs });
const start = (
  handlers: Record<string, JobHandler>,
  extra: { lockMs?: number; concurrency?: number; workerId?: string; pollIntervalMs?: number } = {},
) => {
  const runner = startJobRunner({ handlers, pollIntervalMs: 50, ...extra });
  runners.push(runner);
  return runner;
};
const insertJobs = (name: string, count: number, extra: { runAt?: Date; maxAttempts?: number } = {}) =>
  db.job.createMany({
    data: Array.from({ length: count }, (_, i) => ({ id: newId("job"), name, payload: { i }, ...extra })),
  });
/** What `read` returns once `ok` holds for it. */
const until = <T>(read: () => Promise<T>, ok: (v: T) => boolean, timeout = 15_000): Promise<T> =>
  vi.waitFor(
    async () => {
      const value = await read();
      expect(ok(value), `last value ${JSON.stringify(value)}`).toBe(true);
      return value;
    },
    { timeout, interval: 50 },
  );
const jobsOf = (name: string) => db.job.findMany({ where: { name }, orderBy: { createdAt: "asc" } });

describe("embedded job runner", () => {
  it("writes one summary line per job attempt, under the job's id, with every line of the attempt in that context", async () => {
    const name = uniqueName();
    const lines: Record<string, unknown>[] = [];
    const record = (level: string) =>
      function (this: unknown, fields: object, msg?: string) {
        lines.push({ level, ...currentContext(), ...fields, msg });
      };
    vi.spyOn(logger(), "info").mockImplementation(record("info") as never);
    vi.spyOn(logger(), "warn").mockImplementation(record("warn") as never);
    try {
      let calls = 0;
      start({
        [name]: handler(async () => (++calls === 1 ? Promise.reject(new Error("first try fails")) : { kind: "done" })),
      });
      await insertJobs(name, 1);
      const [job] = await until(
        () => jobsOf(name),
        (jobs) => jobs[0]?.status === "done",
      );
      const ofJob = lines.filter((line) => line.jobId === job.id);
      expect(ofJob).toEqual([
        expect.objectContaining({
          level: "warn",
          msg: "job attempt failed",
          route: `job ${name}`,
          attempt: 1,
          err: { type: "Error", message: "first try fails" },
        }),
        expect.objectContaining({
          level: "info",
          msg: "job",
          route: `job ${name}`,
          attempt: 1,
          durationMs: expect.any(Number),
        }),
        expect.objectContaining({
          level: "info",
          msg: "job",
          route: `job ${name}`,
          attempt: 2,
          durationMs: expect.any(Number),
        }),
      ]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("runs each job exactly once across competing workers (SKIP LOCKED)", async () => {
    const name = uniqueName();
    const runs: { i: number; worker: string }[] = [];
    const make = (worker: string) =>
      handler(async (payload) => {
        runs.push({ i: (payload as { i: number }).i, worker });
        await new Promise((r) => setTimeout(r, 5));
        return { kind: "done" };
      });
    await insertJobs(name, 60);
    start({ [name]: make("a") }, { workerId: "worker-a", concurrency: 4 });
    start({ [name]: make("b") }, { workerId: "worker-b", concurrency: 4 });
    start({ [name]: make("c") }, { workerId: "worker-c", concurrency: 4 });
    await until(
      () => jobsOf(name),
      (jobs) => jobs.every((j) => j.status === "done"),
    );
    expect(runs).toHaveLength(60);
    expect(new Set(runs.map((r) => r.i)).size).toBe(60);
    expect(new Set(runs.map((r) => r.worker)).size).toBeGreaterThan(1);
    const jobs = await jobsOf(name);
    expect(jobs.every((j) => j.attempts === 1 && j.lockedBy === null)).toBe(true);
  });

  it("starts a job scheduled in a transaction as soon as it commits, without waiting for a poll", async () => {
    const name = uniqueName();
    const ran: number[] = [];
    start({ [name]: handler(async () => (ran.push(Date.now()), { kind: "done" })) }, { pollIntervalMs: 60_000 });
    await new Promise((r) => setTimeout(r, 500)); // first poll done; the runner now sleeps a minute
    let committedAt = 0;
    await db.$transaction(async (tx) => {
      const job = defineJob({
        name,
        payload: z.object({}),
        maxAttempts: 5,
        errorDelayMs: () => 50,
      });
      await scheduleJobInTx(tx, job, {});
      await new Promise((r) => setTimeout(r, 300));
      expect(ran).toEqual([]); // not visible (nor notified) before the commit
      committedAt = Date.now();
    });
    await until(
      () => jobsOf(name),
      (jobs) => jobs[0]?.status === "done",
      5000,
    );
    expect(ran[0] - committedAt).toBeLessThan(1000);
  });

  it("does not start a job before its runAt", async () => {
    const name = uniqueName();
    const startedAt: number[] = [];
    const runAt = new Date(Date.now() + 1500);
    await insertJobs(name, 1, { runAt });
    start({ [name]: handler(async () => (startedAt.push(Date.now()), { kind: "done" })) });
    await until(
      () => jobsOf(name),
      (jobs) => jobs[0].status === "done",
    );
    expect(startedAt[0]).toBeGreaterThanOrEqual(runAt.getTime());
    expect(startedAt[0] - runAt.getTime()).toBeLessThan(1000);
  });

  it("retries a failing job with its back-off and marks it dead after maxAttempts", async () => {
    const name = uniqueName();
    const attempts: number[] = [];
    await insertJobs(name, 1, { maxAttempts: 3 });
    start({
      [name]: handler(async (_p, ctx) => {
        attempts.push(ctx.attempt);
        throw new Error(`boom ${ctx.attempt}`);
      }),
    });
    const [job] = await until(
      () => jobsOf(name),
      (jobs) => jobs[0].status === "dead",
    );
    expect(attempts).toEqual([1, 2, 3]);
    expect(job.attempts).toBe(3);
    expect(job.lastError).toBe("Error: boom 3");
  });

  it("calls the handler's onFinalFailure once, before marking the job dead, when its last attempt fails", async () => {
    const name = uniqueName();
    const attempts: number[] = [];
    const finalFailures: { payload: unknown; statusThen: string }[] = [];
    await insertJobs(name, 1, { maxAttempts: 3 });
    start({
      [name]: {
        run: async (_p, ctx) => {
          attempts.push(ctx.attempt);
          if (ctx.attempt === 1) return { kind: "retry", delayMs: 50, reason: "not yet" };
          throw new Error(`boom ${ctx.attempt}`);
        },
        errorDelayMs: () => 50,
        onFinalFailure: async (payload) => {
          const [job] = await jobsOf(name);
          finalFailures.push({ payload, statusThen: job.status });
        },
      },
    });
    const [job] = await until(
      () => jobsOf(name),
      (jobs) => jobs[0].status === "dead",
    );
    expect(attempts).toEqual([1, 2, 3]);
    expect(finalFailures).toEqual([{ payload: { i: 0 }, statusThen: "running" }]);
    expect(job).toMatchObject({ attempts: 3, lastError: "Error: boom 3", lockedBy: null });
  });

  it("passes the attempt number, honours a handler's retry delay, and reschedules without using an attempt", async () => {
    const name = uniqueName();
    const seen: { attempt: number; at: number }[] = [];
    await insertJobs(name, 1);
    start({
      [name]: handler(async (_p, ctx): Promise<JobOutcome> => {
        seen.push({ attempt: ctx.attempt, at: Date.now() });
        if (seen.length === 1) return { kind: "retry", delayMs: 400, reason: "not yet" };
        if (seen.length === 2) return { kind: "reschedule", at: new Date(Date.now() + 300).toISOString() };
        return { kind: "done" };
      }),
    });
    const [job] = await until(
      () => jobsOf(name),
      (jobs) => jobs[0].status === "done",
    );
    expect(seen.map((s) => s.attempt)).toEqual([1, 2, 2]);
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(400);
    expect(seen[2].at - seen[1].at).toBeGreaterThanOrEqual(300);
    expect(job.attempts).toBe(2);
  });

  it("takes over a job whose worker died (lease expired) as its next attempt", async () => {
    const name = uniqueName();
    const id = newId("job");
    // As a worker that crashed mid-run leaves it: running, leased to a process that is gone.
    await db.job.create({
      data: {
        id,
        name,
        payload: {},
        status: "running",
        attempts: 1,
        lockedBy: "dead-worker",
        lockedUntil: new Date(Date.now() - 1000),
      },
    });
    const attempts: number[] = [];
    start({ [name]: handler(async (_p, ctx) => (attempts.push(ctx.attempt), { kind: "done" })) });
    await until(
      () => jobsOf(name),
      (jobs) => jobs[0].status === "done",
    );
    expect(attempts).toEqual([2]);
  });

  it("never runs a job more than maxAttempts times: a lapsed lease on its last attempt ends it dead, with onFinalFailure", async () => {
    const name = uniqueName();
    const id = newId("job");
    // The worker running attempt 5 of 5 died mid-run.
    await db.job.create({
      data: {
        id,
        name,
        payload: { n: 1 },
        status: "running",
        attempts: 5,
        maxAttempts: 5,
        lockedBy: "dead-worker",
        lockedUntil: new Date(Date.now() - 1000),
      },
    });
    const runs: number[] = [];
    const finalFailures: unknown[] = [];
    start({
      [name]: {
        run: async (_p, ctx) => (runs.push(ctx.attempt), { kind: "done" }),
        errorDelayMs: () => 50,
        onFinalFailure: async (payload) => void finalFailures.push(payload),
      },
    });
    const [job] = await until(
      () => jobsOf(name),
      (jobs) => jobs[0].status === "dead",
    );
    expect(runs).toEqual([]);
    expect(finalFailures).toEqual([{ n: 1 }]);
    expect(job).toMatchObject({
      attempts: 5,
      lockedBy: null,
      lastError: expect.stringContaining("last attempt (5) was cut short"),
    });
  });

  it("settles such a job again if onFinalFailure failed the first time", async () => {
    const name = uniqueName();
    await insertJobs(name, 1, { maxAttempts: 1 });
    let calls = 0;
    start(
      {
        [name]: {
          run: async () => {
            throw new Error("always");
          },
          errorDelayMs: () => 50,
          onFinalFailure: async () => {
            if (++calls === 1) throw new Error("database blip");
          },
        },
      },
      { lockMs: 300 },
    );
    const [job] = await until(
      () => jobsOf(name),
      (jobs) => jobs[0].status === "dead",
    );
    expect(calls).toBe(2);
    expect(job.attempts).toBe(1);
  });

  it("in relay mode still relays a job whose relayer died, whatever its attempt count (Inngest counts attempts)", async () => {
    const name = uniqueName();
    await db.job.create({
      data: {
        id: newId("job"),
        name,
        payload: {},
        status: "running",
        attempts: 5,
        maxAttempts: 5,
        lockedBy: "dead-relayer",
        lockedUntil: new Date(Date.now() - 1000),
      },
    });
    const relayed: string[] = [];
    const runner = startJobRunner({
      handlers: { [name]: handler(async () => ({ kind: "done" })) },
      pollIntervalMs: 50,
      relay: async (jobs) => void relayed.push(...jobs.map((j) => j.name)),
    });
    runners.push(runner);
    await until(
      () => jobsOf(name),
      (jobs) => jobs[0].status === "done",
    );
    expect(relayed).toEqual([name]);
  });

  it("leaves a job with a live lease alone, renews the lease of long jobs, and fences stale write-backs", async () => {
    const name = uniqueName();
    const id = newId("job");
    await db.job.create({
      data: {
        id,
        name,
        payload: {},
        status: "running",
        attempts: 1,
        lockedBy: "other",
        lockedUntil: new Date(Date.now() + 60_000),
      },
    });
    let runs = 0;
    const runner = start({ [name]: handler(async () => (runs++, { kind: "done" })) });
    await runner.poll();
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toBe(0);

    // A long job: the lease (600 ms) is renewed while it runs, so a second worker never takes it.
    const longName = uniqueName();
    await insertJobs(longName, 1);
    let release!: () => void;
    const finished = new Promise<void>((r) => (release = r));
    let longRuns = 0;
    const longHandler = handler(async () => {
      longRuns++;
      await finished;
      return { kind: "done" };
    });
    start({ [longName]: longHandler }, { lockMs: 600, workerId: "long-a" });
    await until(
      () => jobsOf(longName),
      (jobs) => jobs[0].status === "running",
    );
    start({ [longName]: longHandler }, { lockMs: 600, workerId: "long-b" });
    await new Promise((r) => setTimeout(r, 1500));
    expect(longRuns).toBe(1);
    const [running] = await jobsOf(longName);
    expect(running.lockedBy).toBe("long-a");
    expect(running.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    release();
    await until(
      () => jobsOf(longName),
      (jobs) => jobs[0].status === "done",
    );

    // Fencing: a worker whose lease was taken over cannot write its result over the new owner's.
    const fencedName = uniqueName();
    await insertJobs(fencedName, 1);
    let releaseFenced!: () => void;
    const fencedFinished = new Promise<void>((r) => (releaseFenced = r));
    start({ [fencedName]: handler(async () => (await fencedFinished, { kind: "done" })) }, { workerId: "fenced" });
    await until(
      () => jobsOf(fencedName),
      (jobs) => jobs[0].status === "running",
    );
    await db.job.updateMany({ where: { name: fencedName }, data: { lockedBy: "successor" } });
    releaseFenced();
    await new Promise((r) => setTimeout(r, 300));
    const [fenced] = await jobsOf(fencedName);
    expect(fenced).toMatchObject({ status: "running", lockedBy: "successor" });
    await db.job.deleteMany({ where: { name: fencedName } });
  });
});
