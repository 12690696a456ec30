import "server-only";
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { env } from "@/lib/env";
import type { FaceMeasurements } from "@/lib/verification/face/quality-gates";
import { ProviderError } from "@/lib/verification/providers/types";

// One child process holds the models (loaded once) and measures one photo at a time. A process,
// not a worker thread, so that all of its threads (the model's, the image decoder's pool, its
// garbage collector) run at a lower CPU priority than the app: a busy estimator slows selfies
// down, not every other request (docs/decisions/0010). Calls wait in a bounded queue: past
// FACE_ESTIMATION_MAX_QUEUE waiting photos, or past FACE_ESTIMATION_TIMEOUT_MS for one, the call
// fails like any provider call (no attempt is counted and the user may try again). A process that
// overran its time or died is replaced, not trusted.

type Call = {
  id: number;
  bytes: Uint8Array;
  estimateAge: boolean;
  resolve: (measurements: FaceMeasurements) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};

// Found by path at run time, so the bundler never sees (or tries to bundle) the process's module
// and the model packages it requires.
const PROCESS_MODULE = path.join(process.cwd(), "lib/verification/face/face-process.mjs");

/** The queue had no room for this photo (a provider error: the user may try again). */
export class EstimatorBusy extends ProviderError {
  override name = "EstimatorBusy";
}

class FaceEstimator {
  private child: ChildProcess | null = null;
  private ready: Promise<void> | null = null;
  private waiting: Call[] = [];
  private current: Call | null = null;
  private nextId = 1;

  /**
   * onlyIfIdle (the camera view's live check): refused at once unless no other photo is waiting,
   * so live frames never queue behind selfies, never pile up, and delay a selfie by at
   * most two frames (the one being measured and one waiting).
   */
  measure(bytes: Uint8Array, estimateAge: boolean, options: { onlyIfIdle?: boolean } = {}): Promise<FaceMeasurements> {
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
        estimateAge,
        resolve,
        reject,
        timer: setTimeout(() => this.expire(call), config.FACE_ESTIMATION_TIMEOUT_MS),
      };
      this.waiting.push(call);
      void this.next();
    });
  }

  /** Starts the process and loads the models ahead of the first photo (a live deployment's boot). */
  warm(): Promise<void> {
    return this.start();
  }

  private start(): Promise<void> {
    this.ready ??= new Promise<void>((resolve, reject) => {
      // "advanced" serialization sends the photo's bytes as bytes, not as JSON numbers.
      const child = fork(PROCESS_MODULE, [], { serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"] });
      this.child = child;
      child.on("message", (message: { ready?: boolean; id?: number; measurements?: FaceMeasurements; error?: string }) => {
        if (message.ready !== undefined) {
          if (message.ready) resolve();
          else reject(new ProviderError(`built-in face estimation could not load its models: ${message.error}`));
          return;
        }
        // Only the answer to the photo in flight (a replaced process's late answer is dropped).
        if (child !== this.child || message.id === undefined || message.id !== this.current?.id) return;
        const call = this.finish();
        if (message.error !== undefined) call?.reject(new ProviderError(`built-in face estimation failed: ${message.error}`));
        else call?.resolve(message.measurements!);
      });
      const lost = (cause: unknown) => {
        if (child !== this.child) return;
        const error = new ProviderError("built-in face estimation stopped", { cause });
        reject(error);
        this.discardChild(error);
      };
      child.on("error", lost);
      child.on("exit", (code, signal) => lost(new Error(`exited with ${signal ?? `code ${code}`}`)));
      // Neither the process nor its channel keeps the app (or a script) alive.
      child.unref();
      child.channel?.unref();
    }).catch((error: Error) => {
      this.discardChild(error);
      throw error;
    });
    return this.ready;
  }

  private async next() {
    if (this.current || this.waiting.length === 0) return;
    try {
      await this.start();
    } catch (error) {
      for (const call of this.waiting.splice(0)) this.settle(call).reject(error as Error);
      return;
    }
    if (this.current || this.waiting.length === 0) return;
    const call = this.waiting.shift()!;
    this.current = call;
    // Sent as a copy (serialized); the caller wipes its buffer when the call is over.
    this.child!.send({ id: call.id, bytes: call.bytes, estimateAge: call.estimateAge });
  }

  private settle(call: Call) {
    clearTimeout(call.timer);
    return call;
  }

  private finish(): Call | null {
    const call = this.current;
    this.current = null;
    if (call) this.settle(call);
    setImmediate(() => void this.next());
    return call;
  }

  private expire(call: Call) {
    const error = new ProviderError("built-in face estimation timed out");
    if (this.current === call) {
      this.current = null;
      call.reject(error);
      // It may be stuck on that photo: replace it rather than queue more work behind it.
      this.discardChild(error, { keepWaiting: true });
      void this.next();
      return;
    }
    this.waiting = this.waiting.filter((c) => c !== call);
    call.reject(error);
  }

  private discardChild(error: Error, options: { keepWaiting?: boolean } = {}) {
    const child = this.child;
    this.child = null;
    this.ready = null;
    child?.kill("SIGKILL");
    if (this.current) this.settle(this.current).reject(error);
    this.current = null;
    if (!options.keepWaiting) for (const call of this.waiting.splice(0)) this.settle(call).reject(error);
  }
}

const globalForEstimator = globalThis as unknown as { voiceageFaceEstimator?: FaceEstimator };

/** The process's one estimator (kept across Next.js dev reloads). */
export function faceEstimator(): FaceEstimator {
  return (globalForEstimator.voiceageFaceEstimator ??= new FaceEstimator());
}
