import "server-only";
import { creditCardProvider, env, faceEstimationProvider, idDocumentProvider, type Env } from "@/lib/platform/env";
import type { VerificationMethod } from "@/lib/verification/methods/types";

// Which provider checks each live method on this deployment, for the dashboard's settings
// (configured by env, the same for every organisation; docs/stripe.md, docs/id-document.md).

export type LiveProvider = "local" | "http" | "stripe" | "none";

export type LiveProviderRow = {
  method: Exclude<VerificationMethod, "digital_id">;
  provider: LiveProvider;
  /** Who checks, in a few words. */
  checkedBy: string;
  /** The most confidence a verdict of this provider reports (null: the vendor says). */
  confidence: "high" | "medium" | null;
  /** What the operator should know about it. */
  note: string;
};

const vendorHost = (url: string | undefined) => (url ? new URL(url).host : "the vendor");

export function describeLiveProviders(e: Env = env()): LiveProviderRow[] {
  const face = faceEstimationProvider(e);
  const document = idDocumentProvider(e);
  const card = creditCardProvider(e);
  const off =
    "Not offered in live mode: the flow skips it (FACE_ESTIMATION_PROVIDER, ID_DOCUMENT_PROVIDER, CREDIT_CARD_PROVIDER).";
  return [
    {
      method: "face_estimation",
      provider: face,
      checkedBy:
        face === "local"
          ? "This server"
          : face === "http"
            ? vendorHost(e.FACE_ESTIMATION_PROVIDER_URL)
            : "Switched off",
      confidence: face === "local" ? "high" : null,
      note:
        face === "local"
          ? "The selfie is judged in memory on this server and never stored."
          : face === "http"
            ? "The selfie goes to your vendor through the http provider contract."
            : off,
    },
    {
      method: "id_document",
      provider: document,
      checkedBy:
        document === "local"
          ? "This server"
          : document === "stripe"
            ? "Stripe Identity"
            : document === "http"
              ? vendorHost(e.ID_DOCUMENT_PROVIDER_URL)
              : "Switched off",
      confidence: document === "local" ? "medium" : document === "stripe" ? "high" : null,
      note:
        document === "local"
          ? "Reads the machine-readable zone or barcode and matches the photo to a live selfie. Neither the chip nor the printed security features are checked, so a forged document with correct check digits would pass: use Stripe Identity where that matters."
          : document === "stripe"
            ? "The document and a live selfie are checked on Stripe's page; only the date of birth is read back, and the session is redacted at Stripe after every check."
            : document === "http"
              ? "The document photo goes to your vendor through the http provider contract."
              : off,
    },
    {
      method: "credit_card",
      provider: card,
      checkedBy:
        card === "stripe"
          ? "Stripe Checkout"
          : card === "http"
            ? vendorHost(e.CREDIT_CARD_PROVIDER_URL)
            : "Switched off",
      confidence: card === "stripe" ? "medium" : null,
      note:
        card === "stripe"
          ? "A card saved on Stripe's page without a charge: a credit card passes an 18+ check, any other card is inconclusive, and the card is detached afterwards."
          : card === "http"
            ? "The card is entered on your vendor's page through the http provider contract."
            : off,
    },
  ];
}
