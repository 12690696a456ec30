import "server-only";
import { performance, type EventLoopUtilization } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { ProviderError } from "@/lib/verification/methods/types";

// The built-in checks (face estimation, the document reader) each run their models in one worker
// thread, so inference never blocks the event loop that serves every other request. One photo is
// in the worker at a time; the others wait in a bounded queue. Every bound is a provider error
// (no attempt is counted and the user may try again):
// - past `maxQueue` waiting photos a call is refused at once as busy;
// - a photo in the worker has `workBudgetMs`, after which the worker is replaced (it may be stuck
//   in a decoder or in OCR, neither of which can be interrupted from inside) and the call fails as
//   a timeout; the next photo gets a fresh worker;
// - optionally, `waitTimeoutMs` bounds a call from when it was made (waiting and working);
// - optionally, the worker rests after a photo (`restAfter`), so that under load it leaves the
//   event loop's core to the API.
// The models are large, so the worker ends after `idleMs` without a photo and the next photo starts
// a new one. Worker protocol: it posts `{ ready: true }` (or `{ ready: false, error }`) once
// loaded, then answers each `{ id, bytes, ...fields }` with `{ id, [resultField]: result }` or
// `{ id, error }`.

// Loaded by URL at run time through a one-line bootstrap, so the bundler never sees (or tries to
// bundle) the worker and the packages it requires.
const BOOTSTRAP = `import(require("node:worker_threads").workerData.entry)`;

export type WorkerLimits = {
  maxQueue: number;
  workBudgetMs: number;
  idleMs: number;
  waitTimeoutMs?: number;
};

type BoundedWorkerOptions = {
  /** The worker module's file URL. */
  entry: string;
  /** workerData besides the entry. */
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
};

type Call<Result> = {
  id: number;
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

export class BoundedWorker<Result> {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private waiting: Call<Result>[] = [];
  private current: Call<Result> | null = null;
  private nextId = 1;
  /** The worker rests until then (see restAfter); a timer wakes the queue. */
  private restingUntil = 0;
  private wake: NodeJS.Timeout | null = null;
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly options: BoundedWorkerOptions) {}

  /** Whether a worker is running now. */
  get running(): boolean {
    return this.worker !== null;
  }

  /**
   * Sends one photo (the worker gets its own copy; the caller wipes its buffer when the call is
   * over) with `fields` for the worker. onlyIfIdle: refused at once unless no other photo is
   * waiting, so that such calls never queue behind the others.
   */
  run(
    bytes: Uint8Array,
    fields: Record<string, unknown> = {},
    options: { onlyIfIdle?: boolean } = {},
  ): Promise<Result> {
    const limits = this.options.limits();
    if (options.onlyIfIdle && this.waiting.length > 0)
      return Promise.reject(this.options.busyError(`${this.options.name} is busy (photos waiting)`));
    if (this.waiting.length >= limits.maxQueue)
      return Promise.reject(this.options.busyError(`${this.options.name} is busy (queue full)`));
    return new Promise<Result>((resolve, reject) => {
      const call: Call<Result> = { id: this.nextId++, bytes, fields, resolve, reject };
      if (limits.waitTimeoutMs !== undefined)
        call.timer = setTimeout(
          () => this.expire(call, this.options.timeoutError(`${this.options.name} timed out`)),
          limits.waitTimeoutMs,
        );
      this.waiting.push(call);
      void this.next();
    });
  }

  /** Ends the worker now, freeing its memory; a photo in flight or waiting fails as a provider error. */
  stop() {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.discardWorker(new ProviderError(`${this.options.name} stopped`));
  }

  private start(): Promise<void> {
    this.ready ??= new Promise<void>((resolve, reject) => {
      const worker = new Worker(BOOTSTRAP, {
        eval: true,
        workerData: { ...this.options.workerData, entry: this.options.entry },
      });
      this.worker = worker;
      worker.once("message", (message: Answer) => {
        if (message.ready) resolve();
        else reject(new ProviderError(`${this.options.name} could not load: ${message.error}`));
      });
      worker.on("message", (message: Answer) => {
        // Only the answer to the photo in flight (a replaced worker's late answer is dropped).
        if (message.id === undefined || message.id !== this.current?.id) return;
        const call = this.finish();
        if (message.error !== undefined)
          call?.reject(new ProviderError(`${this.options.name} failed: ${message.error}`));
        else call?.resolve(message[this.options.resultField] as Result);
      });
      worker.on("error", (error) => {
        const crashed = new ProviderError(`${this.options.name} crashed`, { cause: error });
        reject(crashed);
        this.discardWorker(crashed);
      });
    }).catch((error: Error) => {
      this.discardWorker(error);
      throw error;
    });
    return this.ready;
  }

  private async next() {
    if (this.current) return;
    if (this.waiting.length === 0) return this.stopWhenIdle();
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    try {
      await this.start();
    } catch (error) {
      for (const call of this.waiting.splice(0)) this.settle(call).reject(error as Error);
      return;
    }
    if (this.current || this.waiting.length === 0) return;
    const rest = this.restingUntil - performance.now();
    if (rest > 0) {
      this.wake ??= setTimeout(() => {
        this.wake = null;
        void this.next();
      }, rest);
      return;
    }
    const call = this.waiting.shift()!;
    this.current = call;
    call.sentAt = performance.now();
    call.loopAtSend = performance.eventLoopUtilization();
    const copy = call.bytes.slice();
    this.worker!.ref();
    this.worker!.postMessage({ ...call.fields, id: call.id, bytes: copy }, [copy.buffer]);
    call.workTimer = setTimeout(
      () => this.expire(call, this.options.timeoutError(`${this.options.name}: the photo took longer than its budget`)),
      this.options.limits().workBudgetMs,
    );
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
    void worker?.terminate();
    if (this.current) this.settle(this.current).reject(error);
    this.current = null;
    if (!options.keepWaiting) for (const call of this.waiting.splice(0)) this.settle(call).reject(error);
  }
}
