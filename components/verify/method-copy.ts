// What the hosted flow says about each method, from the message catalogue (messages/*.json).
// Shared by server and client components: each takes the caller's translator.
import type { FlowTranslator } from "@/lib/verification/locale/translator";
import type { UnavailableReason, VerificationMethod } from "@/lib/verification/methods/types";

export const methodLabel = (t: FlowTranslator, method: VerificationMethod) => t(`method.label.${method}`);

/** The method inside a sentence: "Start with …", "moved you on to …". */
export const methodPhrase = (t: FlowTranslator, method: VerificationMethod) => t(`method.phrase.${method}`);

/**
 * Why a method often gives no clear result, said when it moves the user on, so that an
 * inconclusive result does not read as a refusal. The face check passes only faces that look well
 * over the age asked (docs/face-estimation.md), so most young adults are moved on.
 */
export function inconclusiveNote(t: FlowTranslator, method: VerificationMethod): string | undefined {
  return method === "face_estimation" ? t("method.inconclusiveFace") : undefined;
}

/** A method the session allows that cannot be chosen here, said under the choices. */
export function unavailableChoice(
  t: FlowTranslator,
  method: VerificationMethod,
  reason: UnavailableReason | undefined,
) {
  return t("method.unavailableChoice", { method: methodLabel(t, method), reason: reason ?? "other" });
}

export function unavailableSentence(
  t: FlowTranslator,
  method: VerificationMethod,
  reason: UnavailableReason | undefined,
  past: boolean,
) {
  const values = { method: methodLabel(t, method), reason: reason ?? "other" };
  return past ? t("method.unavailableSkipped", values) : t("method.unavailableSkip", values);
}

type DescribedStep = { method: VerificationMethod; checkedOnThisServer?: boolean };

/**
 * The built-in document reader passes only a page that carries the zone, the portrait and the
 * printed date of birth together: a passport's photo page. A card's zone and a licence's barcode
 * are on the back, away from the portrait, and one photo cannot show both (docs/id-document.md),
 * so on this server the document method asks for a passport; a vendor reads every document.
 */
const builtInDocument = (step: DescribedStep) => step.method === "id_document" && step.checkedOnThisServer;

export function methodSummary(t: FlowTranslator, step: DescribedStep): string {
  return builtInDocument(step) ? t("method.summary.builtInDocument") : t(`method.summary.${step.method}`);
}

/**
 * The chooser's one plain line per method: what it needs, how long it takes, what is kept. Kept
 * with the outcome for a document: its type and issuing country (docs/id-document.md).
 */
export function methodChoiceLine(t: FlowTranslator, step: DescribedStep): string {
  return builtInDocument(step) ? t("method.choiceLine.builtInDocument") : t(`method.choiceLine.${step.method}`);
}

/** The button that changes to this method without spending an attempt. */
export const switchToLabel = (t: FlowTranslator, method: VerificationMethod) => t(`method.useInstead.${method}`);

/**
 * Said before the face check is tried: it passes only faces that look well over the age asked
 * (docs/face-estimation.md), so most young adults cannot pass it however good the photo.
 */
export function faceLimitNote(t: FlowTranslator, requiredAge: number, idOffered: boolean): string {
  return idOffered ? t("method.faceLimitUnder25", { age: requiredAge }) : t("method.faceLimit", { age: requiredAge });
}
