import "server-only";
import { fork } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { performance, type EventLoopUtilization } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { ProviderError } from "@/lib/verification/methods/types";

// The built-in checks (face estimation, the document reader) each run their models in one worker,
// so inference never blocks the event loop that serves every other request. One photo is in the
// worker at a time; the others wait in a bounded queue. Every bound is a provider error (no
// attempt is counted and the user may try again):
// - past `maxQueue` waiting photos a call is refused at once as busy;
// - a photo in the worker has `workBudgetMs`, after which the worker is replaced (it may be stuck
//   in a decoder or in OCR, neither of which can be interrupted from inside) and the call fails as
//   a timeout; the next photo gets a fresh worker;
// - optionally, `waitTimeoutMs` bounds a call from when it was made (waiting and working);
// - optionally, the worker rests after a photo (`restAfter`), so that under load it leaves the
//   event loop's core to the API.
// The queue is fair between callers that name their `queue` (the organisation): the next photo is
// the oldest of the queue served longest ago, so one organisation's photos hold another's for at
// most the photo in the worker (one budget), and one queue may fill at most half the places.
// The models are large, so the worker ends after `idleMs` without a photo and the next photo starts
// a new one. Worker protocol: it posts `{ ready: true }` (or `{ ready: false, error }`) once
// loaded, then answers each `{ id, bytes, ...fields }` with `{ id, [resultField]: result }` or
// `{ id, error }`; worker modules talk through worker-port.mjs, which serves both homes below.
//
// The worker is a child process (`home: "process"`, what the app uses): when it ends, all of its
// memory goes back to the system. A worker thread's native memory (glibc's arenas, libvips'
// process-wide cache) stays with the app's process after the thread ends (measured:
// bench/results/2026-11-26-worker-memory.md), and a decoder or runtime that crashes on a crafted
// image takes a thread's whole process (the server) with it; a child process's crash fails the
// photo in flight as a provider error, and the photos waiting go to a new process.
// The process gets a minimal environment (none of the app's secrets) and, with `lowPriority`,
// ranks below the app on Linux. A worker thread (`home: "thread"`) is kept for the side-by-side
// measurement of the two (bench/compare-worker-homes.ts).

// A thread is loaded by URL at run time through a one-line bootstrap, and a process runs a program
// of ours that imports it, so the bundler never sees (or tries to bundle) the worker and the
// packages it requires.
const BOOTSTRAP = `import(require("node:worker_threads").workerData.entry)`;
const PROCESS_PROGRAM = path.join(process.cwd(), "lib/verification/methods/worker-process.mjs");
/** The nice value of a low-priority worker process (the worker threads set their own). */
const LOW_PRIORITY = 10;

export type WorkerLimits = {
  maxQueue: number;
  workBudgetMs: number;
  idleMs: number;
  waitTimeoutMs?: number;
};

type BoundedWorkerOptions = {
  /** The worker module's file URL. */
  entry: string;
  /** workerData besides the entry (JSON: it travels in the process's environment). */
  workerData?: Record<string, unknown>;
  /** The answer's field that holds the result ("measurements", "reading"). */
  resultField: string;
  /** How errors name the check: "built-in face estimation". */
  name: string;
  /** Read at each use, so configuration read lazily (env()) applies. */
  limits: () => WorkerLimits;
  /** The errors a caller tells apart (busy: the queue was full; timeout: a bound ran out). */
  busyError: (message: string) => ProviderError;
  timeoutError: (message: string) => ProviderError;
  /** How long to rest after a photo that took workedMs while the event loop was that busy. */
  restAfter?: (workedMs: number, loopUtilization: number) => number;
  /** A child process (the default) or a worker thread (see above). */
  home?: "process" | "thread";
  /** Runs the worker process at nice 10 (Linux); a worker thread lowers its own priority. */
  lowPriority?: boolean;
};

type Call<Result> = {
  id: number;
  /** Whose photo it is (fair queueing); "" for callers that do not say. */
  queue: string;
  bytes: Uint8Array;
  fields: Record<string, unknown>;
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
  /** The whole call's bound (waitTimeoutMs), when there is one. */
  timer?: NodeJS.Timeout;
  /** Armed when the photo goes to the worker: its work budget. */
  workTimer?: NodeJS.Timeout;
  sentAt?: number;
  loopAtSend?: EventLoopUtilization;
};

type Answer = { id?: number; error?: string; ready?: boolean } & Record<string, unknown>;

/** A started worker, thread or process: what BoundedWorker does with it. */
type Running = {
  /** The process id of a worker process. */
  pid?: number;
  /** Sends a photo: the worker gets its own copy of the bytes. */
  send: (message: Record<string, unknown>, bytes: Uint8Array) => void;
  /** Whether it keeps the app's process alive (while it loads or has a photo) or not (idle). */
  ref: () => void;
  unref: () => void;
  /** Ends it at once, whatever it is doing. */
  end: () => void;
};

type Listeners = { message: (message: Answer) => void; failed: (error: Error) => void };

/** Worker processes still running, ended with the app (a stuck one would not see the channel close). */
const processes = new Set<ReturnType<typeof fork>>();
let endsWithApp = false;

function startProcess(options: BoundedWorkerOptions, on: Listeners): Running {
  if (!endsWithApp) {
    endsWithApp = true;
    process.once("exit", () => processes.forEach((child) => child.kill("SIGKILL")));
  }
  const child = fork(/* turbopackIgnore: true */ PROCESS_PROGRAM, [options.entry], {
    serialization: "advanced",
    // Nothing of the app's: no NODE_OPTIONS (the app's heap flags, a profiler's preload), no
    // configuration or secrets; the worker's options only.
    execArgv: [],
    // Cast (twice, through unknown): the project's ProcessEnv type requires the app's own variables, which the worker must not get.
    env: { BOUNDED_WORKER_DATA: JSON.stringify(options.workerData ?? {}) } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  processes.add(child);
  if (options.lowPriority && os.platform() === "linux" && child.pid !== undefined) {
    try {
      os.setPriority(child.pid, LOW_PRIORITY);
    } catch {
      // Not permitted here: it runs at the normal priority.
    }
  }
  child.on("message", on.message);
  // Could not start, or a message could not be sent (it has just died: "exit" follows).
  child.on("error", on.failed);
  child.once("exit", (code, signal) => {
    processes.delete(child);
    on.failed(new Error(`the worker process exited (${signal ?? `code ${code}`})`));
  });
  return {
    pid: child.pid,
    // Serialized as it is sent: the caller's bytes are not shared.
    send: (message, bytes) => child.send({ ...message, bytes }),
    ref: () => {
      child.ref();
      child.channel?.ref();
    },
    unref: () => {
      child.unref();
      child.channel?.unref();
    },
    end: () => {
      processes.delete(child);
      child.kill("SIGKILL");
    },
  };
}

function startThread(options: BoundedWorkerOptions, on: Listeners): Running {
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: { ...options.workerData, entry: options.entry },
  });
  worker.on("message", on.message);
  worker.on("error", on.failed);
  return {
    send: (message, bytes) => {
      const copy = bytes.slice();
      worker.postMessage({ ...message, bytes: copy }, [copy.buffer]);
    },
    ref: () => worker.ref(),
    unref: () => worker.unref(),
    end: () => void worker.terminate(),
  };
}

export class BoundedWorker<Result> {
  private worker: Running | null = null;
  private ready: Promise<void> | null = null;
  private waiting: Call<Result>[] = [];
  private current: Call<Result> | null = null;
  private nextId = 1;
  /** When each queue last had a photo sent to the worker (a counter, not a time). */
  private lastServed = new Map<string, number>();
  private served = 0;
  /** The worker rests until then (see restAfter); a timer wakes the queue. */
  private restingUntil = 0;
  private wake: NodeJS.Timeout | null = null;
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly options: BoundedWorkerOptions) {}

  /** Whether a worker is running now. */
  get running(): boolean {
    return this.worker !== null;
  }

  /** The running worker process's id (none while no process runs, or for a worker thread). */
  get pid(): number | undefined {
    return this.worker?.pid;
  }

  /**
   * Sends one photo (the worker gets its own copy; the caller wipes its buffer when the call is
   * over) with `fields` for the worker. onlyIfIdle: refused at once unless no other photo is
   * waiting, so that such calls never queue behind the others.
   */
  run(
    bytes: Uint8Array,
    fields: Record<string, unknown> = {},
    options: { onlyIfIdle?: boolean; queue?: string } = {},
  ): Promise<Result> {
    const limits = this.options.limits();
    const queue = options.queue ?? "";
    if (options.onlyIfIdle && this.waiting.length > 0)
      return Promise.reject(this.options.busyError(`${this.options.name} is busy (photos waiting)`));
    if (this.waiting.length >= limits.maxQueue)
      return Promise.reject(this.options.busyError(`${this.options.name} is busy (queue full)`));
    // A named queue may take at most half the places, so another's photo always finds one.
    if (queue && this.waiting.filter((c) => c.queue === queue).length >= Math.max(1, Math.ceil(limits.maxQueue / 2)))
      return Promise.reject(this.options.busyError(`${this.options.name} is busy (this queue's share is full)`));
    return new Promise<Result>((resolve, reject) => {
      const call: Call<Result> = { id: this.nextId++, queue, bytes, fields, resolve, reject };
      if (limits.waitTimeoutMs !== undefined)
        call.timer = setTimeout(
          () => this.expire(call, this.options.timeoutError(`${this.options.name} timed out`)),
          limits.waitTimeoutMs,
        );
      this.waiting.push(call);
      // After the caller's own code: starting a process takes a few milliseconds of this thread,
      // which would otherwise run before the caller's next call is made and its bound is set.
      queueMicrotask(() => void this.next());
    });
  }

  /** Ends the worker now, freeing its memory; a photo in flight or waiting fails as a provider error. */
  stop() {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.discardWorker(new ProviderError(`${this.options.name} stopped`));
  }

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    let worker: Running | null = null;
    let loaded = false;
    const ready = new Promise<void>((resolve, reject) => {
      const listeners: Listeners = {
        message: (message) => {
          if (!loaded && message.ready !== undefined) {
            loaded = true;
            if (message.ready) resolve();
            else reject(new ProviderError(`${this.options.name} could not load: ${message.error}`));
            return;
          }
          // Only the answer to the photo in flight (a replaced worker's late answer is dropped).
          if (this.worker !== worker || message.id === undefined || message.id !== this.current?.id) return;
          const call = this.finish();
          if (message.error !== undefined)
            call?.reject(new ProviderError(`${this.options.name} failed: ${message.error}`));
          // Cast: the worker program is the other half of this protocol (its answer's shape is its own test's).
          else call?.resolve(message[this.options.resultField] as Result);
        },
        failed: (error) => {
          const crashed = new ProviderError(`${this.options.name} crashed`, { cause: error });
          // While loading, the calls waiting for it fail (below); a worker already replaced or
          // stopped is no longer this one's concern.
          if (!loaded) return reject(crashed);
          if (this.worker !== worker) return;
          // Only the photo in flight fails (it may be what crashed it); the others go to a new worker.
          this.discardWorker(crashed, { keepWaiting: true });
          void this.next();
        },
      };
      worker =
        this.options.home === "thread" ? startThread(this.options, listeners) : startProcess(this.options, listeners);
      this.worker = worker;
    });
    this.ready = ready.catch((error: Error) => {
      if (this.worker === worker) this.discardWorker(error);
      throw error;
    });
    return this.ready;
  }

  private async next() {
    if (this.current) return;
    if (this.waiting.length === 0) return this.stopWhenIdle();
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const ready = this.start();
    try {
      await ready;
    } catch (error) {
      // Unless a newer worker (started after this one was stopped) is serving the queue now.
      if (this.worker === null)
        for (const call of this.waiting.splice(0))
          this.settle(call).reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    // A worker replaced while this call waited for it: the new one's own start serves the queue.
    if (this.ready !== ready || !this.worker || this.current || this.waiting.length === 0) return;
    const rest = this.restingUntil - performance.now();
    if (rest > 0) {
      this.wake ??= setTimeout(() => {
        this.wake = null;
        void this.next();
      }, rest);
      return;
    }
    const call = this.takeFairly();
    this.current = call;
    call.sentAt = performance.now();
    call.loopAtSend = performance.eventLoopUtilization();
    this.worker.ref();
    this.worker.send({ ...call.fields, id: call.id }, call.bytes);
    call.workTimer = setTimeout(() => {
      const error = this.options.timeoutError(`${this.options.name}: the photo took longer than its budget`);
      error.photoOverBudget = true;
      this.expire(call, error);
    }, this.options.limits().workBudgetMs);
  }

  /** The oldest waiting photo of the queue served longest ago (never served: first). */
  private takeFairly(): Call<Result> {
    let chosen = 0;
    let chosenServed = Infinity;
    for (let i = 0; i < this.waiting.length; i++) {
      const served = this.lastServed.get(this.waiting[i].queue) ?? -1;
      if (served < chosenServed) {
        chosen = i;
        chosenServed = served;
      }
    }
    const [call] = this.waiting.splice(chosen, 1);
    this.lastServed.set(call.queue, ++this.served);
    // Only the queues still waiting need remembering.
    if (this.lastServed.size > 1000) {
      const waiting = new Set(this.waiting.map((c) => c.queue));
      for (const queue of this.lastServed.keys())
        if (!waiting.has(queue) && queue !== call.queue) this.lastServed.delete(queue);
    }
    return call;
  }

  /** Ends the worker once it has had nothing to do for the idle time. */
  private stopWhenIdle() {
    // Referenced while it loads or has a photo (a script's process waits for its answers), not idle.
    this.worker?.unref();
    if (!this.worker || this.idle) return;
    this.idle = setTimeout(() => {
      this.idle = null;
      if (!this.current && this.waiting.length === 0) this.stop();
    }, this.options.limits().idleMs);
    this.idle.unref();
  }

  private settle(call: Call<Result>) {
    clearTimeout(call.timer);
    clearTimeout(call.workTimer);
    return call;
  }

  private finish(): Call<Result> | null {
    const call = this.current;
    this.current = null;
    if (call) {
      this.settle(call);
      const now = performance.now();
      const loop = performance.eventLoopUtilization(call.loopAtSend);
      this.restingUntil = now + (this.options.restAfter?.(now - call.sentAt!, loop.utilization) ?? 0);
    }
    setImmediate(() => void this.next());
    return call;
  }

  private expire(call: Call<Result>, error: Error) {
    this.settle(call);
    if (this.current === call) {
      this.current = null;
      call.reject(error);
      // It may be stuck on that photo: replace it rather than queue more work behind it.
      this.discardWorker(error, { keepWaiting: true });
      void this.next();
      return;
    }
    this.waiting = this.waiting.filter((c) => c !== call);
    call.reject(error);
  }

  private discardWorker(error: Error, options: { keepWaiting?: boolean } = {}) {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    worker?.end();
    if (this.current) this.settle(this.current).reject(error);
    this.current = null;
    if (!options.keepWaiting) for (const call of this.waiting.splice(0)) this.settle(call).reject(error);
  }
}
