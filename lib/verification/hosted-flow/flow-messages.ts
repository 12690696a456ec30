import "server-only";
import { getTranslations } from "next-intl/server";
import type { Messages } from "@/lib/verification/locale/catalogues";
import { IMAGE_TYPE_MESSAGE } from "@/lib/verification/hosted-flow/submit-evidence";
import { RETAKE_MESSAGES } from "@/lib/verification/methods/face/types";
import { DOCUMENT_AS_SELFIE, SELFIE_NEEDED } from "@/lib/verification/methods/id-document/local-document-provider";
import { DOCUMENT_RETAKE_MESSAGES } from "@/lib/verification/methods/id-document/types";

type RetakeKey = Exclude<keyof Messages["retake"], "noClearResult">;

// The checks decide in English constants (their tests and logs read them); the page is told in the
// user's language. Each constant maps to its catalogue key, so a constant renamed or reworded
// without its key falls back to English rather than to the wrong sentence.
const KEYS = new Map<string, RetakeKey>([
  [RETAKE_MESSAGES.no_face, "noFace"],
  [RETAKE_MESSAGES.multiple_faces, "multipleFaces"],
  [RETAKE_MESSAGES.too_small, "moveCloser"],
  [RETAKE_MESSAGES.not_frontal, "faceCamera"],
  [RETAKE_MESSAGES.too_dark, "moreLight"],
  [RETAKE_MESSAGES.blurred, "holdStill"],
  [RETAKE_MESSAGES.unreadable_image, "unreadableImage"],
  [DOCUMENT_RETAKE_MESSAGES.no_document, "noDocument"],
  [DOCUMENT_RETAKE_MESSAGES.cut_off_left, "cutOffLeft"],
  [DOCUMENT_RETAKE_MESSAGES.cut_off_right, "cutOffRight"],
  [DOCUMENT_RETAKE_MESSAGES.cut_off_bottom, "cutOffBottom"],
  [DOCUMENT_RETAKE_MESSAGES.cut_off_top, "cutOffTop"],
  [DOCUMENT_RETAKE_MESSAGES.glare, "glare"],
  [DOCUMENT_RETAKE_MESSAGES.unreadable, "unreadableDocument"],
  [SELFIE_NEEDED, "selfieNeeded"],
  [DOCUMENT_AS_SELFIE, "documentAsSelfie"],
  [IMAGE_TYPE_MESSAGE, "imageType"],
]);

/** A retake message of the checks in the request's language (English when it has no entry). */
export async function localizeRetake(message: string): Promise<string> {
  const key = KEYS.get(message);
  return key ? (await getTranslations("retake"))(key) : message;
}

/** "No clear result" after a face photo, with the tries left, in the request's language. */
export async function noClearResultMessage(requiredAge: number, triesLeft: number): Promise<string> {
  return (await getTranslations("retake"))("noClearResult", { age: requiredAge, tries: triesLeft });
}
