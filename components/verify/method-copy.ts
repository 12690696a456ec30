// What the hosted flow says about each method. Shared by server and client components.
import type { UnavailableReason, VerificationMethod } from "@/lib/verification/methods/types";

export const METHOD_LABEL: Record<VerificationMethod, string> = {
  face_estimation: "Face age estimation",
  id_document: "ID document",
  credit_card: "Credit card check",
  digital_id: "Digital ID",
};

/** The method inside a sentence: "Start with …", "moved you on to …". */
export const METHOD_PHRASE: Record<VerificationMethod, string> = {
  face_estimation: "face age estimation",
  id_document: "your ID document",
  credit_card: "a credit card check",
  digital_id: "Digital ID",
};

export const METHOD_SUMMARY: Record<VerificationMethod, string> = {
  face_estimation: "Estimates your age from a selfie. It does not identify you.",
  id_document: "Reads the date of birth on your passport, driving licence or national ID card.",
  credit_card: "Confirms you hold a credit card, which requires being an adult. No charge is made.",
  digital_id: "Shares your age from a digital identity wallet.",
};

/**
 * Why a method often gives no clear result, said when it moves the user on, so that an
 * inconclusive result does not read as a refusal. The face check passes only faces that look well
 * over the age asked (docs/face-estimation.md), so most young adults are moved on.
 */
export const INCONCLUSIVE_NOTE: Partial<Record<VerificationMethod, string>> = {
  face_estimation: "That is common: the face check only confirms people who look well over the age asked.",
};

/** The same, as a note under the method's name in a list. */
export function unavailableNote(reason: UnavailableReason | undefined, past: boolean) {
  const when = reason === "not_live" ? "Not available yet" : "Not available right now";
  return `${when}, so ${past ? "we skipped it" : "we'll skip it"}.`;
}

export function unavailableSentence(method: VerificationMethod, reason: UnavailableReason | undefined, past: boolean) {
  const label = METHOD_LABEL[method];
  const when = reason === "not_live" ? "isn't available yet" : "isn't available right now";
  return `${label} ${when}, so ${past ? "we skipped it" : "we'll skip it"}.`;
}
