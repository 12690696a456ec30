import type { AgeModelName } from "@/lib/verification/methods/face/age-models";
import { RETAKE_MESSAGES, type FaceAnalysis, type RetakeReason } from "@/lib/verification/methods/face/types";

// The worker measures; this decides whether a photo can be judged at all. Thresholds were set
// from the measurements of the FairFace evaluation set (docs/face-estimation.md), so genuine,
// ordinary photos clear them and a clearly bad capture is sent back with a specific reason.

/** One face as the worker measured it; box is [x, y, width, height] as fractions of the image. */
export type MeasuredFace = {
  score: number;
  box: [number, number, number, number];
  age: number | null;
  /** Each age model's estimate: on the crop, then on its mirror image when flipped (see age-models.ts). */
  ages?: Partial<Record<AgeModelName, number[]>> | null;
  real: number | null;
  live: number | null;
  yaw: number | null;
  pitch: number | null;
  /** Mean luminance (0-255) of the face's grey crop. */
  brightness: number;
  /** Variance of the Laplacian of the face's 128 px grey crop: low means blurred. */
  sharpness: number;
  /** The match model's descriptor of the face, when asked for (match-faces.ts); null when the model gave none. */
  descriptor?: number[] | null;
  /**
   * With MobileFaceNet's descriptor: the face aligned onto the 112x112 ArcFace template, in grey
   * (0-255, row by row), for the same-image check's pixel comparison (match-faces.ts).
   */
  aligned?: number[];
};

export type FaceMeasurements =
  { readable: false } | { readable: true; width: number; height: number; faces: MeasuredFace[] };

export const GATES = {
  /** Detections below this score are not counted as faces. */
  minFaceScore: 0.6,
  /** A second face counts when it is at least this share of the largest face's area (a face in the background is smaller). */
  secondFaceAreaShare: 0.25,
  /** Boxes overlapping this much (intersection over the smaller box) are the same face detected twice. */
  sameFaceOverlap: 0.5,
  /** The face's width as a share of the photo's width. */
  minFaceWidth: 0.15,
  /** Head turned or tilted more than this (radians, about 34° and 29°). */
  maxYaw: 0.6,
  maxPitch: 0.5,
  minBrightness: 30,
  minSharpness: 12,
  /** The anti-spoofing ("real") and liveness scores a face needs to be judged at all. */
  minRealScore: 0.3,
  minLiveScore: 0.5,
} as const;

const retake = (reason: RetakeReason): FaceAnalysis => ({ kind: "retake", reason, message: RETAKE_MESSAGES[reason] });

function overlapOfSmaller(a: MeasuredFace["box"], b: MeasuredFace["box"]) {
  const width = Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]);
  const height = Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]);
  if (width <= 0 || height <= 0) return 0;
  return (width * height) / Math.min(a[2] * a[3], b[2] * b[3]);
}

/** The distinct faces worth counting, largest first: duplicates of one face merged, weak detections dropped. */
export function distinctFaces(faces: MeasuredFace[]): MeasuredFace[] {
  const byArea = faces
    .filter((f) => f.score >= GATES.minFaceScore)
    .sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
  const kept: MeasuredFace[] = [];
  for (const face of byArea) {
    if (kept.some((k) => overlapOfSmaller(k.box, face.box) >= GATES.sameFaceOverlap)) continue;
    kept.push(face);
  }
  const largest = kept[0];
  return largest
    ? kept.filter((f) => f.box[2] * f.box[3] >= GATES.secondFaceAreaShare * largest.box[2] * largest.box[3])
    : [];
}

/** Quality gates, then the spoof gate (only when the scores were measured), in the order a user can fix them. */
export function judgeMeasurements(measurements: FaceMeasurements): FaceAnalysis {
  if (!measurements.readable) return retake("unreadable_image");
  const faces = distinctFaces(measurements.faces);
  if (faces.length === 0) return retake("no_face");
  if (faces.length > 1) return retake("multiple_faces");
  const [face] = faces;
  if (face.box[2] < GATES.minFaceWidth) return retake("too_small");
  if (Math.abs(face.yaw ?? 0) > GATES.maxYaw || Math.abs(face.pitch ?? 0) > GATES.maxPitch)
    return retake("not_frontal");
  if (face.brightness < GATES.minBrightness) return retake("too_dark");
  if (face.sharpness < GATES.minSharpness) return retake("blurred");
  if (
    (face.real !== null && face.real < GATES.minRealScore) ||
    (face.live !== null && face.live < GATES.minLiveScore)
  ) {
    return { kind: "spoof", realScore: face.real ?? 0, liveScore: face.live ?? 0 };
  }
  const [x, y, width, height] = face.box;
  return { kind: "face", age: face.age, realScore: face.real, liveScore: face.live, faceBox: { x, y, width, height } };
}
