import { describe, expect, it } from "vitest";
import { liveCheckFrom } from "@/lib/verification/methods/face/live-check";
import { LIVE_CHECK_MESSAGES, RETAKE_MESSAGES, type FaceAnalysis } from "@/lib/verification/methods/face/types";

const face = (width: number, height = width): FaceAnalysis => ({
  kind: "face",
  age: null,
  realScore: null,
  liveScore: null,
  faceBox: { x: (1 - width) / 2, y: (1 - height) / 2, width, height },
});

describe("the live check's answer", () => {
  it("is ok for a face of an ordinary size, and nothing else (no box, no score)", () => {
    expect(liveCheckFrom(face(0.5))).toEqual({ check: "ok" });
  });

  it("says too close when the face overflows the guide, in width or in height", () => {
    expect(liveCheckFrom(face(0.75))).toEqual({
      check: "retake",
      reason: "too_close",
      message: LIVE_CHECK_MESSAGES.too_close,
    });
    expect(liveCheckFrom(face(0.6, 0.9))).toMatchObject({ reason: "too_close" });
  });

  it("passes each gate's reason on, with the live phrasing of its message", () => {
    for (const reason of Object.keys(RETAKE_MESSAGES) as (keyof typeof RETAKE_MESSAGES)[]) {
      expect(liveCheckFrom({ kind: "retake", reason, message: RETAKE_MESSAGES[reason] })).toEqual({
        check: "retake",
        reason,
        message: LIVE_CHECK_MESSAGES[reason],
      });
    }
  });

  it("never reveals a spoof score", () => {
    expect(liveCheckFrom({ kind: "spoof", realScore: 0.1, liveScore: 0.2 })).toEqual({ check: "ok" });
  });
});
