// What the built-in face check concludes about one photo. Importable by client and server: the
// page shows the same retake messages the server decides on.
import { isOneOf, isRecord, keysOf } from "@/lib/platform/narrow";

export const RETAKE_MESSAGES = {
  no_face: "We couldn't find a face. Face the camera with your whole face in the picture.",
  multiple_faces: "Only one face, please.",
  too_small: "Move closer.",
  not_frontal: "Face the camera.",
  too_dark: "More light, please.",
  blurred: "Hold still: the photo was blurred.",
  unreadable_image: "We could not read that image. Please try another photo.",
} as const;

export type RetakeReason = keyof typeof RETAKE_MESSAGES;

type FaceBox = { x: number; y: number; width: number; height: number };

export type FaceAnalysis =
  /** The photo cannot be judged; the user retakes it (no attempt counted). */
  | { kind: "retake"; reason: RetakeReason; message: string }
  /** One clear face, but the anti-spoofing or liveness model does not score it as a live person. */
  | { kind: "spoof"; realScore: number; liveScore: number }
  /** One clear, live face; `age` is null when only the quality gates were asked for. */
  | { kind: "face"; age: number | null; realScore: number | null; liveScore: number | null; faceBox: FaceBox };

// The live check of camera frames before capture (docs/face-estimation.md, "Live feedback before
// capture"): the quality gates only, never an age. Phrased for someone looking at the camera view,
// with one reason the selfie gates do not have: a face so close it overflows the guide.
export const LIVE_CHECK_MESSAGES = {
  no_face: "We can't see a face yet. Put your face inside the oval.",
  multiple_faces: "Only one face, please.",
  too_small: "Move closer: fill the oval with your face.",
  too_close: "Move back a little: your whole face should fit in the oval.",
  not_frontal: "Look straight at the camera.",
  too_dark: "More light, please: face a window or a lamp.",
  blurred: "Hold still.",
  unreadable_image: "We couldn't read the camera picture.",
} as const;

export type LiveCheckReason = keyof typeof LIVE_CHECK_MESSAGES;

/** The live check's whole answer: whether a photo taken now would clear the gates, or what to fix. */
export type LiveCheck = { check: "ok" } | { check: "retake"; reason: LiveCheckReason; message: string };

/** The live check's answer as the page reads it from the route's JSON, or null when it is not one. */
export function liveCheckOf(body: unknown): LiveCheck | null {
  if (!isRecord(body)) return null;
  if (body.check === "ok") return { check: "ok" };
  const { reason, message } = body;
  if (body.check !== "retake" || typeof message !== "string") return null;
  return isOneOf(keysOf(LIVE_CHECK_MESSAGES), reason) ? { check: "retake", reason, message } : null;
}
