import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { deliverEventAttempt } from "@/lib/webhooks/deliver-event-attempt";
import { redeliver } from "@/lib/webhooks/redeliver";
import { startReceiver, type Receiver } from "../../tests/webhooks/support/receiver";
import { completedEventFor } from "../../tests/webhooks/support/inngest-fixtures";

// Dead letters are made by running the fifth automatic attempt against a failing receiver;
// the fixtures' events have no Job row, so nothing else sends them.
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

async function deadLetterAt(path: string) {
  const fixture = await completedEventFor(receiver.url(path));
  receiver.route(path, { secret: fixture.endpoint.secret, behaviour: () => 500 });
  expect(await deliverEventAttempt(fixture.event.id, 5)).toEqual({ kind: "dead-lettered", deadLettered: 1 });
  const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { outboxEventId: fixture.event.id } });
  expect(delivery.status).toBe("dead");
  return { ...fixture, delivery };
}

describe("redeliver", () => {
  it("records a redelivery answered 200 with a NUL byte in the body as a success", async () => {
    const path = "/redeliver-nul";
    const { org, endpoint, delivery } = await deadLetterAt(path);
    receiver.route(path, { secret: endpoint.secret, responseBody: "fine\u0000" });

    const [result] = await redeliver(org.id, [delivery.id]);
    expect(result).toMatchObject({ outcome: "succeeded", attemptNumber: 6, statusCode: 200 });
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "succeeded" });
    const manual = await db.deliveryAttempt.findFirstOrThrow({ where: { deliveryId: delivery.id, manual: true } });
    expect(manual).toMatchObject({ attemptNumber: 6, success: true, responseExcerpt: "fine\uFFFD" });
  });
});
