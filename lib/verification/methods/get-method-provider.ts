import "server-only";
import { creditCardProvider, env, faceEstimationProvider, idDocumentProvider } from "@/lib/platform/env";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import { httpCardProvider } from "@/lib/verification/methods/credit-card/http-card-provider";
import { stripeCardProvider } from "@/lib/verification/methods/credit-card/stripe-card-provider";
import { httpImageProvider } from "@/lib/verification/methods/http-image-provider";
import { localFaceProvider } from "@/lib/verification/methods/face/local-face-provider";
import { localDocumentProvider } from "@/lib/verification/methods/id-document/local-document-provider";
import { stripeDocumentProvider } from "@/lib/verification/methods/id-document/stripe-document-provider";
import { simulatedProvider } from "@/lib/verification/methods/simulated-provider";
import type { ProviderResolution, VerificationMethod } from "@/lib/verification/methods/types";

/**
 * The provider for a method in a mode. Test mode simulates every live method; live mode uses the
 * provider configured by env (face estimation and identity documents: the built-in checks unless told otherwise;
 * identity documents and credit cards may be checked by Stripe, docs/stripe.md), and
 * a method without one is unavailable (never simulated, never passed). digital_id is accepted by the API but not offered yet, in either mode, so test
 * sessions behave as live ones will.
 */
export function getMethodProvider(method: VerificationMethod, mode: KeyMode): ProviderResolution {
  if (method === "digital_id") return { available: false, reason: "not_live" };
  if (mode === "test") return { available: true, provider: simulatedProvider(method) };
  const config = env();
  switch (method) {
    case "face_estimation":
      switch (faceEstimationProvider(config)) {
        case "local":
          return { available: true, provider: localFaceProvider() };
        case "http":
          return { available: true, provider: httpImageProvider(method, config.FACE_ESTIMATION_PROVIDER_URL!) };
        case "none":
          return { available: false, reason: "not_configured" };
      }
    case "id_document":
      switch (idDocumentProvider(config)) {
        case "local":
          return { available: true, provider: localDocumentProvider() };
        case "http":
          return { available: true, provider: httpImageProvider(method, config.ID_DOCUMENT_PROVIDER_URL!) };
        case "stripe":
          return { available: true, provider: stripeDocumentProvider() };
        case "none":
          return { available: false, reason: "not_configured" };
      }
    case "credit_card":
      switch (creditCardProvider(config)) {
        case "http":
          return { available: true, provider: httpCardProvider(config.CREDIT_CARD_PROVIDER_URL!) };
        case "stripe":
          return { available: true, provider: stripeCardProvider() };
        case "none":
          return { available: false, reason: "not_configured" };
      }
  }
}
