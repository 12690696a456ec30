// The provider interface of the hosted flow: one provider per verification method and mode.
// Importable by client and server (types and constants only).
import type { DocumentType } from "@/lib/verification/methods/id-document/types";

/** The API's verification methods (spec part 4), in the order the API lists them. */
export const verificationMethods = ["face_estimation", "id_document", "credit_card", "digital_id"] as const;
export type VerificationMethod = (typeof verificationMethods)[number];
export type MethodResult = "pass" | "fail" | "inconclusive";
export type Confidence = "high" | "medium" | "low";

/** What an id_document verdict may say of the document, kept with the outcome: never more. */
export type DocumentOutcome = { type: DocumentType; issuingCountry: string };

export type ProviderVerdict = { result: MethodResult; confidence: Confidence; document?: DocumentOutcome };

/** What the page has to collect from the user before the provider can decide. */
export type EvidenceKind =
  /** Test mode: the user picks the simulated result. */
  | "simulated_choice"
  /** A still image: a camera frame or an uploaded photo (face, identity document). */
  | "image"
  /** The user completes the check on the provider's own hosted page and comes back. */
  | "hosted_redirect";

export type UnavailableReason =
  /** The method exists in the API but is not offered yet (digital_id). */
  | "not_live"
  /** No live provider is configured for this method on this deployment. */
  | "not_configured";

export type ImageEvidence = { contentType: "image/jpeg" | "image/png" | "image/webp"; bytes: Uint8Array };

export type EvaluationContext = {
  /** Our reference for this attempt, sent to the provider for its records and echoed back. */
  reference: string;
  requiredAge: 16 | 18;
  /** The session's organisation: this server's own readers queue fairly between organisations. */
  orgId?: string;
  /** A live selfie sent with the photo, for providers that match it to the document (takesSelfie). */
  selfie?: ImageEvidence;
};

export type SimulatedProvider = {
  kind: "simulated_choice";
  method: VerificationMethod;
  evaluate(choice: MethodResult): ProviderVerdict;
};

export type ImageProvider = {
  kind: "image";
  method: VerificationMethod;
  /** true: the photo is judged by this service itself (the built-in face check), not sent to a vendor. */
  checkedOnThisServer: boolean;
  /** true: the page also takes a live selfie after the photo and sends both (the built-in id_document check). */
  takesSelfie?: boolean;
  /** Evaluates the image and forgets it; providers must not keep the bytes either. */
  evaluate(image: ImageEvidence, context: EvaluationContext): Promise<ProviderVerdict>;
};

export type HostedCheck = { checkId: string; redirectUrl: string };

export type HostedRedirectProvider = {
  kind: "hosted_redirect";
  method: VerificationMethod;
  /** Opens a check on the provider; the user is sent to redirectUrl and comes back to returnUrl. */
  startCheck(context: EvaluationContext & { returnUrl: string }): Promise<HostedCheck>;
  /**
   * The verdict of a finished check, or null while the user has not finished it. checkId is the
   * one the return URL carries, when it carries one (Stripe Identity's return carries none: that
   * provider finds the check by context.reference).
   */
  fetchVerdict(checkId: string | undefined, context: EvaluationContext): Promise<ProviderVerdict | null>;
};

export type MethodProvider = SimulatedProvider | ImageProvider | HostedRedirectProvider;

export type ProviderResolution =
  { available: true; provider: MethodProvider } | { available: false; reason: UnavailableReason };

/** The provider could not give a verdict (network, timeout, bad answer): no attempt is counted. */
export class ProviderError extends Error {
  /**
   * This server's own check ran the photo itself for its whole work budget (bounded-worker.ts):
   * the photo is the cost, not the queue, so it counts as an attempt like any verdict.
   */
  photoOverBudget = false;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ProviderError";
  }
}

/**
 * The photo cannot be judged (no face, two faces, too dark, ...): the user retakes it. No verdict,
 * no attempt, and no provider call used up. The message says what to change.
 */
export class RetakeRequired extends Error {
  /**
   * Which photo to take again, for checks that take two (a document and a selfie): the page shows
   * the message with that photo and its main button retakes it. Unset with two photos: the selfie.
   */
  readonly about?: "document" | "selfie";
  constructor(message: string, about?: "document" | "selfie") {
    super(message);
    this.about = about;
    this.name = "RetakeRequired";
  }
}
