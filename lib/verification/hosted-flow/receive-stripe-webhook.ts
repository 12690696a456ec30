import "server-only";
import Stripe from "stripe";
import { VerificationApiError } from "@/lib/verification/errors";
import { db } from "@/lib/platform/db";
import { env, idDocumentProvider } from "@/lib/platform/env";
import { logger } from "@/lib/platform/log";
import { applyHostedVerdict, attemptOfReference } from "@/lib/verification/hosted-flow/hosted-check";
import {
  retrieveVerificationSession,
  settleVerificationSession,
} from "@/lib/verification/methods/id-document/stripe-document-provider";
import { stripeClient } from "@/lib/verification/methods/stripe/stripe-client";

/** What the webhook did with an event, for Stripe's delivery log (never anything read from a document). */
type StripeWebhookReceipt = { received: true; applied: boolean };

/**
 * Stripe's identity.verification_session.* events (docs/stripe.md), for the user who finishes on
 * Stripe's page and never comes back. The signature is verified with the SDK (a forged or stale
 * event is a 400); the session is then read fresh from Stripe, never from the event, decided and
 * redacted like a return, and its verdict applied only while our session is still on that
 * attempt. A Stripe error is thrown (a 500), so Stripe delivers the event again.
 */
export async function receiveStripeWebhook(payload: string, signature: string | null): Promise<StripeWebhookReceipt> {
  const config = env();
  if (idDocumentProvider(config) !== "stripe" || !config.STRIPE_WEBHOOK_SECRET) {
    throw new VerificationApiError("resource_missing", "Stripe webhooks are not enabled on this deployment.");
  }
  let event: Stripe.Event;
  try {
    event = stripeClient().webhooks.constructEvent(payload, signature ?? "", config.STRIPE_WEBHOOK_SECRET);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
    throw new VerificationApiError(
      "parameter_invalid",
      "The Stripe-Signature header does not verify this event.",
      "Stripe-Signature",
    );
  }
  if (!event.type.startsWith("identity.verification_session.")) return { received: true, applied: false };
  // Cast: Stripe types data.object per event type as a union; only these two fields are read, each checked below.
  const object = event.data.object as { id?: unknown; client_reference_id?: unknown };
  const attempt = attemptOfReference(
    typeof object.client_reference_id === "string" ? object.client_reference_id : null,
  );
  // Not a check this deployment opened (another integration on the same Stripe account).
  if (!attempt || typeof object.id !== "string") return { received: true, applied: false };

  const verificationSession = await retrieveVerificationSession(object.id);
  if (verificationSession.client_reference_id !== object.client_reference_id) return { received: true, applied: false };
  const ours = await db.verificationSession.findUnique({
    where: { id: attempt.sessionId },
    select: { requiredAge: true },
  });
  // Redacted whether or not the verdict still counts (the session may have moved on or expired).
  const verdict = await settleVerificationSession(verificationSession, ours?.requiredAge ?? 18);
  if (!verdict || !ours) return { received: true, applied: false };
  const outcome = await applyHostedVerdict(attempt, "id_document", verdict);
  logger().info({ event: event.type, session: attempt.sessionId, outcome: outcome.kind }, "Stripe Identity webhook");
  return { received: true, applied: outcome.kind !== "stale" };
}
