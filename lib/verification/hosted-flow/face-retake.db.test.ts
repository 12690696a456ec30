// The built-in face check in the hosted flow (live mode, embedded defaults): photos it cannot judge
// are retakes that count no attempt and use up none of the method's provider calls; a clear adult
// face then passes. Real inference, real database.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { MAX_PROVIDER_CALLS_PER_METHOD } from "@/lib/verification/hosted-flow/provider-calls";
import { submitImageEvidence } from "@/lib/verification/hosted-flow/submit-evidence";
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

    expect(await submitImageEvidence(await session.load(), 0, upload(facePhoto("adult-70-plus")))).toEqual({ kind: "completed", status: "passed" });
    const passed = await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(passed).toMatchObject({ status: "passed", attempts: 1, outcomeMethod: "face_estimation", outcomeResult: "pass" });
  }, 120_000);
});
