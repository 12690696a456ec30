import "server-only";
import type Stripe from "stripe";
import { callStripe, stripeClient } from "@/lib/verification/methods/stripe/stripe-client";
import {
  ProviderError,
  type EvaluationContext,
  type HostedRedirectProvider,
  type ProviderVerdict,
} from "@/lib/verification/methods/types";

// credit_card through Stripe (docs/stripe.md): a Checkout Session in setup mode, so the user
// enters a card on Stripe's page and nothing is charged. The card's funding type decides: card
// issuers give credit only to adults, which is why UK regulators accept a credit card as an 18+
// check; a debit, prepaid or unknown card says nothing about age. The payment method is then
// detached, so no card stays on file.

/** The verdict of a card's funding type. */
function fundingVerdict(funding: string | undefined): ProviderVerdict {
  return funding === "credit"
    ? { result: "pass", confidence: "medium" }
    : { result: "inconclusive", confidence: "low" };
}

export function stripeCardProvider(): HostedRedirectProvider {
  return {
    kind: "hosted_redirect",
    method: "credit_card",
    async startCheck(context) {
      // Stripe fills in {CHECKOUT_SESSION_ID} on success; a cancel comes back without a check.
      const separator = context.returnUrl.includes("?") ? "&" : "?";
      const session = await callStripe("Checkout Session create", () =>
        stripeClient().checkout.sessions.create(
          {
            mode: "setup",
            allowed_payment_method_types: ["card"],
            client_reference_id: context.reference,
            metadata: { reference: context.reference },
            success_url: `${context.returnUrl}${separator}check_id={CHECKOUT_SESSION_ID}`,
            cancel_url: context.returnUrl,
          },
          { idempotencyKey: `credit-card-${context.reference}` },
        ),
      );
      if (!session.url || !/^https:$/.test(new URL(session.url).protocol)) {
        throw new ProviderError("Stripe gave a Checkout Session without an https url");
      }
      return { checkId: session.id, redirectUrl: session.url };
    },
    async fetchVerdict(checkId: string | undefined, context: EvaluationContext) {
      if (!checkId) return null;
      const session = await callStripe("Checkout Session retrieve", () =>
        stripeClient().checkout.sessions.retrieve(checkId, { expand: ["setup_intent.payment_method"] }),
      );
      if (session.id !== checkId || session.client_reference_id !== context.reference || session.mode !== "setup") {
        throw new ProviderError("Stripe Checkout Session does not belong to this attempt");
      }
      // open: the user has not finished; expired: never will (they start a new check).
      if (session.status !== "complete") return null;
      // Casts: both are expanded in the retrieve call above, which Stripe's types (string | object) cannot follow.
      const intent = session.setup_intent as Stripe.SetupIntent | null;
      const method = intent?.payment_method as Stripe.PaymentMethod | null | undefined;
      if (!intent || intent.status !== "succeeded" || !method || typeof method !== "object") {
        throw new ProviderError("Stripe completed a Checkout Session without a set-up card");
      }
      const verdict = fundingVerdict(method.card?.funding);
      // A card Stripe attached to a customer would stay on file: detach it (an unattached one
      // cannot be used again and has nothing to detach).
      if (method.customer) {
        await callStripe("PaymentMethod detach", () => stripeClient().paymentMethods.detach(method.id));
      }
      return verdict;
    },
  };
}
