// The worker's bounds, with the real worker: a full queue and an overrun are provider errors (the
// user may try again; no attempt is counted).
import { readdirSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { describe, expect, it, vi } from "vitest";
import { facePhoto } from "../../../../tests/support/face-fixtures";
import { manyScansJpeg } from "../../../../tests/support/hostile-images";
import { processExists } from "../../../../tests/support/processes";

/** A new estimator under these settings: a queue of 8 and a 240 s limit per photo unless told. */
async function freshEstimator(env: Record<string, string> = {}) {
  vi.resetModules();
  Object.assign(process.env, { FACE_ESTIMATION_MAX_QUEUE: "8", FACE_ESTIMATION_TIMEOUT_MS: "240000", ...env });
  delete (globalThis as { voiceageFaceEstimator?: unknown }).voiceageFaceEstimator;
  const { faceEstimator } = await import("@/lib/verification/methods/face/face-estimator");
  const { ProviderError } = await import("@/lib/verification/methods/types");
  return { estimator: faceEstimator(), ProviderError };
}

describe("restAfterPhoto", () => {
  it("rests only while the event loop is busy, long enough to hold the estimator to its share", async () => {
    const { restAfterPhoto } = await import("@/lib/verification/methods/face/face-estimator");
    expect(restAfterPhoto(150, 0.2, 0.5)).toBe(0);
    expect(restAfterPhoto(150, 0.5, 0.5)).toBe(0);
    expect(restAfterPhoto(150, 0.9, 0.5)).toBe(150);
    expect(restAfterPhoto(150, 0.9, 0.25)).toBe(450);
    expect(restAfterPhoto(150, 1, 1)).toBe(0);
  });
});

/** Keeps the event loop about 80% busy (as under API load) until the returned function is called. */
function keepEventLoopBusy(): () => void {
  const spin = setInterval(() => {
    const until = performance.now() + 20;
    while (performance.now() < until);
  }, 25);
  return () => clearInterval(spin);
}

describe("the face estimator's bounds", () => {
  it("paces itself while the event loop is busy: the next photo waits out the rest", async () => {
    const { estimator } = await freshEstimator({
      FACE_ESTIMATION_CPU_SHARE_WHEN_BUSY: "0.2",
    });
    await estimator.measure(facePhoto("adult-50-59"), true); // loads the models, unpaced (idle loop)
    const stop = keepEventLoopBusy();
    try {
      const sent = performance.now();
      let firstDone = 0;
      const first = estimator.measure(facePhoto("adult-50-59"), true).then(() => (firstDone = performance.now()));
      const second = estimator.measure(facePhoto("adult-70-plus"), true);
      await Promise.all([first, second]);
      const secondDone = performance.now();
      // At a share of 0.2 the worker rests four times as long as the first photo took.
      const firstTook = firstDone - sent;
      expect(secondDone - firstDone).toBeGreaterThanOrEqual(4 * firstTook * 0.9);
    } finally {
      stop();
    }
  }, 300_000);

  it("refuses photos beyond its queue at once, then serves the ones it took", async () => {
    // A generous timeout: on a machine busy with the rest of the suite, loading the models and two
    // photos at the worker's low priority can take over a minute; this test is about the queue.
    const { estimator, ProviderError } = await freshEstimator({
      FACE_ESTIMATION_MAX_QUEUE: "2",
    });
    const calls = [1, 2, 3].map(() => estimator.measure(facePhoto("adult-50-59"), true));
    const settled = await Promise.allSettled(calls);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    expect((settled[2] as PromiseRejectedResult).reason).toBeInstanceOf(ProviderError);
    expect((settled[2] as PromiseRejectedResult).reason.message).toMatch(/busy/);
  }, 300_000);

  it("turns an overrun into a provider error instead of waiting on", async () => {
    const { estimator, ProviderError } = await freshEstimator({
      FACE_ESTIMATION_TIMEOUT_MS: "1",
    });
    const late = estimator.measure(facePhoto("adult-50-59"), true);
    await expect(late).rejects.toBeInstanceOf(ProviderError);
    await expect(late).rejects.toThrow(/timed out/);
  }, 120_000);

  it("holds a photo in the worker to its budget: an image that takes seconds to decode is a timeout, and the next photo is served", async () => {
    // Headers alone refuse this file in the hosted flow (read-image-header.ts); here it reaches the
    // worker, as anything a header cannot show would. Decoding it takes several seconds.
    const { estimator, ProviderError } = await freshEstimator({
      // Below the file's decode time (over 10 s alone) and above a photo's time on a busy machine.
      FACE_ESTIMATION_PHOTO_BUDGET_MS: "8000",
    });
    const { EstimatorTimeout } = await import("@/lib/verification/methods/face/face-estimator");
    await estimator.measure(facePhoto("adult-50-59"), false); // loads the models outside the budget
    const hostile = estimator.measure(manyScansJpeg(), true);
    const next = estimator.measure(facePhoto("adult-70-plus"), false);
    // Two bounds can end it, and which comes first depends on the machine's speed: the decoder's
    // own 2 s timeout (the photo is unreadable: a retake) or, where that check comes too late,
    // the budget (a timeout, and the worker is replaced). Either way the next photo is served.
    const ended = await hostile.then(
      (measured) => ({ by: "decoder" as const, measured }),
      (error: unknown) => ({ by: "budget" as const, error }),
    );
    if (ended.by === "decoder") {
      expect(ended.measured).toEqual({ readable: false });
    } else {
      expect(ended.error).toBeInstanceOf(EstimatorTimeout);
      expect(ended.error).toBeInstanceOf(ProviderError);
      expect((ended.error as Error).message).toMatch(/budget/);
    }
    await expect(next).resolves.toMatchObject({ readable: true });
  }, 300_000);

  it("refuses a live frame at once while a photo waits, so frames never queue behind selfies", async () => {
    const { estimator, ProviderError } = await freshEstimator();
    const selfie = estimator.measure(facePhoto("adult-50-59"), true);
    const frame = estimator.measure(facePhoto("adult-70-plus"), false, { onlyIfIdle: true });
    await expect(frame).rejects.toBeInstanceOf(ProviderError);
    await expect(frame).rejects.toThrow(/busy/);
    await selfie;
    // Nothing waiting: the frame is measured.
    await expect(estimator.measure(facePhoto("adult-70-plus"), false, { onlyIfIdle: true })).resolves.toMatchObject({
      readable: true,
    });
  }, 300_000);

  it("ends its worker after the configured quiet spell and starts a new one for the next photo", async () => {
    const { estimator } = await freshEstimator({
      FACE_ESTIMATION_IDLE_MS: "500",
    });
    expect(estimator.running).toBe(false);
    await estimator.measure(facePhoto("adult-50-59"), true);
    expect(estimator.running).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(estimator.running).toBe(false);
    // The next photo loads the models again and is measured as before.
    await expect(estimator.measure(facePhoto("adult-50-59"), true)).resolves.toMatchObject({
      readable: true,
      faces: [expect.objectContaining({ age: expect.any(Number) })],
    });
    expect(estimator.running).toBe(true);
    estimator.stop();
    expect(estimator.running).toBe(false);
  }, 300_000);

  it("keeps its worker while photos keep coming within the quiet spell", async () => {
    const { estimator } = await freshEstimator({
      FACE_ESTIMATION_IDLE_MS: "600000",
    });
    await estimator.measure(facePhoto("adult-50-59"), false);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(estimator.running).toBe(true);
    estimator.stop();
  }, 300_000);
});

describe("the face estimator's worker process", () => {
  it("survives its worker's crash: the photo in flight is a provider error, the next gets a new process", async () => {
    const { estimator, ProviderError } = await freshEstimator({
      FACE_ESTIMATION_IDLE_MS: "600000",
    });
    await estimator.measure(facePhoto("adult-50-59"), false); // loads the models
    const crashed = estimator.pid!;
    expect(crashed).not.toBe(process.pid);
    const inFlight = estimator.measure(facePhoto("adult-70-plus"), true);
    await new Promise((resolve) => setTimeout(resolve, 20)); // in the worker (a photo takes longer)
    // As a crafted image that crashes libvips or the WebAssembly runtime would end it.
    process.kill(crashed, "SIGKILL");
    await expect(inFlight).rejects.toBeInstanceOf(ProviderError);
    await expect(inFlight).rejects.toThrow("built-in face estimation crashed");
    await expect(estimator.measure(facePhoto("adult-50-59"), true)).resolves.toMatchObject({
      readable: true,
      faces: [expect.objectContaining({ age: expect.any(Number) })],
    });
    expect(estimator.pid).toBeDefined();
    expect(estimator.pid).not.toBe(crashed);
    estimator.stop();
  }, 300_000);

  it("ends the worker process after the quiet spell: its pid no longer exists", async () => {
    const { estimator } = await freshEstimator({
      FACE_ESTIMATION_IDLE_MS: "500",
    });
    await estimator.measure(facePhoto("adult-50-59"), false);
    const pid = estimator.pid!;
    expect(processExists(pid)).toBe(true);
    await vi.waitFor(() => expect(processExists(pid)).toBe(false), { timeout: 10_000 });
    expect(estimator.running).toBe(false);
  }, 300_000);

  it.runIf(os.platform() === "linux")(
    "runs the models below the app's priority",
    async () => {
      const { estimator } = await freshEstimator({
        FACE_ESTIMATION_IDLE_MS: "600000",
      });
      await estimator.measure(facePhoto("adult-50-59"), false);
      const pid = estimator.pid!;
      // Every thread, the decoder's and V8's included (relative to a niced test run's own value).
      const threads = readdirSync(`/proc/${pid}/task`).map((task) => os.getPriority(Number(task)));
      expect(threads.length).toBeGreaterThan(1);
      expect(new Set(threads)).toEqual(new Set([Math.max(os.getPriority(), 10)]));
      estimator.stop();
    },
    300_000,
  );
});
