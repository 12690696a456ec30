// A built-in estimator that is out of time while the photo waits never costs the user anything:
// not an attempt, not one of the method's provider calls, however often it happens (the photo
// budget bounds the repeats). A photo that used its whole work budget in the worker is the cost
// itself (issue #48: a sliver held the reader for its whole budget, 20 times a session): it
// keeps the provider call, so the method gives up after its calls like a vendor's failures.
import { describe, expect, it, vi } from "vitest";
import { facePhoto } from "../../../tests/support/face-fixtures";
import { startLiveSession, upload } from "../../../tests/support/hosted-flow";

describe("a timed-out built-in estimator", () => {
  it("answers a retryable error and gives the provider call back, more times than the method has calls", async () => {
    vi.resetModules();
    process.env.FACE_ESTIMATION_TIMEOUT_MS = "1";
    delete (globalThis as { voiceageFaceEstimator?: unknown }).voiceageFaceEstimator;
    const { db } = await import("@/lib/platform/db");
    const { MAX_PROVIDER_CALLS_PER_METHOD } = await import("@/lib/verification/hosted-flow/provider-calls");
    const { submitImageEvidence } = await import("@/lib/verification/hosted-flow/submit-evidence");
    const session = await startLiveSession(["face_estimation", "id_document"]);
    for (let i = 0; i <= MAX_PROVIDER_CALLS_PER_METHOD; i++) {
      expect(
        await submitImageEvidence(await session.load(), 0, upload(facePhoto("adult-70-plus")), "203.0.113.9"),
      ).toEqual({
        kind: "provider_error",
        retryable: true,
        message: "We couldn't check your photo just now. Please try again in a moment.",
      });
    }
    // Still on the face step, nothing counted: the user was not moved on for the server's trouble.
    expect(await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      status: "in_progress",
      currentMethodIndex: 0,
      attempts: 0,
      methodProviderCalls: 0,
    });
  }, 120_000);
});

describe("a photo that overruns its work budget in the worker", () => {
  it("keeps its provider call: after the method's calls the session moves on", async () => {
    vi.resetModules();
    process.env.FACE_ESTIMATION_TIMEOUT_MS = "60000";
    process.env.FACE_ESTIMATION_PHOTO_BUDGET_MS = "5";
    delete (globalThis as { voiceageFaceEstimator?: unknown }).voiceageFaceEstimator;
    const { db } = await import("@/lib/platform/db");
    const { MAX_PROVIDER_CALLS_PER_METHOD } = await import("@/lib/verification/hosted-flow/provider-calls");
    const { submitImageEvidence } = await import("@/lib/verification/hosted-flow/submit-evidence");
    const session = await startLiveSession(["face_estimation", "id_document"]);
    for (let i = 1; i < MAX_PROVIDER_CALLS_PER_METHOD; i++) {
      expect(
        await submitImageEvidence(await session.load(), 0, upload(facePhoto("adult-70-plus")), "203.0.113.10"),
      ).toMatchObject({ kind: "provider_error" });
      expect(await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
        currentMethodIndex: 0,
        methodProviderCalls: i,
      });
    }
    await submitImageEvidence(await session.load(), 0, upload(facePhoto("adult-70-plus")), "203.0.113.10");
    expect(await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      status: "in_progress",
      currentMethodIndex: 1,
    });
    process.env.FACE_ESTIMATION_PHOTO_BUDGET_MS = "60000";
  }, 120_000);
});
