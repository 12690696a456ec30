import "server-only";
import { env } from "@/lib/platform/env";
import type { VerificationSession } from "@/lib/generated/prisma/client";
import { buildEventPayload } from "@/lib/verification/webhooks/build-event-payload";
import { sendWebhook, type SendResult } from "@/lib/verification/webhooks/send-webhook";
import { signatureHeader } from "@/lib/verification/webhooks/sign-payload";
import type { WebhookEvent } from "@/lib/verification/webhooks/verify-signature";

/**
 * Builds, signs and sends one delivery of an event to one endpoint. Every call is signed
 * afresh: `t` and the payload's `created` are the time of this attempt, and the signature
 * covers the exact bytes that go on the wire.
 */
export async function sendSignedEvent(input: {
  url: string;
  secret: string;
  eventId: string;
  type: WebhookEvent["type"];
  session: VerificationSession;
  now?: Date;
}): Promise<SendResult> {
  const attemptAt = input.now ?? new Date();
  const body = buildEventPayload({ eventId: input.eventId, type: input.type, attemptAt, session: input.session });
  const timestamp = Math.floor(attemptAt.getTime() / 1000);
  return sendWebhook({
    url: input.url,
    body,
    headers: {
      "Content-Type": "application/json",
      "Service-Signature": signatureHeader(input.secret, timestamp, body),
      "Service-Event": input.type,
      // The event's id on every attempt (the body's `id`): the receiver de-duplicates and logs
      // by it, and the dashboard shows it beside each delivery so both sides can match logs.
      "Webhook-Id": input.eventId,
    },
    timeoutMs: env().WEBHOOK_TIMEOUT_MS,
    allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_NETWORKS,
  });
}
