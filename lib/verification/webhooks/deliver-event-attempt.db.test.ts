import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { deliverEventAttempt } from "@/lib/verification/webhooks/deliver-event-attempt";
import { listDeadLetters } from "@/lib/verification/webhooks/deliveries";
import {
  completedEventFor,
  completedEventForEndpoints,
  type Receiver,
  startReceiver,
} from "../../../tests/support/fixtures";

// Events made by the fixtures have no Job row, so the suite app's runner never delivers them:
// every attempt here is the one this test runs.
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const triesOf = (outboxEventId: string) =>
  db.deliveryAttempt.findMany({
    where: { delivery: { outboxEventId } },
    include: { delivery: { select: { endpointId: true } } },
    orderBy: { attemptNumber: "asc" },
  });

describe("deliverEventAttempt", () => {
  it("records a 2xx whose body holds a NUL byte as a success, with the other endpoints' tries of the batch", async () => {
    const [nulPath, plainPath] = ["/nul-body", "/plain-body"];
    const { endpoints, event } = await completedEventForEndpoints([receiver.url(nulPath), receiver.url(plainPath)]);
    receiver.route(nulPath, {
      secret: endpoints[0].secret,
      responseBody: Buffer.from("accepted\u0000\u0000done", "utf8"),
    });
    receiver.route(plainPath, { secret: endpoints[1].secret });

    expect(await deliverEventAttempt(event.id, 1)).toEqual({ kind: "delivered", endpoints: 2 });

    expect(receiver.deliveries(nulPath)).toHaveLength(1);
    const deliveries = await db.webhookDelivery.findMany({ where: { outboxEventId: event.id } });
    expect(deliveries.map((d) => d.status)).toEqual(["succeeded", "succeeded"]);
    const tries = await triesOf(event.id);
    const byEndpoint = new Map(tries.map((t) => [t.delivery.endpointId, t]));
    expect(byEndpoint.get(endpoints[0].id)).toMatchObject({
      attemptNumber: 1,
      success: true,
      statusCode: 200,
      error: null,
      responseExcerpt: "accepted\uFFFD\uFFFDdone",
    });
    expect(byEndpoint.get(endpoints[1].id)).toMatchObject({ attemptNumber: 1, success: true, responseExcerpt: "ok" });
  });

  it("never sends a sixth automatic attempt: it only dead-letters what is still pending", async () => {
    const path = "/sixth-attempt";
    const { endpoint, event, org } = await completedEventFor(receiver.url(path));
    receiver.route(path, { secret: endpoint.secret, behaviour: () => 500 });
    expect(await deliverEventAttempt(event.id, 4)).toMatchObject({ kind: "retry" });
    // As an engine that lost track of the fifth attempt might ask.
    expect(await deliverEventAttempt(event.id, 6)).toEqual({ kind: "dead-lettered", deadLettered: 1 });

    expect(receiver.deliveries(path)).toHaveLength(1);
    expect((await triesOf(event.id)).map((t) => t.attemptNumber)).toEqual([4]);
    const row = await db.webhookDelivery.findFirstOrThrow({ where: { outboxEventId: event.id } });
    expect(row).toMatchObject({ status: "dead", attempts: 4 });
    expect((await listDeadLetters(org.id)).data.map((d) => d.deliveryId)).toEqual([row.id]);
    await expect(deliverEventAttempt(event.id, 0)).rejects.toThrow(RangeError);
  });
});
