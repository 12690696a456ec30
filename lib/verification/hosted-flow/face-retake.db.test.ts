// The built-in face check in the hosted flow (live mode, embedded defaults): photos it cannot judge
// are retakes that count no attempt and use up none of the method's provider calls; a clear adult
// face then passes. Real inference, real database.
import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/platform/db";
import { logger } from "@/lib/platform/log";
import { analyzeFace } from "@/lib/verification/methods/face/analyze-face";
import { MAX_PROVIDER_CALLS_PER_METHOD } from "@/lib/verification/hosted-flow/provider-calls";
import { inconclusiveFaceMessage, submitImageEvidence } from "@/lib/verification/hosted-flow/submit-evidence";
import { derivedFace, facePhoto } from "../../../tests/support/face-fixtures";
import { startLiveSession, upload } from "../../../tests/support/hosted-flow";

describe("retakes in the hosted flow", () => {
  it("never use up the method: more retakes than provider calls, then a pass with one attempt", async () => {
    const session = await startLiveSession(["face_estimation"]);
    const noFace = await derivedFace.noFace();
    for (let i = 0; i <= MAX_PROVIDER_CALLS_PER_METHOD; i++) {
      expect(await submitImageEvidence(await session.load(), 0, upload(noFace))).toEqual({
        kind: "retake",
        message: "We couldn't find a face. Face the camera with your whole face in the picture.",
      });
    }
    const row = await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(row).toMatchObject({ status: "in_progress", attempts: 0, methodProviderCalls: 0 });

    expect(await submitImageEvidence(await session.load(), 0, upload(facePhoto("adult-70-plus")))).toEqual({
      kind: "completed",
      status: "passed",
    });
    const passed = await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(passed).toMatchObject({
      status: "passed",
      attempts: 1,
      outcomeMethod: "face_estimation",
      outcomeResult: "pass",
    });
  }, 120_000);
});

describe("an inconclusive face in the hosted flow", () => {
  it("gets another try with the true reason and the tries left while the method has provider calls; the last inconclusive moves on", async () => {
    const session = await startLiveSession(["face_estimation"]);
    // The teenager's estimate falls inside the buffer: inconclusive, never a pass or a fail.
    const teen = facePhoto("teen-10-19");
    for (let i = 1; i < MAX_PROVIDER_CALLS_PER_METHOD; i++) {
      expect(await submitImageEvidence(await session.load(), 0, upload(teen))).toEqual({
        kind: "try_again",
        message: inconclusiveFaceMessage(18, MAX_PROVIDER_CALLS_PER_METHOD - i),
        triesLeft: MAX_PROVIDER_CALLS_PER_METHOD - i,
      });
      expect(await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
        status: "in_progress",
        currentMethodIndex: 0,
        attempts: i,
        methodProviderCalls: i,
      });
    }
    // The method's last call: no method left on the defaults, so the session ends inconclusive.
    expect(await submitImageEvidence(await session.load(), 0, upload(teen))).toEqual({
      kind: "completed",
      status: "failed",
    });
    expect(await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      status: "failed",
      attempts: MAX_PROVIDER_CALLS_PER_METHOD,
      outcomeResult: "inconclusive",
    });
  }, 180_000);
});

describe("the selfie's privacy", () => {
  it("wipes the request's copy of the photo, and neither the photo nor the age estimate reaches a log line or the database", async () => {
    const photo = facePhoto("adult-50-59");
    const analysis = await analyzeFace(photo);
    if (analysis.kind !== "face" || analysis.age === null) throw new Error("the fixture should be judged");
    // The model's estimate (one decimal, as human gives it): what must not be kept or logged.
    const estimate = String(analysis.age);
    expect(estimate).toMatch(/^\d+\.\d+$/);

    const logged: string[] = [];
    for (const level of ["trace", "debug", "info", "warn", "error", "fatal"] as const) {
      vi.spyOn(logger(), level).mockImplementation(
        ((...args: unknown[]) => void logged.push(JSON.stringify(args))) as never,
      );
    }
    try {
      const session = await startLiveSession(["face_estimation"]);
      // The upload hands over this very buffer (as the route's File does its own): we can see it wiped.
      const sent = photo.slice();
      const outcome = await submitImageEvidence(await session.load(), 0, {
        size: sent.length,
        arrayBuffer: async () => sent.buffer,
      });
      expect(outcome).toEqual({ kind: "completed", status: "passed" });
      expect(sent.every((byte) => byte === 0)).toBe(true);

      const stored = JSON.stringify([
        await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } }),
        await db.event.findMany({ where: { sessionId: session.id } }),
        await db.job.findMany({ where: { payload: { string_contains: session.id } } }),
      ]);
      expect(stored).toContain(session.id);
      expect(stored).not.toContain(estimate);
      expect(stored).not.toMatch(/"(age|estimate)"/);
      const photoBase64 = Buffer.from(photo.subarray(0, 48)).toString("base64");
      for (const line of logged) {
        expect(line).not.toContain(estimate);
        expect(line).not.toMatch(/"(age|estimate)"/);
        expect(line).not.toContain(photoBase64);
      }
    } finally {
      vi.restoreAllMocks();
    }
  }, 120_000);
});
