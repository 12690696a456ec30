import { describe, expect, it } from "vitest";
import { distinctFaces, judgeMeasurements, type MeasuredFace } from "@/lib/verification/methods/face/quality-gates";

const face = (overrides: Partial<MeasuredFace> = {}): MeasuredFace => ({
  score: 1,
  box: [0.25, 0.2, 0.5, 0.5],
  age: 40,
  real: 0.7,
  live: 0.95,
  yaw: 0,
  pitch: 0,
  brightness: 110,
  sharpness: 300,
  ...overrides,
});
const judge = (faces: MeasuredFace[]) => judgeMeasurements({ readable: true, width: 640, height: 640, faces });

describe("quality gates", () => {
  it("counts one face detected twice as one", () => {
    expect(distinctFaces([face(), face({ box: [0.27, 0.22, 0.45, 0.45] })])).toHaveLength(1);
  });

  it("ignores a small face in the background and weak detections", () => {
    expect(
      distinctFaces([face(), face({ box: [0.85, 0.05, 0.1, 0.1] }), face({ box: [0, 0.6, 0.4, 0.4], score: 0.3 })]),
    ).toHaveLength(1);
  });

  it("sees two people side by side", () => {
    expect(judge([face({ box: [0, 0.2, 0.45, 0.45] }), face({ box: [0.5, 0.2, 0.45, 0.45] })])).toMatchObject({
      reason: "multiple_faces",
    });
  });

  it.each([
    [{ box: [0.45, 0.45, 0.1, 0.1] }, "too_small"],
    [{ yaw: 0.8 }, "not_frontal"],
    [{ pitch: -0.7 }, "not_frontal"],
    [{ brightness: 20 }, "too_dark"],
    [{ sharpness: 5 }, "blurred"],
  ] as const)("%j is a retake: %s", (overrides, reason) => {
    expect(judge([face(overrides as Partial<MeasuredFace>)])).toMatchObject({ kind: "retake", reason });
  });

  it("a face the liveness or anti-spoofing model doubts is a spoof, never judged by age", () => {
    expect(judge([face({ live: 0.3 })])).toEqual({ kind: "spoof", realScore: 0.7, liveScore: 0.3 });
    expect(judge([face({ real: 0.1 })])).toMatchObject({ kind: "spoof" });
  });

  it("passes a clear face through with its estimate, and an unreadable or empty photo is a retake", () => {
    expect(judge([face()])).toMatchObject({
      kind: "face",
      age: 40,
      faceBox: { x: 0.25, y: 0.2, width: 0.5, height: 0.5 },
    });
    expect(judge([])).toMatchObject({ reason: "no_face" });
    expect(judgeMeasurements({ readable: false })).toMatchObject({ reason: "unreadable_image" });
  });
});
