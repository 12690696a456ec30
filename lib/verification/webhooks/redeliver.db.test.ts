import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { deliverEventAttempt } from "@/lib/verification/webhooks/deliver-event-attempt";
import { listDeadLetters } from "@/lib/verification/webhooks/deliveries";
import { redeliver } from "@/lib/verification/webhooks/redeliver";
import {
  completedEventFor,
  completedEventForEndpoints,
  type Receiver,
  startReceiver,
} from "../../../tests/support/fixtures";

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
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "succeeded",
    });
    const manual = await db.deliveryAttempt.findFirstOrThrow({ where: { deliveryId: delivery.id, manual: true } });
    expect(manual).toMatchObject({ attemptNumber: 6, success: true, responseExcerpt: "fine\uFFFD" });
  });

  it("redelivers many dead letters in one call, each signed afresh, and reports each result", async () => {
    const paths = ["/many-a", "/many-b", "/many-c"];
    const { org, endpoints, event } = await completedEventForEndpoints(paths.map((p) => receiver.url(p)));
    paths.forEach((path, i) => receiver.route(path, { secret: endpoints[i].secret, behaviour: () => 500 }));
    expect(await deliverEventAttempt(event.id, 5)).toEqual({ kind: "dead-lettered", deadLettered: 3 });
    const deliveries = await Promise.all(
      endpoints.map((e) =>
        db.webhookDelivery.findFirstOrThrow({ where: { outboxEventId: event.id, endpointId: e.id } }),
      ),
    );
    const first = paths.map((path) => receiver.deliveries(path)[0]);

    // The first two receivers are fixed; the third still fails. A new second, so a new `t`.
    receiver.route(paths[0], { secret: endpoints[0].secret });
    receiver.route(paths[1], { secret: endpoints[1].secret, behaviour: () => 204 });
    await new Promise((r) => setTimeout(r, 1100));
    const other = await completedEventFor(receiver.url("/many-foreign"));
    const foreign = await db.webhookDelivery.create({
      data: {
        id: "whd_foreign_many",
        eventId: "evt_foreign_many",
        outboxEventId: other.event.id,
        endpointId: other.endpoint.id,
        orgId: other.org.id,
      },
    });

    const results = await redeliver(org.id, [...deliveries.map((d) => d.id), "whd_unknown", foreign.id]);
    expect(results).toEqual([
      {
        deliveryId: deliveries[0].id,
        outcome: "succeeded",
        eventId: deliveries[0].eventId,
        attemptNumber: 6,
        statusCode: 200,
        error: null,
      },
      {
        deliveryId: deliveries[1].id,
        outcome: "succeeded",
        eventId: deliveries[1].eventId,
        attemptNumber: 6,
        statusCode: 204,
        error: null,
      },
      {
        deliveryId: deliveries[2].id,
        outcome: "failed",
        eventId: deliveries[2].eventId,
        attemptNumber: 6,
        statusCode: 500,
        error: "HTTP 500",
      },
      { deliveryId: "whd_unknown", outcome: "not_found", error: "No such webhook delivery: whd_unknown" },
      { deliveryId: foreign.id, outcome: "not_found", error: `No such webhook delivery: ${foreign.id}` },
    ]);

    paths.forEach((path, i) => {
      const all = receiver.deliveries(path);
      expect(all).toHaveLength(2);
      const again = all[1];
      expect(again.signatureValid).toBe(true);
      expect(again.body.id).toBe(deliveries[i].eventId);
      expect(again.body.id).toBe(first[i].body.id);
      expect(again.signature!.t).toBeGreaterThan(first[i].signature!.t);
      expect(Math.floor(Date.parse(again.body.created) / 1000)).toBe(again.signature!.t);
    });
    expect(receiver.deliveries("/many-foreign")).toHaveLength(0);

    const statuses = await db.webhookDelivery.findMany({
      where: { id: { in: deliveries.map((d) => d.id) } },
      select: { id: true, status: true },
    });
    expect(Object.fromEntries(statuses.map((d) => [d.id, d.status]))).toEqual({
      [deliveries[0].id]: "succeeded",
      [deliveries[1].id]: "succeeded",
      [deliveries[2].id]: "dead",
    });
    expect((await listDeadLetters(org.id)).data.map((d) => d.deliveryId)).toEqual([deliveries[2].id]);

    // The one still failing can be redelivered again, numbered after its last try.
    expect(await redeliver(org.id, [deliveries[2].id])).toEqual([
      expect.objectContaining({ outcome: "failed", attemptNumber: 7 }),
    ]);
  });

  it("gives concurrent redeliveries of one delivery distinct attempt numbers", async () => {
    const path = "/redeliver-concurrent";
    const { org, delivery } = await deadLetterAt(path);
    const results = (await Promise.all([1, 2, 3, 4].map(() => redeliver(org.id, [delivery.id])))).flat();
    const numbers = results.map((r) => ("attemptNumber" in r ? r.attemptNumber : null));
    expect([...numbers].sort()).toEqual([6, 7, 8, 9]);
    const manual = await db.deliveryAttempt.findMany({
      where: { deliveryId: delivery.id, manual: true },
      orderBy: { attemptNumber: "asc" },
    });
    expect(manual.map((t) => t.attemptNumber)).toEqual([6, 7, 8, 9]);
    expect(receiver.deliveries(path)).toHaveLength(5);
  });
});
