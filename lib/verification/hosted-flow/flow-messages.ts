import "server-only";
import { getTranslations } from "next-intl/server";
import type { Messages } from "@/lib/verification/locale/catalogues";
import { CAMERA_PHOTO_ONLY, PHOTO_TOO_LARGE } from "@/lib/verification/hosted-flow/read-image-header";
import { REFUSALS } from "@/lib/verification/hosted-flow/refusals";
import { IMAGE_TYPE_MESSAGE } from "@/lib/verification/hosted-flow/submit-evidence";
import { LIVE_FEEDBACK_SENTENCES } from "@/lib/verification/methods/face/live-feedback";
import { RETAKE_MESSAGES, type LiveCheck } from "@/lib/verification/methods/face/types";
import {
  DOCUMENT_AS_SELFIE,
  SELFIE_NEEDED,
  SELFIE_WITHOUT_FACE,
} from "@/lib/verification/methods/id-document/local-document-provider";
import { DOCUMENT_RETAKE_MESSAGES } from "@/lib/verification/methods/id-document/types";

type FlowMessageKey =
  `retake.${Exclude<keyof Messages["retake"], "noClearResult">}` | `refusal.${keyof Messages["refusal"]}`;

// The checks decide in English constants (their tests and logs read them); the page is told in the
// user's language. Each constant maps to its catalogue key, so a constant renamed or reworded
// without its key falls back to English rather than to the wrong sentence.
const KEYS = new Map<string, FlowMessageKey>([
  [RETAKE_MESSAGES.no_face, "retake.noFace"],
  [RETAKE_MESSAGES.multiple_faces, "retake.multipleFaces"],
  [RETAKE_MESSAGES.too_small, "retake.moveCloser"],
  [RETAKE_MESSAGES.not_frontal, "retake.faceCamera"],
  [RETAKE_MESSAGES.too_dark, "retake.moreLight"],
  [RETAKE_MESSAGES.blurred, "retake.holdStill"],
  [RETAKE_MESSAGES.unreadable_image, "retake.unreadableImage"],
  [DOCUMENT_RETAKE_MESSAGES.no_document, "retake.noDocument"],
  [DOCUMENT_RETAKE_MESSAGES.cut_off_left, "retake.cutOffLeft"],
  [DOCUMENT_RETAKE_MESSAGES.cut_off_right, "retake.cutOffRight"],
  [DOCUMENT_RETAKE_MESSAGES.cut_off_bottom, "retake.cutOffBottom"],
  [DOCUMENT_RETAKE_MESSAGES.cut_off_top, "retake.cutOffTop"],
  [DOCUMENT_RETAKE_MESSAGES.glare, "retake.glare"],
  [DOCUMENT_RETAKE_MESSAGES.unreadable, "retake.unreadableDocument"],
  [SELFIE_NEEDED, "retake.selfieNeeded"],
  [SELFIE_WITHOUT_FACE, "retake.noFaceInSelfie"],
  [DOCUMENT_AS_SELFIE, "retake.documentAsSelfie"],
  [IMAGE_TYPE_MESSAGE, "retake.imageType"],
  [PHOTO_TOO_LARGE, "retake.photoTooLarge"],
  [CAMERA_PHOTO_ONLY, "retake.cameraPhoto"],
  // The refusals are the English catalogue's own sentences (refusals.ts).
  ...refusalEntries(),
]);

function refusalEntries(): [string, FlowMessageKey][] {
  const entries: [string, FlowMessageKey][] = [];
  let key: keyof typeof REFUSALS;
  for (key in REFUSALS) entries.push([REFUSALS[key], `refusal.${key}`]);
  return entries;
}

/** The catalogue key of a check's English message, or undefined (for the catalogue's test). */
export function flowMessageKey(message: string): FlowMessageKey | undefined {
  return KEYS.get(message);
}

/** A retake or refusal message of the checks in the request's language (English when it has no entry). */
export async function localizeFlowMessage(message: string): Promise<string> {
  const key = KEYS.get(message);
  return key ? (await getTranslations())(key) : message;
}

/** The live check's answer with its sentence in the request's language (the reason stays the code). */
export async function localizeLiveCheck<T extends LiveCheck | { check: "busy" }>(answer: T): Promise<T> {
  if (answer.check !== "retake") return answer;
  return { ...answer, message: (await getTranslations("feedback"))(LIVE_FEEDBACK_SENTENCES[answer.reason]) };
}

/** "No clear result" after a face photo, with the tries left, in the request's language. */
export async function noClearResultMessage(requiredAge: number, triesLeft: number): Promise<string> {
  return (await getTranslations("retake"))("noClearResult", { age: requiredAge, tries: triesLeft });
}
