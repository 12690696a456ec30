// The estimator's process and bounds, with the real models: a full queue and an overrun are provider errors (the
// user may try again; no attempt is counted).
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { facePhoto } from "../../../tests/support/face-fixtures";

async function freshEstimator(env: Record<string, string>) {
  vi.resetModules();
  Object.assign(process.env, env);
  delete (globalThis as { voiceageFaceEstimator?: unknown }).voiceageFaceEstimator;
  const { faceEstimator } = await import("@/lib/verification/face/face-estimator");
  const { ProviderError } = await import("@/lib/verification/providers/types");
  return { estimator: faceEstimator(), ProviderError };
}

/** The pids of this process's estimator children (from /proc: no tool needed). */
function estimatorPids(): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        return parent === process.pid && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("face-process.mjs");
      } catch {
        return false; // it exited while we looked
      }
    })
    .map(Number);
}

/** The nice value of every thread of a process (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNiceValues(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
  });
}

describe.runIf(process.platform === "linux")("the face estimator's process", () => {
  it("runs every thread below the app's priority, and a process that dies fails its photo and is replaced", async () => {
    const { estimator, ProviderError } = await freshEstimator({ FACE_ESTIMATION_MAX_QUEUE: "8", FACE_ESTIMATION_TIMEOUT_MS: "240000" });
    await estimator.measure(facePhoto("adult-50-59"), true);
    const [pid] = estimatorPids();
    expect(pid).toBeGreaterThan(0);
    // Its threads by now include the image decoder's and the model's, started after the lowering.
    const nice = threadNiceValues(pid);
    expect(nice.length).toBeGreaterThan(4);
    expect(new Set(nice)).toEqual(new Set([10]));

    const inFlight = estimator.measure(facePhoto("adult-70-plus"), true);
    process.kill(pid, "SIGKILL");
    await expect(inFlight).rejects.toBeInstanceOf(ProviderError);
    await expect(inFlight).rejects.toThrow(/stopped/);
    await expect(estimator.measure(facePhoto("adult-70-plus"), false)).resolves.toMatchObject({ readable: true });
    expect(estimatorPids()).not.toContain(pid);
  }, 300_000);
});

describe("the face estimator's bounds", () => {
  it("refuses photos beyond its queue at once, then serves the ones it took", async () => {
    // A generous timeout: on a machine busy with the rest of the suite, loading the models and two
    // photos at the worker's low priority can take over a minute; this test is about the queue.
    const { estimator, ProviderError } = await freshEstimator({ FACE_ESTIMATION_MAX_QUEUE: "2", FACE_ESTIMATION_TIMEOUT_MS: "240000" });
    const calls = [1, 2, 3].map(() => estimator.measure(facePhoto("adult-50-59"), true));
    const settled = await Promise.allSettled(calls);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    expect((settled[2] as PromiseRejectedResult).reason).toBeInstanceOf(ProviderError);
    expect((settled[2] as PromiseRejectedResult).reason.message).toMatch(/busy/);
  }, 300_000);

  it("turns an overrun into a provider error instead of waiting on", async () => {
    const { estimator, ProviderError } = await freshEstimator({ FACE_ESTIMATION_MAX_QUEUE: "8", FACE_ESTIMATION_TIMEOUT_MS: "1" });
    const late = estimator.measure(facePhoto("adult-50-59"), true);
    await expect(late).rejects.toBeInstanceOf(ProviderError);
    await expect(late).rejects.toThrow(/timed out/);
  }, 120_000);

  it("refuses a live frame at once while a photo waits, so frames never queue behind selfies", async () => {
    const { estimator, ProviderError } = await freshEstimator({ FACE_ESTIMATION_MAX_QUEUE: "8", FACE_ESTIMATION_TIMEOUT_MS: "240000" });
    const selfie = estimator.measure(facePhoto("adult-50-59"), true);
    const frame = estimator.measure(facePhoto("adult-70-plus"), false, { onlyIfIdle: true });
    await expect(frame).rejects.toBeInstanceOf(ProviderError);
    await expect(frame).rejects.toThrow(/busy/);
    await selfie;
    // Nothing waiting: the frame is measured.
    await expect(estimator.measure(facePhoto("adult-70-plus"), false, { onlyIfIdle: true })).resolves.toMatchObject({ readable: true });
  }, 300_000);
});
