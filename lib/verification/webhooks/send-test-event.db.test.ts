import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { createWebhookEndpoint } from "@/lib/verification/webhooks/create-webhook-endpoint";
import { sendTestEvent } from "@/lib/verification/webhooks/send-test-event";
import { assertWebhookMatchesContract } from "../../../tests/support/contract";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import { newOrganization, startReceiver, type Receiver } from "../../../tests/support/fixtures";

let receiver: Receiver;
beforeAll(async () => {
  // Every delivery must be a payload the verification document's webhooks allow.
  receiver = await startReceiver("127.0.0.1", {
    checkDelivery: (delivery) =>
      assertWebhookMatchesContract(String(delivery.headers["service-event"]), delivery.rawBody),
  });
});
afterAll(async () => {
  await receiver?.close();
});

async function orgWithEndpoint(
  path: string,
  events: ("verification_session.completed" | "verification_session.expired")[],
  mode: KeyMode = "test",
) {
  const org = await newOrganization("test-event");
  const endpoint = await createWebhookEndpoint({ orgId: org.id, mode, body: { url: receiver.url(path), events } });
  receiver.route(path, { secret: endpoint.secret });
  return { org, endpoint };
}

describe("sendTestEvent", () => {
  it("sends one event, signed with the endpoint's secret, about a made-up session marked as a test, and records nothing", async () => {
    const { org, endpoint } = await orgWithEndpoint("/completed", ["verification_session.completed"], "live");
    const result = await sendTestEvent(org.id, endpoint.id);
    expect(result).toMatchObject({ success: true, statusCode: 200, type: "verification_session.completed" });
    const [delivery] = receiver.deliveries("/completed");
    expect(delivery.signatureValid).toBe(true);
    expect(delivery.headers["service-event"]).toBe("verification_session.completed");
    expect(delivery.body).toMatchObject({
      id: result!.eventId,
      type: "verification_session.completed",
      data: { id: result!.sessionId, status: "passed", mode: "live", metadata: { voiceage_test_event: "true" } },
    });
    expect(await db.verificationSession.count({ where: { id: result!.sessionId } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
  });

  it("uses the expired event for an endpoint that only subscribes to it, and reports a failing receiver", async () => {
    const { org, endpoint } = await orgWithEndpoint("/expired", ["verification_session.expired"]);
    receiver.route("/expired", { behaviour: () => 503 });
    const result = await sendTestEvent(org.id, endpoint.id);
    expect(result).toMatchObject({ success: false, statusCode: 503, type: "verification_session.expired" });
    expect(receiver.deliveries("/expired")[0].body.data).toMatchObject({
      status: "expired",
      method: null,
      confidence: null,
    });
  });

  it("does nothing for another organisation's endpoint", async () => {
    const { endpoint } = await orgWithEndpoint("/foreign", ["verification_session.completed"]);
    const other = await newOrganization("test-event-other");
    expect(await sendTestEvent(other.id, endpoint.id)).toBeNull();
    expect(receiver.deliveries("/foreign")).toHaveLength(0);
  });
});
