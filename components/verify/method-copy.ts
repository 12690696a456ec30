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

const METHOD_SUMMARY: Record<VerificationMethod, string> = {
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

/** A method the session allows that cannot be chosen here, said under the choices. */
export function unavailableChoice(method: VerificationMethod, reason: UnavailableReason | undefined) {
  return `${METHOD_LABEL[method]} ${reason === "not_live" ? "isn't available yet" : "isn't available right now"}.`;
}

export function unavailableSentence(method: VerificationMethod, reason: UnavailableReason | undefined, past: boolean) {
  const label = METHOD_LABEL[method];
  const when = reason === "not_live" ? "isn't available yet" : "isn't available right now";
  return `${label} ${when}, so ${past ? "we skipped it" : "we'll skip it"}.`;
}

/**
 * The chooser's one plain line per method: what it needs, how long it takes, what is kept. Kept
 * with the outcome for a document: its type and issuing country (docs/id-document.md).
 */
const METHOD_CHOICE_LINE: Record<VerificationMethod, string> = {
  face_estimation: "Needs a selfie. About a minute. Kept: nothing, the photo is deleted once checked.",
  id_document:
    "Needs your passport, driving licence or ID card, and a selfie. About two minutes. Kept: nothing but the document's type and country.",
  credit_card: "Needs a credit card, on our card partner's page; no charge. About a minute. Kept: nothing.",
  digital_id: "Needs a digital identity wallet. About a minute. Kept: nothing.",
};

/**
 * The built-in document reader passes only a page that carries the zone, the portrait and the
 * printed date of birth together: a passport's photo page. A card's zone and a licence's barcode
 * are on the back, away from the portrait, and one photo cannot show both (docs/id-document.md),
 * so on this server the document method asks for a passport; a vendor reads every document.
 */
const BUILT_IN_DOCUMENT_SUMMARY = "Reads the date of birth on the photo page of your passport.";
const BUILT_IN_DOCUMENT_CHOICE_LINE =
  "Needs your passport and a selfie. About two minutes. Kept: nothing but the document's type and country.";

type DescribedStep = { method: VerificationMethod; checkedOnThisServer?: boolean };

export function methodSummary(step: DescribedStep): string {
  return step.method === "id_document" && step.checkedOnThisServer
    ? BUILT_IN_DOCUMENT_SUMMARY
    : METHOD_SUMMARY[step.method];
}

export function methodChoiceLine(step: DescribedStep): string {
  return step.method === "id_document" && step.checkedOnThisServer
    ? BUILT_IN_DOCUMENT_CHOICE_LINE
    : METHOD_CHOICE_LINE[step.method];
}

/** The button that changes to this method without spending an attempt. */
export const USE_INSTEAD: Record<VerificationMethod, string> = {
  face_estimation: "Use the face check instead",
  id_document: "Use my ID instead",
  credit_card: "Use a credit card instead",
  digital_id: "Use Digital ID instead",
};

/**
 * Said before the face check is tried: it passes only faces that look well over the age asked
 * (docs/face-estimation.md), so most young adults cannot pass it however good the photo.
 */
export function faceLimitNote(requiredAge: number, idOffered: boolean): string {
  const limit = `The face check only confirms people who look well over ${requiredAge}.`;
  return idOffered ? `${limit} If you are under 25, your ID will be quicker.` : limit;
}
