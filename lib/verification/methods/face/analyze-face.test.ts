// Real inference (the built-in models in their worker process, no mock) on licensed photographs
// and cases derived from them (tests/fixtures/faces/SOURCES.md): each gets the gate or verdict
// a person would expect.
import { describe, expect, it } from "vitest";
import { env } from "@/lib/platform/env";
import { analyzeFace } from "@/lib/verification/methods/face/analyze-face";
import { ageRuleFor, decideAge } from "@/lib/verification/methods/face/decide-age";
import { RETAKE_MESSAGES } from "@/lib/verification/methods/face/types";
import { derivedFace, facePhoto } from "../../../../tests/support/face-fixtures";

const verdictFor = async (
  bytes: Uint8Array,
  requiredAge: 16 | 18,
  rule = ageRuleFor(requiredAge, env().FACE_ESTIMATION_BUFFER_YEARS),
) => {
  const analysis = await analyzeFace(bytes);
  if (analysis.kind !== "face" || analysis.age === null) return analysis.kind;
  return decideAge({ estimate: analysis.age, requiredAge, rule }).result;
};

describe("analyzeFace on real photographs", () => {
  it("passes faces clearly over the challenge age (the default buffer)", async () => {
    expect(await verdictFor(facePhoto("adult-70-plus"), 18)).toBe("pass");
    expect(await verdictFor(facePhoto("adult-50-59"), 18)).toBe("pass");
  }, 120_000);

  // A young child reads far under 16 on both shipped models, so the combination is never near a
  // pass, and fails only under a rule with a small fail buffer.
  it("never passes a young child: estimated under 16, inconclusive with the default buffer, failed with a small one", async () => {
    const analysis = await analyzeFace(facePhoto("child-3-9"));
    expect(analysis).toMatchObject({ kind: "face" });
    expect(analysis.kind === "face" && analysis.age).toBeLessThan(16);
    expect(await verdictFor(facePhoto("child-3-9"), 16)).toBe("inconclusive");
    expect(await verdictFor(facePhoto("child-3-9"), 16, { passBuffer: 5, failBuffer: 2 })).toBe("fail");
  });

  it("sends a teenager and a young adult to the next method rather than deciding (inside the buffer)", async () => {
    expect(await verdictFor(facePhoto("teen-10-19"), 18)).toBe("inconclusive");
    expect(await verdictFor(facePhoto("adult-20-29"), 18)).toBe("inconclusive");
  });

  it("with only the quality gates asked for, finds the face and estimates nothing; the next photo is estimated in full", async () => {
    const analysis = await analyzeFace(facePhoto("adult-70-plus"), { estimateAge: false });
    const next = await analyzeFace(facePhoto("adult-70-plus"));
    expect(next).toMatchObject({
      kind: "face",
      age: expect.any(Number),
      realScore: expect.any(Number),
      liveScore: expect.any(Number),
    });
    expect(analysis).toMatchObject({ kind: "face", age: null, realScore: null, liveScore: null });
    if (analysis.kind !== "face") return;
    expect(analysis.faceBox.width).toBeGreaterThan(0.3);
    expect(analysis.faceBox.x + analysis.faceBox.width).toBeLessThanOrEqual(1.01);
  });
});

describe("analyzeFace sends back photos it cannot judge, saying why", () => {
  it.each([
    ["a picture with no face", derivedFace.noFace, "no_face"],
    ["two faces", derivedFace.twoFaces, "multiple_faces"],
    ["a dark photo", derivedFace.dark, "too_dark"],
    ["a blurred photo", derivedFace.blurred, "blurred"],
    ["a face far from the camera", derivedFace.tooSmall, "too_small"],
    ["bytes that are not an image", derivedFace.unreadable, "unreadable_image"],
  ] as const)("%s: %2$s", async (_, make, reason) => {
    expect(await analyzeFace(await make())).toEqual({ kind: "retake", reason, message: RETAKE_MESSAGES[reason] });
  });
});

describe("analyzeFace never passes a face that is not live", () => {
  it("a photo of a photo on a screen (simulated) is a spoof: inconclusive, whatever its age", async () => {
    const analysis = await analyzeFace(await derivedFace.rephotographed());
    expect(analysis.kind).toBe("spoof");
  });
});
