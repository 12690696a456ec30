// A built-in estimator that is out of time never costs the user anything: not an attempt, not one
// of the method's provider calls, however often it happens (the photo budget bounds the repeats).
// Every photo here times out: this file's estimator gets one millisecond.
import { describe, expect, it, vi } from "vitest";
import { facePhoto } from "../../../tests/support/face-fixtures";
import { startLiveSession, upload } from "../../../tests/support/hosted-flow";

describe("a timed-out built-in estimator", () => {
  it("answers a retryable error and gives the provider call back, more times than the method has calls", async () => {
    vi.resetModules();
    process.env.FACE_ESTIMATION_TIMEOUT_MS = "1";
    delete (globalThis as { voiceageFaceEstimator?: unknown }).voiceageFaceEstimator;
    const { db } = await import("@/lib/db");
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
