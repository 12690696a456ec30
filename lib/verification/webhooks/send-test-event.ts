import "server-only";
import { db } from "@/lib/platform/db";
import type { VerificationSession } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/platform/ids";
import type { SessionEventType } from "@/lib/verification/record-session-event";
import { openEndpointSecret } from "@/lib/verification/webhooks/endpoint-secret";
import { webhookEventId } from "@/lib/verification/webhooks/event-id";
import { sendSignedEvent } from "@/lib/verification/webhooks/send-signed-event";
import type { SendResult } from "@/lib/verification/webhooks/send-webhook";

const TEST_EVENT_METADATA_KEY = "voiceage_test_event";

export type TestEventResult = SendResult & { eventId: string; type: SessionEventType; sessionId: string };

/**
 * "Send a test event" for one endpoint of the organisation: one delivery, now, of the first
 * event type it subscribes to, about a made-up session (`metadata.voiceage_test_event` is
 * "true"; the session id exists nowhere). It is built, signed and sent by the same code as
 * real deliveries (lib/verification/webhooks), network policy included, so a receiver that verifies it
 * verifies real ones. It is not retried and not recorded as a delivery: the result is
 * returned to the person who asked. Null when the endpoint is not the organisation's.
 */
export async function sendTestEvent(
  orgId: string,
  endpointId: string,
  now = new Date(),
): Promise<TestEventResult | null> {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: endpointId, orgId, deletedAt: null } });
  if (!endpoint) return null;
  const type: SessionEventType = endpoint.events.includes("verification_session.completed")
    ? "verification_session.completed"
    : "verification_session.expired";
  const completed = type === "verification_session.completed";
  const session: VerificationSession = {
    id: newId("vs"),
    orgId,
    mode: endpoint.mode,
    status: completed ? "passed" : "expired",
    requiredAge: 18,
    methods: ["face_estimation", "id_document"],
    returnUrl: "https://example.com/return",
    locale: null,
    metadata: { [TEST_EVENT_METADATA_KEY]: "true" },
    urlTokenHash: "",
    tokenUsedAt: null,
    browserBindingHash: null,
    handoffTokenHash: null,
    handoffExpiresAt: null,
    handedOffBindingHash: null,
    currentMethodIndex: 0,
    methodProviderCalls: 0,
    concludedMethods: [],
    methodSwitches: 0,
    attempts: completed ? 1 : 0,
    outcomeMethod: completed ? "face_estimation" : null,
    outcomeResult: completed ? "pass" : null,
    outcomeConfidence: completed ? "high" : null,
    outcomeDocumentType: null,
    outcomeDocumentCountry: null,
    completedAt: completed ? now : null,
    startedAt: completed ? now : null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 30 * 60_000),
  };
  const eventId = webhookEventId(session.id, type, endpoint.id);
  const result = await sendSignedEvent({
    url: endpoint.url,
    secret: openEndpointSecret(endpoint.id, endpoint.secretEncrypted),
    eventId,
    type,
    session,
    now,
  });
  return { ...result, eventId, type, sessionId: session.id };
}
