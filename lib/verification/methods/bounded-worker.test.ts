// The bounded worker's rules with a small worker of the test's own (a data: module, so no file
// is needed): one photo at a time in order, a full queue refused as busy, a stuck photo timed out
// and its worker replaced, a failed load or answer as a provider error, and the idle shutdown;
// then what a worker process adds: its own pid and a minimal environment, a crash that fails only
// the photo in flight, an idle shutdown that ends the process, and its lower priority.
// The real workers' own tests (face-estimator.test.ts, read-document.test.ts) cover them in use.
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BoundedWorker, type WorkerLimits } from "@/lib/verification/methods/bounded-worker";
import { ProviderError } from "@/lib/verification/methods/types";
import { processExists } from "../../../tests/support/processes";

// Answers { id, bytes, mode } with the byte count and the order it saw the photos in; "hang"
// never answers (a decoder stuck in a loop); "fail" answers an error; "about" answers where it
// runs (its pid, the names in its environment, its threads' priorities). workerData.failLoad
// makes it refuse to start; workerData.keepAlive gives it a timer that never ends. It talks
// through worker-port.mjs, as the real workers do.
const PORT = pathToFileURL(path.resolve("lib/verification/methods/worker-port.mjs")).href;
const WORKER = `
import { readdirSync } from "node:fs";
import os from "node:os";
import { parentPort, workerData } from ${JSON.stringify(PORT)};
let seen = 0;
const priorities = () =>
  os.platform() === "linux" ? readdirSync("/proc/self/task").map((task) => os.getPriority(Number(task))) : [];
// Something of its own that keeps it running, as the document reader's OCR threads do.
if (workerData.keepAlive) setInterval(() => {}, 1000);
if (workerData.failLoad) parentPort.postMessage({ ready: false, error: "no models" });
else {
  parentPort.on("message", ({ id, bytes, mode }) => {
    if (mode === "hang") for (;;);
    if (mode === "fail") return parentPort.postMessage({ id, error: "bad photo" });
    if (mode === "about")
      return parentPort.postMessage({ id, answer: { pid: process.pid, env: Object.keys(process.env), priorities: priorities() } });
    setTimeout(() => parentPort.postMessage({ id, answer: { length: bytes.length, order: ++seen } }), 20);
  });
  parentPort.postMessage({ ready: true });
}`;
const ENTRY = `data:text/javascript,${encodeURIComponent(WORKER)}`;

class Busy extends ProviderError {}
class Timeout extends ProviderError {}

const pools: { stop(): void }[] = [];
afterEach(() => pools.splice(0).forEach((pool) => pool.stop()));

type Extra = {
  failLoad?: boolean;
  restAfter?: (workedMs: number, loopUtilization: number) => number;
  home?: "process" | "thread";
  lowPriority?: boolean;
};

function pool(limits: Partial<WorkerLimits> = {}, extra: Extra = {}) {
  const made = new BoundedWorker<{ length: number; order: number }>({
    entry: ENTRY,
    workerData: { failLoad: extra.failLoad ?? false },
    resultField: "answer",
    name: "test check",
    limits: () => ({ maxQueue: 8, workBudgetMs: 10_000, idleMs: 600_000, ...limits }),
    busyError: (message) => new Busy(message),
    timeoutError: (message) => new Timeout(message),
    restAfter: extra.restAfter,
    home: extra.home,
    lowPriority: extra.lowPriority,
  });
  pools.push(made);
  return made;
}

const photo = (length: number) => new Uint8Array(length).fill(7);

describe("BoundedWorker", () => {
  it("answers each photo, one at a time in the order they came, with the fields sent along", async () => {
    const worker = pool();
    const answers = await Promise.all([1, 2, 3].map((n) => worker.run(photo(n))));
    expect(answers).toEqual([
      { length: 1, order: 1 },
      { length: 2, order: 2 },
      { length: 3, order: 3 },
    ]);
  });

  it("leaves the caller's bytes as they were (the worker gets a copy)", async () => {
    const bytes = photo(4);
    await pool().run(bytes);
    expect(bytes).toEqual(photo(4));
  });

  it("refuses a photo beyond its queue at once as busy, and serves those it took", async () => {
    const worker = pool({ maxQueue: 2 });
    const settled = await Promise.allSettled([1, 2, 3].map((n) => worker.run(photo(n))));
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    const refusal = (settled[2] as PromiseRejectedResult).reason;
    expect(refusal).toBeInstanceOf(Busy);
    expect(refusal.message).toBe("test check is busy (queue full)");
  });

  it("refuses an onlyIfIdle call while a photo waits, and takes it when none does", async () => {
    const worker = pool();
    const first = worker.run(photo(1));
    const refused = worker.run(photo(2), {}, { onlyIfIdle: true });
    await expect(refused).rejects.toThrow("test check is busy (photos waiting)");
    await first;
    await expect(worker.run(photo(3), {}, { onlyIfIdle: true })).resolves.toMatchObject({ length: 3 });
  });

  it("times out a photo that overruns its budget, replaces the worker, and serves the next photo", async () => {
    const worker = pool({ workBudgetMs: 500 });
    const stuck = worker.run(photo(1), { mode: "hang" });
    const next = worker.run(photo(2));
    await expect(stuck).rejects.toBeInstanceOf(Timeout);
    await expect(stuck).rejects.toThrow("test check: the photo took longer than its budget");
    // A new worker: its count of photos starts again.
    await expect(next).resolves.toEqual({ length: 2, order: 1 });
  });

  it("is fair between queues: one organisation's stuck photos hold another's for one budget, and fill half the places", async () => {
    const budget = 400;
    const worker = pool({ workBudgetMs: budget, maxQueue: 8 });
    const settledAt: Record<string, number> = {};
    const start = performance.now();
    const track = (name: string, call: Promise<unknown>) =>
      call.then(
        () => (settledAt[name] = performance.now() - start),
        () => (settledAt[name] = performance.now() - start),
      );
    const stuck = [1, 2, 3, 4].map((n) => track(`a${n}`, worker.run(photo(n), { mode: "hang" }, { queue: "org_a" })));
    await expect(worker.run(photo(5), { mode: "hang" }, { queue: "org_a" })).rejects.toThrow(
      "test check is busy (this queue's share is full)",
    );
    const genuine = worker.run(photo(6), {}, { queue: "org_b" });
    await expect(genuine).resolves.toMatchObject({ length: 6 });
    const genuineMs = performance.now() - start;
    await Promise.all(stuck);
    // Served right after the stuck photo in the worker, before the rest of org_a's.
    expect(genuineMs).toBeLessThan(settledAt.a2);
    expect(genuineMs).toBeLessThan(budget * 2 + 1000);
    expect(settledAt.a4).toBeGreaterThanOrEqual(budget * 4);
  }, 30_000);

  it("bounds a call from when it was made when a wait timeout is set", async () => {
    const worker = pool({ waitTimeoutMs: 300 });
    const stuck = worker.run(photo(1), { mode: "hang" });
    const waiting = worker.run(photo(2));
    await expect(stuck).rejects.toThrow("test check timed out");
    await expect(waiting).rejects.toBeInstanceOf(Timeout);
  });

  it("turns the worker's error answer into a provider error, and goes on", async () => {
    const worker = pool();
    await expect(worker.run(photo(1), { mode: "fail" })).rejects.toThrow("test check failed: bad photo");
    await expect(worker.run(photo(2))).resolves.toMatchObject({ length: 2 });
  });

  it("fails every waiting photo as a provider error when the worker cannot load", async () => {
    const worker = pool({}, { failLoad: true });
    const settled = await Promise.allSettled([worker.run(photo(1)), worker.run(photo(2))]);
    for (const result of settled) {
      expect(result.status).toBe("rejected");
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(ProviderError);
      expect((result as PromiseRejectedResult).reason.message).toBe("test check could not load: no models");
    }
    expect(worker.running).toBe(false);
  });

  it("asks how long to rest after each photo, and still serves the next one after the rest", async () => {
    const restAfter = vi.fn(() => 50);
    const worker = pool({}, { restAfter });
    await Promise.all([worker.run(photo(1)), worker.run(photo(2))]);
    expect(restAfter).toHaveBeenCalledTimes(2);
    const [workedMs, loopUtilization] = restAfter.mock.calls[0] as unknown as [number, number];
    expect(workedMs).toBeGreaterThan(0);
    expect(loopUtilization).toBeGreaterThanOrEqual(0);
    expect(loopUtilization).toBeLessThanOrEqual(1);
  });

  it("ends its worker after the idle time and starts a new one for the next photo", async () => {
    const worker = pool({ idleMs: 100 });
    expect(worker.running).toBe(false);
    await worker.run(photo(1));
    expect(worker.running).toBe(true);
    await vi.waitFor(() => expect(worker.running).toBe(false), { timeout: 10_000 });
    await expect(worker.run(photo(2))).resolves.toEqual({ length: 2, order: 1 });
  });

  it("fails the photo in flight and those waiting when stopped", async () => {
    const worker = pool();
    const calls = [worker.run(photo(1), { mode: "hang" }), worker.run(photo(2))];
    await vi.waitFor(() => expect(worker.running).toBe(true));
    worker.stop();
    for (const call of calls) await expect(call).rejects.toThrow("test check stopped");
  });
});

type About = { pid: number; env: string[]; priorities: number[] };
const about = (worker: ReturnType<typeof pool>) => worker.run(photo(1), { mode: "about" }) as unknown as Promise<About>;

describe("BoundedWorker's worker process", () => {
  it("runs the worker in a process of its own, with none of the app's environment", async () => {
    process.env.BOUNDED_WORKER_TEST_SECRET = "not for the worker";
    try {
      const worker = pool();
      const where = await about(worker);
      expect(where.pid).not.toBe(process.pid);
      expect(where.pid).toBe(worker.pid);
      expect(where.env).toEqual(["BOUNDED_WORKER_DATA"]);
    } finally {
      delete process.env.BOUNDED_WORKER_TEST_SECRET;
    }
  });

  it("fails the photo in flight as a provider error when the process is killed, and serves the next in a new one", async () => {
    const worker = pool();
    const killed = (await about(worker)).pid;
    const stuck = worker.run(photo(1), { mode: "hang" });
    const waiting = worker.run(photo(2));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the first photo is in the worker
    // Killed from outside, as a crash in a decoder or the WebAssembly runtime would end it.
    process.kill(killed, "SIGKILL");
    await expect(stuck).rejects.toBeInstanceOf(ProviderError);
    await expect(stuck).rejects.toThrow("test check crashed");
    // The photo that was waiting is served by a new process (its count starts again).
    await expect(waiting).resolves.toEqual({ length: 2, order: 1 });
    await vi.waitFor(() => expect(processExists(killed)).toBe(false));
    expect(worker.pid).toBeDefined();
    expect(worker.pid).not.toBe(killed);
    expect((await about(worker)).pid).toBe(worker.pid);
  });

  it("ends the process after the idle time: its pid no longer exists", async () => {
    const worker = pool({ idleMs: 200 });
    const { pid } = await about(worker);
    expect(processExists(pid)).toBe(true);
    await vi.waitFor(() => expect(processExists(pid)).toBe(false), { timeout: 10_000 });
    expect(worker.running).toBe(false);
    expect(worker.pid).toBeUndefined();
  });

  it("ends the process when stopped", async () => {
    const worker = pool();
    const { pid } = await about(worker);
    worker.stop();
    await vi.waitFor(() => expect(processExists(pid)).toBe(false), { timeout: 10_000 });
  });

  it("replaces a process stuck past the budget by killing it", async () => {
    const worker = pool({ workBudgetMs: 300 });
    const stuck = worker.run(photo(1), { mode: "hang" });
    await vi.waitFor(() => expect(worker.pid).toBeDefined());
    const pid = worker.pid!;
    await expect(stuck).rejects.toBeInstanceOf(Timeout);
    await vi.waitFor(() => expect(processExists(pid)).toBe(false), { timeout: 10_000 });
  });

  it("ends the worker process when the app dies without a word (its channel closes)", async () => {
    // A stand-in for the app: a plain Node process that forks a worker as BoundedWorker does, says
    // the worker's pid once it is loaded, and is then killed with SIGKILL (no exit handler runs).
    const program = pathToFileURL(path.resolve("lib/verification/methods/worker-process.mjs")).href;
    const app = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { fork } from "node:child_process";
         const worker = fork(new URL(${JSON.stringify(program)}), [${JSON.stringify(ENTRY)}], {
           serialization: "advanced", execArgv: [], env: { BOUNDED_WORKER_DATA: '{"keepAlive":true}' } });
         worker.on("message", (m) => m.ready && console.log(worker.pid));`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const workerPid = await new Promise<number>((resolve) => app.stdout.once("data", (data) => resolve(Number(data))));
    expect(processExists(workerPid)).toBe(true);
    app.kill("SIGKILL");
    try {
      await vi.waitFor(() => expect(processExists(workerPid)).toBe(false), { timeout: 10_000 });
    } finally {
      if (processExists(workerPid)) process.kill(workerPid, "SIGKILL"); // the test failed: no orphan left behind
    }
  });

  it.runIf(os.platform() === "linux")("runs every thread of a low-priority worker process at nice 10", async () => {
    // Relative to this process's own (a niced test run's children start at its value).
    const own = os.getPriority();
    const low = await about(pool({}, { lowPriority: true }));
    expect(low.priorities.length).toBeGreaterThan(1);
    expect(new Set(low.priorities)).toEqual(new Set([Math.max(own, 10)]));
    const normal = await about(pool());
    expect(new Set(normal.priorities)).toEqual(new Set([own]));
  });

  it("still runs the worker as a thread when asked (bench/compare-worker-homes.ts)", async () => {
    const worker = pool({}, { home: "thread" });
    await expect(worker.run(photo(3))).resolves.toEqual({ length: 3, order: 1 });
    expect((await about(worker)).pid).toBe(process.pid);
    expect(worker.pid).toBeUndefined();
  });
});
