import "server-only";
import {
  faceEstimator,
  type FaceMatchModel,
  type MeasureOptions,
} from "@/lib/verification/methods/face/face-estimator";
import { distinctFaces, judgeMeasurements, type FaceMeasurements } from "@/lib/verification/methods/face/quality-gates";
import { recaptureSimilarity } from "@/lib/verification/methods/face/recapture";
import { RetakeRequired, type ImageEvidence } from "@/lib/verification/methods/types";

// Whether the portrait on an identity document and a live selfie show the same person
// (docs/face-match.md). Both photos go through the face estimator's one worker, queue and budgets,
// so a busy or overrunning worker fails as for face_estimation (EstimatorBusy, EstimatorTimeout:
// provider errors, no attempt counted). The descriptors stay in memory for the call only.

/**
 * Cosine similarity of two descriptors (of the model FACE_MATCH_MODEL names) at and above which two
 * faces are the same person, chosen on identity-labelled faces with printed-portrait simulation
 * (docs/face-match.md). The models' similarities are not on one scale: each has its own.
 */
export const MATCH_THRESHOLD = { mobilefacenet: 0.38, faceres: 0.59 } as const satisfies Record<FaceMatchModel, number>;

/**
 * Cosine similarity at and above which the selfie is the document's own portrait photographed
 * again (the document held up to the selfie camera): two captures of one print lie far closer
 * than two photographs of one person ever do. Chosen on generated documents and identity-labelled
 * faces (docs/face-match.md, "The document held up as the selfie").
 */
export const SAME_IMAGE_THRESHOLD = { mobilefacenet: 0.91, faceres: 0.85 } as const satisfies Record<
  FaceMatchModel,
  number
>;

/**
 * The second, independent same-image signal (MobileFaceNet only, which hands back the aligned
 * face): at and above this pixel-level similarity of the two aligned faces (recapture.ts) the
 * selfie is the document's portrait photographed again, whatever the descriptors say. Genuine
 * pairs reach descriptor similarities above SAME_IMAGE_THRESHOLD's reach of distorted recaptures,
 * so the descriptor alone cannot separate them; pose, expression and lighting direction can.
 * Chosen on the tuning split (docs/face-match.md, "The document held up as the selfie").
 */
export const RECAPTURE_THRESHOLD = 0.86;

/**
 * The document's face must be at least this wide in pixels (at the longest side measured):
 * smaller, the descriptor sees little more than a blur.
 */
export const DOCUMENT_MIN_FACE_PIXELS = 40;

/** The selfie: face_estimation's gates without the age, and the descriptor. */
export const SELFIE_MEASUREMENT = { estimateAge: false, liveness: true, describe: true } satisfies MeasureOptions;

/**
 * The document: no liveness (a printed portrait is flat by nature), and a longer side than a
 * selfie's 640 px, since the portrait is a small part of the photo of the card.
 */
export const DOCUMENT_MEASUREMENT = {
  estimateAge: false,
  liveness: false,
  describe: true,
  maxSide: 1280,
} satisfies MeasureOptions;

export type FaceMatch =
  | { kind: "match" | "mismatch"; similarity: number }
  /** No usable face: none, more than one, or too small on the document; no descriptor on either. */
  | { kind: "no_face"; which: "document" | "selfie" }
  /** The selfie's face is not scored as a live person (face_estimation's spoof gate): never a match. */
  | { kind: "spoof" }
  /** The selfie's face is near-identical to the document's: the document's own portrait, held up to the camera. */
  | { kind: "same_image"; similarity: number };

/** Cosine similarity of two descriptors, in [-1, 1]. */
export function descriptorSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length) throw new Error("face descriptors of different lengths");
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** A face's descriptor and, with MobileFaceNet, the face aligned in grey (recapture.ts). */
export type DescribedFace = { descriptor: number[]; aligned: number[] | null };

/** The document's one face, or null when there is no single face big enough with a descriptor. */
export function documentDescriptor(measurements: FaceMeasurements): DescribedFace | null {
  if (!measurements.readable) return null;
  const faces = distinctFaces(measurements.faces);
  if (faces.length !== 1) return null;
  const [face] = faces;
  if (face.box[2] * measurements.width < DOCUMENT_MIN_FACE_PIXELS) return null;
  return face.descriptor?.length ? { descriptor: face.descriptor, aligned: face.aligned ?? null } : null;
}

/**
 * The selfie after face_estimation's quality gates (a RetakeRequired with the same messages): its
 * face's descriptor (null when the model gave none) and whether it passed the spoof gate. The
 * descriptor is given for a spoof too, so that a document held up to the camera is told apart.
 */
export function selfieDescriptor(measurements: FaceMeasurements): { face: DescribedFace | null; live: boolean } {
  const analysis = judgeMeasurements(measurements);
  if (analysis.kind === "retake") throw new RetakeRequired(analysis.message);
  const [face] = distinctFaces(measurements.readable ? measurements.faces : []);
  return {
    face: face?.descriptor?.length ? { descriptor: face.descriptor, aligned: face.aligned ?? null } : null,
    live: analysis.kind !== "spoof",
  };
}

/**
 * Whether the selfie is the document's own portrait photographed again: either signal says so
 * (the descriptors' cosine similarity, or, when both aligned faces are at hand, their pixel-level
 * similarity). The eval applies the same rule.
 */
export function isSameImage(similarity: number, recapture: number | null, model: FaceMatchModel): boolean {
  return similarity >= SAME_IMAGE_THRESHOLD[model] || (recapture !== null && recapture >= RECAPTURE_THRESHOLD);
}

/** The pixel-level similarity of two described faces, or null when either has no aligned face. */
export function recaptureOf(document: DescribedFace, selfie: DescribedFace): number | null {
  return document.aligned && selfie.aligned ? recaptureSimilarity(document.aligned, selfie.aligned) : null;
}

/**
 * The decision on two descriptors (the eval applies the same rule). The same image is looked for
 * before the spoof gate's verdict, so that someone who held up the document is asked for their own
 * face rather than sent on as a spoof.
 */
function compareFaces(document: DescribedFace, selfie: DescribedFace, live: boolean, model: FaceMatchModel): FaceMatch {
  const similarity = descriptorSimilarity(document.descriptor, selfie.descriptor);
  if (isSameImage(similarity, recaptureOf(document, selfie), model)) return { kind: "same_image", similarity };
  if (!live) return { kind: "spoof" };
  return { kind: similarity >= MATCH_THRESHOLD[model] ? "match" : "mismatch", similarity };
}

/**
 * Matches the face on a photographed identity document to a live selfie. The selfie must pass
 * face_estimation's quality gates (else RetakeRequired, with the same messages) and its spoof
 * gate (else "spoof"), and must not be the document's portrait itself ("same_image"); the
 * document's portrait, printed and flat, faces no liveness gate, only "one face, big enough".
 */
export async function matchFaces(document: ImageEvidence, selfie: ImageEvidence): Promise<FaceMatch> {
  const estimator = faceEstimator();
  const selfieFace = selfieDescriptor(await estimator.measure(selfie.bytes, false, SELFIE_MEASUREMENT));
  if (selfieFace.face === null) return selfieFace.live ? { kind: "no_face", which: "selfie" } : { kind: "spoof" };
  const documentFace = documentDescriptor(await estimator.measure(document.bytes, false, DOCUMENT_MEASUREMENT));
  if (documentFace === null) return selfieFace.live ? { kind: "no_face", which: "document" } : { kind: "spoof" };
  return compareFaces(documentFace, selfieFace.face, selfieFace.live, estimator.matchModel);
}
