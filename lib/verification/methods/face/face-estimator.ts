import "server-only";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { env, type Env } from "@/lib/platform/env";
import { BoundedWorker } from "@/lib/verification/methods/bounded-worker";
import {
  combineAgeEstimates,
  SHIPPED_AGE_MODELS,
  type AgeModelChoice,
} from "@/lib/verification/methods/face/age-models";
import { GATES, type FaceMeasurements } from "@/lib/verification/methods/face/quality-gates";
import { ProviderError } from "@/lib/verification/methods/types";

// One worker process (bounded-worker.ts: its queue, budgets and idle shutdown, shared with the
// document reader) holds the models (loaded once, about 26 MB of weights) and measures one photo
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
// photo and the next photo starts a new one (paying the model load once more). Being a process of
// its own, all of that memory goes back to the system when it ends, and an image that crashes the
// decoder or the WebAssembly runtime ends that process (the photo's provider error), not the app.

/**
 * What the worker measures besides the faces' boxes and quality: the age (estimateAge), the
 * anti-spoofing and liveness scores (liveness, by default with the age), the face match model's
 * descriptor of the face the gates count first (describe, for match-faces.ts), at a longest side of
 * maxSide pixels (640 by default).
 */
export type MeasureOptions = { estimateAge: boolean; liveness?: boolean; describe?: boolean; maxSide?: number };

/** The face match's descriptor model (FACE_MATCH_MODEL, docs/face-match.md). */
export type FaceMatchModel = Env["FACE_MATCH_MODEL"];

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

const WORKER_URL = pathToFileURL(path.join(process.cwd(), "lib/verification/methods/face/face-worker.mjs")).href;

/** The queue had no room for this photo (a provider error: the user may try again). */
export class EstimatorBusy extends ProviderError {
  override name = "EstimatorBusy";
}

/** The photo waited or worked past its time (a provider error: the user may try again). */
export class EstimatorTimeout extends ProviderError {
  override name = "EstimatorTimeout";
}

class FaceEstimator {
  private readonly worker: BoundedWorker<FaceMeasurements>;

  constructor(
    private readonly ageModels: AgeModelChoice = SHIPPED_AGE_MODELS,
    lowPriority = true,
    home: "process" | "thread" = "process",
    /** The face match's descriptor (FACE_MATCH_MODEL unless given). */
    readonly matchModel: FaceMatchModel = env().FACE_MATCH_MODEL,
  ) {
    this.worker = new BoundedWorker({
      home,
      entry: WORKER_URL,
      workerData: {
        ageModels: [...ageModels.models],
        flip: ageModels.flip,
        lowPriority,
        matchModel,
      },
      lowPriority,
      resultField: "measurements",
      name: "built-in face estimation",
      limits: () => {
        const config = env();
        return {
          maxQueue: config.FACE_ESTIMATION_MAX_QUEUE,
          workBudgetMs: config.FACE_ESTIMATION_PHOTO_BUDGET_MS,
          waitTimeoutMs: config.FACE_ESTIMATION_TIMEOUT_MS,
          idleMs: config.FACE_ESTIMATION_IDLE_MS,
        };
      },
      busyError: (message) => new EstimatorBusy(message),
      timeoutError: (message) => new EstimatorTimeout(message),
      restAfter: (workedMs, loopUtilization) =>
        restAfterPhoto(workedMs, loopUtilization, env().FACE_ESTIMATION_CPU_SHARE_WHEN_BUSY),
    });
  }

  /** Whether a worker (with its models) is running now. */
  get running(): boolean {
    return this.worker.running;
  }

  /** The worker process's id while one runs. */
  get pid(): number | undefined {
    return this.worker.pid;
  }

  /**
   * onlyIfIdle (the camera view's live check): refused at once unless no other photo is waiting,
   * so live frames never queue behind selfies, never pile up, and delay a selfie by at
   * most two frames (the one being measured and one waiting).
   */
  async measure(
    bytes: Uint8Array,
    estimateAge: boolean,
    options: { onlyIfIdle?: boolean } & Omit<MeasureOptions, "estimateAge"> = {},
  ): Promise<FaceMeasurements> {
    const measureOptions: MeasureOptions = {
      estimateAge,
      liveness: options.liveness,
      describe: options.describe,
      maxSide: options.maxSide,
    };
    // The worker describes only the face the gates count first (distinctFaces: the largest scored
    // at least this), the one the match compares.
    const workerOptions = { ...measureOptions, describeMinScore: GATES.minFaceScore };
    // The worker reports each model's estimates; they are combined here, as the evaluation combines them.
    const measured = await this.worker.run(bytes, { options: workerOptions }, { onlyIfIdle: options.onlyIfIdle });
    if (!measured.readable) return measured;
    const faces = measured.faces.map((face) => ({
      ...face,
      age: face.ages ? combineAgeEstimates(face.ages, this.ageModels) : null,
    }));
    return { ...measured, faces };
  }

  /** Ends the worker now, freeing its models' memory; a photo in flight or waiting fails as a provider error. */
  stop() {
    this.worker.stop();
  }
}

// One per process, on globalThis so Next.js dev's module reloads keep it (a typed global, not a cast).
declare global {
  var voiceageFaceEstimator: FaceEstimator | undefined;
}

/**
 * An estimator of its own, e.g. with other age models or at the normal priority (npm run
 * eval:face, which serves no one), or in a worker thread (bench/compare-worker-homes.ts); the app
 * uses faceEstimator().
 */
export function createFaceEstimator(
  ageModels?: AgeModelChoice,
  options: { lowPriority?: boolean; home?: "process" | "thread"; matchModel?: FaceMatchModel } = {},
): FaceEstimator {
  return new FaceEstimator(ageModels, options.lowPriority ?? true, options.home, options.matchModel);
}

/** The process's one estimator (kept across Next.js dev reloads). */
export function faceEstimator(): FaceEstimator {
  return (globalThis.voiceageFaceEstimator ??= new FaceEstimator());
}
