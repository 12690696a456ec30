import { describe, expect, it } from "vitest";
import { liveFeedback, LIVE_FEEDBACK_SENTENCES } from "@/lib/verification/methods/face/live-feedback";
import { LIVE_CHECK_MESSAGES, type LiveCheckReason } from "@/lib/verification/methods/face/types";

const fine = { light: "ok", focus: "ok" } as const;
const retake = (reason: LiveCheckReason) => ({
  check: "retake" as const,
  reason,
  message: LIVE_CHECK_MESSAGES[reason],
});
const states = (feedback: ReturnType<typeof liveFeedback>) =>
  Object.fromEntries(feedback.items.map((i) => [i.key, i.state]));

describe("the camera view's feedback", () => {
  it("is ready only when the face, distance, light and focus all pass", () => {
    const ready = liveFeedback({ frame: fine, server: { check: "ok" } });
    expect(ready).toMatchObject({ ready: true, message: "ready" });
    expect(states(ready)).toEqual({ face: "ok", distance: "ok", light: "ok", focus: "ok" });
    expect(ready.items.find((i) => i.key === "face")!.detail).toBe("faceFound");
  });

  it("guides while nothing is known yet, and is not ready", () => {
    expect(liveFeedback({ frame: null, server: null })).toMatchObject({ ready: false, message: "guide" });
    expect(liveFeedback({ frame: fine, server: null })).toMatchObject({ ready: false, message: "guide" });
  });

  it("asks for light first: no face is found in the dark", () => {
    const dark = liveFeedback({ frame: { light: "dark", focus: "ok" }, server: retake("no_face") });
    expect(dark.message).toBe(LIVE_FEEDBACK_SENTENCES.too_dark);
    expect(states(dark)).toMatchObject({ light: "fix", face: "fix" });
    expect(liveFeedback({ frame: fine, server: retake("too_dark") }).items.find((i) => i.key === "light")!.state).toBe(
      "fix",
    );
  });

  it("says what to fix about the face, from the server's reason", () => {
    const far = liveFeedback({ frame: fine, server: retake("too_small") });
    expect(far).toMatchObject({ ready: false, message: LIVE_FEEDBACK_SENTENCES.too_small });
    expect(states(far)).toMatchObject({ face: "ok", distance: "fix" });
    expect(states(liveFeedback({ frame: fine, server: retake("too_close") }))).toMatchObject({
      face: "ok",
      distance: "fix",
    });
    expect(states(liveFeedback({ frame: fine, server: retake("multiple_faces") }))).toMatchObject({
      face: "fix",
      distance: "pending",
    });
    expect(liveFeedback({ frame: fine, server: retake("not_frontal") }).message).toBe(
      LIVE_FEEDBACK_SENTENCES.not_frontal,
    );
  });

  it("asks to hold still when the frame is blurred", () => {
    expect(liveFeedback({ frame: { light: "ok", focus: "blurred" }, server: { check: "ok" } })).toMatchObject({
      ready: false,
      message: LIVE_FEEDBACK_SENTENCES.blurred,
    });
  });

  it("without the server's face check (a vendor's check, or its budget spent), judges light and focus alone", () => {
    const local = liveFeedback({ frame: fine, server: undefined });
    expect(local.items.map((i) => i.key)).toEqual(["light", "focus"]);
    expect(local).toMatchObject({ ready: true, message: "ready" });
  });
});
