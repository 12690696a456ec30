// The payload built for a delivery is what the OpenAPI document's `webhooks` promise, for each
// way a session ends: checked with the same ajv contract check as every API response.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import type { ApiPrincipal } from "@/lib/account/keys/authenticate-api-key";
import { createSession } from "@/lib/verification/create-session";
import { completeTestSession, expireTestSession } from "@/lib/verification/test-helpers";
import { buildEventPayload } from "@/lib/verification/webhooks/build-event-payload";
import { webhookEventId } from "@/lib/verification/webhooks/event-id";

import { assertWebhookMatchesContract } from "../../../tests/support/contract";
import { newOrg } from "../../../tests/support/fixtures";

let principal: ApiPrincipal;

beforeAll(async () => {
  const org = await newOrg("payload");
  principal = { orgId: org.orgId, keyId: "key_unused", mode: "test" };
});

async function endedSession(end: (id: string) => Promise<unknown>, methods: ("face_estimation" | "credit_card")[]) {
  const created = await createSession({
    orgId: principal.orgId,
    mode: "test",
    required_age: 18,
    methods,
    return_url: "https://shop.example/done",
    metadata: { order: "A-1", "\u{1F600}": "\u00e9\u{1F600}" },
  });
  await end(created.id);
  return db.verificationSession.findUniqueOrThrow({ where: { id: created.id } });
}

function payloadFor(
  type: "verification_session.completed" | "verification_session.expired",
  session: Awaited<ReturnType<typeof endedSession>>,
) {
  return buildEventPayload({
    eventId: webhookEventId(session.id, type, "whe_test"),
    type,
    attemptAt: new Date(),
    session,
  });
}

describe("buildEventPayload", () => {
  it.each([
    ["passed", "pass", "credit_card"],
    ["failed", "fail", "face_estimation"],
  ] as const)("a %s session's completed event matches the document", async (status, result, method) => {
    const session = await endedSession(
      (id) => completeTestSession(principal, id, { result, method, confidence: "medium" }),
      [method],
    );
    const raw = payloadFor("verification_session.completed", session);
    assertWebhookMatchesContract("verification_session.completed", raw);
    expect(JSON.parse(raw).data).toMatchObject({
      status,
      method,
      confidence: "medium",
      mode: "test",
      required_age: 18,
    });
  });

  it("an expired session's event matches the document, with null method and confidence", async () => {
    const session = await endedSession((id) => expireTestSession(principal, id), ["face_estimation"]);
    const raw = payloadFor("verification_session.expired", session);
    assertWebhookMatchesContract("verification_session.expired", raw);
    expect(JSON.parse(raw).data).toMatchObject({ status: "expired", method: null, confidence: null });
    expect(JSON.parse(raw).data.metadata).toEqual({ order: "A-1", "\u{1F600}": "\u00e9\u{1F600}" });
  });

  it("the check refuses a payload the document does not allow", async () => {
    const session = await endedSession((id) => expireTestSession(principal, id), ["face_estimation"]);
    const event = JSON.parse(payloadFor("verification_session.expired", session));
    const variants = [
      { ...event, data: { ...event.data, status: "created" } },
      { ...event, data: { ...event.data, confidence: "certain" } },
      { ...event, extra: true },
      { ...event, id: "vs_notanevent" },
    ];
    for (const variant of variants) {
      expect(() => assertWebhookMatchesContract("verification_session.expired", JSON.stringify(variant))).toThrow(
        /does not match/,
      );
    }
    expect(() => assertWebhookMatchesContract("verification_session.completed", JSON.stringify(event))).toThrow(
      /carries type/,
    );
  });
});
