import "server-only";
import path from "node:path";
import { performance, type EventLoopUtilization } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { env } from "@/lib/env";
import { SHIPPED_AGE_MODELS, type AgeModelChoice } from "@/lib/verification/methods/face/age-models";
import type { FaceMeasurements } from "@/lib/verification/methods/face/quality-gates";
import { ProviderError } from "@/lib/verification/methods/types";

// One worker thread holds the models (loaded once, about 20 MB of weights) and measures one photo
// at a time, so inference never blocks the event loop that serves every other request. Calls
// wait in a bounded queue: past FACE_ESTIMATION_MAX_QUEUE waiting photos, or past
// FACE_ESTIMATION_TIMEOUT_MS for one, the call fails like any provider call (no attempt is
// counted and the user may try again). A worker that overran its time is replaced, not trusted.
// Once a photo is in the worker it has FACE_ESTIMATION_PHOTO_BUDGET_MS: the hosted flow refuses
// costly images by their headers first (read-image-header.ts), and this budget bounds whatever a
// header cannot show (libjpeg's pass over a progressive file's scans cannot be interrupted from
// inside the worker, so the worker is replaced instead).
//
// The worker's low priority does not protect the API on a small machine: with two vCPUs there is
// no idle core for the scheduler to give the API instead, so the worker simply takes one. So when
// the event loop is busy while a photo is measured, the worker rests after it, long enough that
// it uses at most FACE_ESTIMATION_CPU_SHARE_WHEN_BUSY of a core: under API load selfies queue a
// little longer and other requests keep most of their pace. An idle server measures at full speed.
//
// The models hold a few hundred MiB, so the worker ends after FACE_ESTIMATION_IDLE_MS without a
// photo and the next photo starts a new one (paying the model load once more).

/**
 * What the worker measures besides the faces' boxes and quality: the age (estimateAge), the
 * anti-spoofing and liveness scores (liveness, by default with the age), FaceRes's descriptor of
 * each face (describe, for match-faces.ts), at a longest side of maxSide pixels (640 by default).
 */
export type MeasureOptions = { estimateAge: boolean; liveness?: boolean; describe?: boolean; maxSide?: number };

type Call = {
  id: number;
  bytes: Uint8Array;
  options: MeasureOptions;
  resolve: (measurements: FaceMeasurements) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  /** Armed when the photo goes to the worker: its work budget. */
  workTimer?: NodeJS.Timeout;
  /** When the photo went to the worker, and the event loop's counters then. */
  sentAt?: number;
  loopAtSend?: EventLoopUtilization;
};

/** Above this share of its time spent working, the event loop is serving load: the estimator yields. */
const BUSY_EVENT_LOOP = 0.5;

/**
 * How long the worker rests after a photo that took `workedMs` while the event loop was
 * `loopUtilization` busy, so that it uses at most `cpuShare` of a core while the API is busy.
 */
export function restAfterPhoto(workedMs: number, loopUtilization: number, cpuShare: number): number {
  if (loopUtilization <= BUSY_EVENT_LOOP || cpuShare >= 1) return 0;
  return Math.round(workedMs * (1 / cpuShare - 1));
}

// Loaded by URL at run time through a one-line bootstrap, so the bundler never sees (or tries to
// bundle) the worker and the model packages it requires.
const WORKER_URL = pathToFileURL(path.join(process.cwd(), "lib/verification/methods/face/face-worker.mjs")).href;
const BOOTSTRAP = `import(require("node:worker_threads").workerData.entry)`;

/** The queue had no room for this photo (a provider error: the user may try again). */
export class EstimatorBusy extends ProviderError {
  override name = "EstimatorBusy";
}

/** The photo waited or worked past its time (a provider error: the user may try again). */
export class EstimatorTimeout extends ProviderError {
  override name = "EstimatorTimeout";
}

class FaceEstimator {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private waiting: Call[] = [];
  private current: Call | null = null;
  private nextId = 1;
  /** The worker rests until then (see restAfterPhoto); a timer wakes the queue. */
  private restingUntil = 0;
  private wake: NodeJS.Timeout | null = null;
  private idle: NodeJS.Timeout | null = null;

  constructor(
    private readonly ageModels: AgeModelChoice = SHIPPED_AGE_MODELS,
    private readonly lowPriority = true,
  ) {}

  /** Whether a worker (with its models) is running now. */
  get running(): boolean {
    return this.worker !== null;
  }

  /**
   * onlyIfIdle (the camera view's live check): refused at once unless no other photo is waiting,
   * so live frames never queue behind selfies, never pile up, and delay a selfie by at
   * most two frames (the one being measured and one waiting).
   */
  measure(
    bytes: Uint8Array,
    estimateAge: boolean,
    options: { onlyIfIdle?: boolean } & Omit<MeasureOptions, "estimateAge"> = {},
  ): Promise<FaceMeasurements> {
    const config = env();
    if (options.onlyIfIdle && this.waiting.length > 0) {
      return Promise.reject(new EstimatorBusy("built-in face estimation is busy (photos waiting)"));
    }
    if (this.waiting.length >= config.FACE_ESTIMATION_MAX_QUEUE) {
      return Promise.reject(new EstimatorBusy("built-in face estimation is busy (queue full)"));
    }
    return new Promise<FaceMeasurements>((resolve, reject) => {
      const call: Call = {
        id: this.nextId++,
        bytes,
        options: { estimateAge, liveness: options.liveness, describe: options.describe, maxSide: options.maxSide },
        resolve,
        reject,
        timer: setTimeout(() => this.expire(call), config.FACE_ESTIMATION_TIMEOUT_MS),
      };
      this.waiting.push(call);
      void this.next();
    });
  }

  private start(): Promise<void> {
    this.ready ??= new Promise<void>((resolve, reject) => {
      const worker = new Worker(BOOTSTRAP, {
        eval: true,
        workerData: {
          entry: WORKER_URL,
          ageModels: [...this.ageModels.models],
          flip: this.ageModels.flip,
          lowPriority: this.lowPriority,
        },
      });
      this.worker = worker;
      worker.once("message", (message: { ready: boolean; error?: string }) => {
        if (message.ready) resolve();
        else reject(new ProviderError(`built-in face estimation could not load its models: ${message.error}`));
      });
      worker.on("message", (message: { id?: number; measurements?: FaceMeasurements; error?: string }) => {
        // Only the answer to the photo in flight (a replaced worker's late answer is dropped).
        if (message.id === undefined || message.id !== this.current?.id) return;
        const call = this.finish();
        if (message.error !== undefined)
          call?.reject(new ProviderError(`built-in face estimation failed: ${message.error}`));
        else call?.resolve(message.measurements!);
      });
      worker.on("error", (error) =>
        this.discardWorker(new ProviderError("built-in face estimation crashed", { cause: error })),
      );
      worker.unref();
    }).catch((error: Error) => {
      this.discardWorker(error);
      throw error;
    });
    return this.ready;
  }

  private async next() {
    if (this.current || this.waiting.length === 0) {
      if (!this.current) this.stopWhenIdle();
      return;
    }
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
    // The worker gets its own copy; the caller wipes its buffer when the call is over.
    const copy = call.bytes.slice();
    this.worker!.postMessage({ id: call.id, bytes: copy, options: call.options }, [copy.buffer]);
    call.workTimer = setTimeout(
      () => this.expire(call, new EstimatorTimeout("built-in face estimation: the photo took longer than its budget")),
      env().FACE_ESTIMATION_PHOTO_BUDGET_MS,
    );
  }

  /** Ends the worker now, freeing its models' memory; a photo in flight or waiting fails as a provider error. */
  stop() {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.discardWorker(new ProviderError("built-in face estimation stopped"));
  }

  /** Ends the worker once it has had nothing to do for the idle time. */
  private stopWhenIdle() {
    if (!this.worker || this.idle) return;
    this.idle = setTimeout(() => {
      this.idle = null;
      if (!this.current && this.waiting.length === 0) this.stop();
    }, env().FACE_ESTIMATION_IDLE_MS);
    this.idle.unref();
  }

  private settle(call: Call) {
    clearTimeout(call.timer);
    clearTimeout(call.workTimer);
    return call;
  }

  private finish(): Call | null {
    const call = this.current;
    this.current = null;
    if (call) {
      this.settle(call);
      const now = performance.now();
      const loop = performance.eventLoopUtilization(call.loopAtSend);
      this.restingUntil =
        now + restAfterPhoto(now - call.sentAt!, loop.utilization, env().FACE_ESTIMATION_CPU_SHARE_WHEN_BUSY);
    }
    setImmediate(() => void this.next());
    return call;
  }

  private expire(call: Call, error: Error = new EstimatorTimeout("built-in face estimation timed out")) {
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

const globalForEstimator = globalThis as unknown as { voiceageFaceEstimator?: FaceEstimator };

/**
 * An estimator of its own, e.g. with other age models or at the normal priority (npm run
 * eval:face, which serves no one); the app uses faceEstimator().
 */
export function createFaceEstimator(
  ageModels?: AgeModelChoice,
  options: { lowPriority?: boolean } = {},
): FaceEstimator {
  return new FaceEstimator(ageModels, options.lowPriority ?? true);
}

/** The process's one estimator (kept across Next.js dev reloads). */
export function faceEstimator(): FaceEstimator {
  return (globalForEstimator.voiceageFaceEstimator ??= new FaceEstimator());
}
