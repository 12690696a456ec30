// What the camera view shows before capture: four checks and one sentence, from the browser's own
// frame measures (light, focus) and the server's live check (face, distance). Pure; importable by
// client and server. Feedback guides; it never blocks the "Take photo" button. The words are keys
// of the catalogue's `feedback` messages: the page says them in the user's language.
import type { FrameQuality } from "@/lib/verification/methods/face/frame-quality";
import type { LiveCheck, LiveCheckReason } from "@/lib/verification/methods/face/types";

type CheckState = "ok" | "fix" | "pending";
type CheckKey = "face" | "distance" | "light" | "focus";

/** The live check's sentence for each reason (LIVE_CHECK_MESSAGES, in the catalogue). */
export const LIVE_FEEDBACK_SENTENCES = {
  no_face: "liveNoFace",
  multiple_faces: "liveMultipleFaces",
  too_small: "liveTooSmall",
  too_close: "liveTooClose",
  not_frontal: "liveNotFrontal",
  too_dark: "liveTooDark",
  blurred: "liveBlurred",
  unreadable_image: "liveUnreadable",
} as const satisfies Record<LiveCheckReason, string>;

type Sentence = (typeof LIVE_FEEDBACK_SENTENCES)[LiveCheckReason] | "guide" | "ready";
type Detail =
  | "lookingForFace"
  | "faceFound"
  | "noFaceYet"
  | "moreThanOneFace"
  | "lookStraight"
  | "waitingForFace"
  | "tooFar"
  | "tooNear"
  | "goodDistance"
  | "checking"
  | "tooDark"
  | "goodLight"
  | "blurred"
  | "sharp";

const LABELS = {
  face: "labelFace",
  distance: "labelDistance",
  light: "labelLight",
  focus: "labelFocus",
} as const satisfies Record<CheckKey, string>;

export type FeedbackItem = {
  key: CheckKey;
  label: (typeof LABELS)[CheckKey];
  state: CheckState;
  detail: Detail;
};
export type Feedback = { items: FeedbackItem[]; message: Sentence; ready: boolean };

export function liveFeedback(input: {
  /** Light and focus of the latest frame; null before the first one. */
  frame: FrameQuality | null;
  /** The server's latest answer, null while none is fresh; undefined when the face check is off. */
  server: LiveCheck | null | undefined;
}): Feedback {
  const { frame, server } = input;
  const reason = server?.check === "retake" ? server.reason : null;
  const items: FeedbackItem[] = [];
  const item = (key: CheckKey, state: CheckState, detail: Detail): FeedbackItem => ({
    key,
    label: LABELS[key],
    state,
    detail,
  });

  if (server !== undefined) {
    let face = item("face", "pending", "lookingForFace");
    if (server?.check === "ok") face = item("face", "ok", "faceFound");
    else if (reason === "no_face") face = item("face", "fix", "noFaceYet");
    else if (reason === "multiple_faces") face = item("face", "fix", "moreThanOneFace");
    else if (reason === "not_frontal") face = item("face", "fix", "lookStraight");
    else if (reason && reason !== "unreadable_image") face = item("face", "ok", "faceFound");
    items.push(face);

    let distance = item("distance", "pending", "waitingForFace");
    if (reason === "too_small") distance = item("distance", "fix", "tooFar");
    else if (reason === "too_close") distance = item("distance", "fix", "tooNear");
    else if (face.state === "ok" || reason === "not_frontal") distance = item("distance", "ok", "goodDistance");
    items.push(distance);
  }

  // Light and focus come from the browser's frame: pending until the first one is measured.
  const frameItem = (key: "light" | "focus", bad: boolean, details: { bad: Detail; ok: Detail }) =>
    item(key, bad ? "fix" : frame ? "ok" : "pending", bad ? details.bad : frame ? details.ok : "checking");
  const dark = frame?.light === "dark" || reason === "too_dark";
  const blurred = frame?.focus === "blurred" || reason === "blurred";
  items.push(frameItem("light", dark, { bad: "tooDark", ok: "goodLight" }));
  items.push(frameItem("focus", blurred, { bad: "blurred", ok: "sharp" }));

  // One sentence: the first thing to fix, in the order that unblocks the rest (no face is found
  // in the dark; distance and angle only matter once there is a face).
  let message: Sentence;
  if (dark) message = LIVE_FEEDBACK_SENTENCES.too_dark;
  else if (reason && reason !== "unreadable_image") message = LIVE_FEEDBACK_SENTENCES[reason];
  else if (blurred) message = LIVE_FEEDBACK_SENTENCES.blurred;
  else if (items.some((entry) => entry.state === "pending")) message = "guide";
  else message = "ready";

  return { items, message, ready: items.every((entry) => entry.state === "ok") };
}
