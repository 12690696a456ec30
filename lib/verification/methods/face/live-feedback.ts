// What the camera view shows before capture: four checks and one sentence, from the browser's own
// frame measures (light, focus) and the server's live check (face, distance). Pure; importable by
// client and server. Feedback guides; it never blocks the "Take photo" button.
import type { FrameQuality } from "@/lib/verification/methods/face/frame-quality";
import { LIVE_CHECK_MESSAGES, type LiveCheck } from "@/lib/verification/methods/face/types";

type CheckState = "ok" | "fix" | "pending";
export type FeedbackItem = {
  key: "face" | "distance" | "light" | "focus";
  label: string;
  state: CheckState;
  detail: string;
};
export type Feedback = { items: FeedbackItem[]; message: string; ready: boolean };

export const GUIDE_MESSAGE = "Put your face inside the oval.";
export const READY_MESSAGE = "Ready: take your photo.";

export function liveFeedback(input: {
  /** Light and focus of the latest frame; null before the first one. */
  frame: FrameQuality | null;
  /** The server's latest answer, null while none is fresh; undefined when the face check is off. */
  server: LiveCheck | null | undefined;
}): Feedback {
  const { frame, server } = input;
  const reason = server?.check === "retake" ? server.reason : null;
  const items: FeedbackItem[] = [];

  if (server !== undefined) {
    let face: FeedbackItem = { key: "face", label: "Face", state: "pending", detail: "Looking for your face…" };
    if (server?.check === "ok") face = { ...face, state: "ok", detail: "Face found" };
    else if (reason === "no_face") face = { ...face, state: "fix", detail: "No face found yet" };
    else if (reason === "multiple_faces") face = { ...face, state: "fix", detail: "More than one face" };
    else if (reason === "not_frontal") face = { ...face, state: "fix", detail: "Look straight at the camera" };
    else if (reason && reason !== "unreadable_image") face = { ...face, state: "ok", detail: "Face found" };
    items.push(face);

    let distance: FeedbackItem = {
      key: "distance",
      label: "Distance",
      state: "pending",
      detail: "Waiting for your face",
    };
    if (reason === "too_small") distance = { ...distance, state: "fix", detail: "Too far: move closer" };
    else if (reason === "too_close") distance = { ...distance, state: "fix", detail: "Too close: move back" };
    else if (face.state === "ok" || reason === "not_frontal")
      distance = { ...distance, state: "ok", detail: "Good distance" };
    items.push(distance);
  }

  // Light and focus come from the browser's frame: pending until the first one is measured.
  const frameItem = (
    key: "light" | "focus",
    label: string,
    bad: boolean,
    details: { bad: string; ok: string },
  ): FeedbackItem => ({
    key,
    label,
    state: bad ? "fix" : frame ? "ok" : "pending",
    detail: bad ? details.bad : frame ? details.ok : "Checking…",
  });
  const dark = frame?.light === "dark" || reason === "too_dark";
  const blurred = frame?.focus === "blurred" || reason === "blurred";
  items.push(frameItem("light", "Light", dark, { bad: "Too dark", ok: "Good light" }));
  items.push(frameItem("focus", "Focus", blurred, { bad: "Blurred: hold still", ok: "Sharp" }));

  // One sentence: the first thing to fix, in the order that unblocks the rest (no face is found
  // in the dark; distance and angle only matter once there is a face).
  let message: string;
  if (dark) message = LIVE_CHECK_MESSAGES.too_dark;
  else if (reason && reason !== "unreadable_image")
    message = server!.check === "retake" ? server!.message : GUIDE_MESSAGE;
  else if (blurred) message = LIVE_CHECK_MESSAGES.blurred;
  else if (items.some((item) => item.state === "pending")) message = GUIDE_MESSAGE;
  else message = READY_MESSAGE;

  return { items, message, ready: items.every((item) => item.state === "ok") };
}
