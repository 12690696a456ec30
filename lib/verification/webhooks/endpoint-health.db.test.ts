// Endpoint health and "Retry now" against the real database and a real HTTPS receiver on
// loopback: a failing endpoint is flagged with its last failure, a recovering one is not; Retry
// now brings the scheduled attempt forward instead of adding one, and falls back to a manual
// attempt when there is no waiting job to move.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { getEndpointHealth } from "@/lib/verification/webhooks/endpoint-health";
import { getOverview } from "@/lib/verification/dashboard/overview";
import { newId } from "@/lib/platform/ids";
import { deliverEventJob } from "@/lib/verification/jobs/deliver-event";
import { listDeliveries } from "@/lib/verification/webhooks/deliveries";
import { deliverEventAttempt } from "@/lib/verification/webhooks/deliver-event-attempt";
import { redeliver } from "@/lib/verification/webhooks/redeliver";
import { DeliveryNotRetryingError, retryDeliveryNow } from "@/lib/verification/webhooks/retry-delivery-now";
import { completedEventFor, newOrganization, type Receiver, startReceiver } from "../../../tests/support/fixtures";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

/** The event's delivery job as the runner leaves it after attempt 1 failed: pending, due at runAt. */
const waitingJob = (eventId: string, runAt: Date) =>
  db.job.create({
    data: {
      id: newId("job"),
      name: deliverEventJob.name,
      payload: { eventId },
      dedupeKey: `deliver:${eventId}`,
      attempts: 1,
      maxAttempts: 5,
      runAt,
    },
  });

describe("endpoint health", () => {
  it("flags an endpoint whose attempts all failed, with the last failure, and stops flagging it once it recovers", async () => {
    const path = "/health-failing";
    const { org, endpoint, event } = await completedEventFor(receiver.url(path));
    receiver.route(path, { secret: endpoint.secret, behaviour: () => 500 });
    for (const attempt of [1, 2, 3]) await deliverEventAttempt(event.id, attempt);

    const failing = (await getEndpointHealth(org.id, [endpoint.id])).get(endpoint.id)!;
    expect(failing).toMatchObject({ attempts: 3, successes: 0, failing: true, retrying: 1, lastSuccessAt: null });
    expect(failing.lastFailure).toMatchObject({ statusCode: 500 });
    expect((await getOverview(org.id)).failingEndpoints).toEqual([{ id: endpoint.id, url: endpoint.url }]);

    receiver.route(path, { secret: endpoint.secret });
    await deliverEventAttempt(event.id, 4);
    const recovered = (await getEndpointHealth(org.id, [endpoint.id])).get(endpoint.id)!;
    expect(recovered).toMatchObject({ attempts: 4, successes: 1, failing: false, retrying: 0 });
    expect(recovered.lastSuccessAt).toBeInstanceOf(Date);
    expect((await getOverview(org.id)).failingEndpoints).toEqual([]);
  });

  it("is empty for an endpoint with no attempts, and never counts another organisation's", async () => {
    const path = "/health-other";
    const { org, endpoint, event } = await completedEventFor(receiver.url(path));
    receiver.route(path, { secret: endpoint.secret, behaviour: () => 500 });
    for (const attempt of [1, 2, 3]) await deliverEventAttempt(event.id, attempt);
    const stranger = await newOrganization("health");
    expect((await getEndpointHealth(stranger.id, [endpoint.id])).get(endpoint.id)).toMatchObject({
      attempts: 0,
      failing: false,
      lastFailure: null,
      retrying: 0,
    });
    expect((await getEndpointHealth(org.id, [])).size).toBe(0);
  });
});

describe("retryDeliveryNow", () => {
  it("brings the event's waiting attempt forward: same job, no extra attempt", async () => {
    const path = "/retry-now-job";
    const { org, endpoint, event } = await completedEventFor(receiver.url(path));
    receiver.route(path, { secret: endpoint.secret, behaviour: () => 500 });
    await deliverEventAttempt(event.id, 1);
    // The job as the runner leaves it after attempt 1 failed: pending, due in 30 s (no runner
    // runs in the db tests, so it stays as written).
    const runAt = new Date(Date.now() + 30_000);
    const job = await waitingJob(event.id, runAt);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { outboxEventId: event.id } });
    expect((await listDeliveries({ orgId: org.id, endpointId: endpoint.id }))[0].nextAttemptAt).toEqual(runAt);

    const before = Date.now();
    expect(await retryDeliveryNow(org.id, delivery.id)).toEqual({ kind: "brought_forward", attempt: 2 });
    // In the full suite the http project's app shares this database, and its job runner may claim
    // the job the moment it is due: then the same job has run as attempt 2, and nothing else.
    const moved = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    if (moved.status === "pending" && moved.attempts === 1) {
      expect(moved.runAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(moved.runAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    } else {
      expect(moved.attempts).toBeLessThanOrEqual(2);
    }
    expect(moved.maxAttempts).toBe(5);
    expect(await db.job.count({ where: { dedupeKey: `deliver:${event.id}` } })).toBe(1);
    // Nothing sent by the call itself: no manual attempt, at most the job's own second one.
    const attempts = await db.deliveryAttempt.findMany({ where: { deliveryId: delivery.id } });
    expect(attempts.filter((attempt) => attempt.manual)).toEqual([]);
    expect(attempts.length).toBeLessThanOrEqual(2);
    await db.job.delete({ where: { id: job.id } });
  });

  it("without a waiting job, sends one manual attempt, which is not an automatic one", async () => {
    const path = "/retry-now-manual";
    const { org, endpoint, event } = await completedEventFor(receiver.url(path));
    receiver.route(path, { secret: endpoint.secret, behaviour: () => 500 });
    await deliverEventAttempt(event.id, 1);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { outboxEventId: event.id } });
    receiver.route(path, { secret: endpoint.secret });

    const retried = await retryDeliveryNow(org.id, delivery.id);
    expect(retried).toMatchObject({ kind: "sent", result: { outcome: "succeeded", statusCode: 200 } });
    const after = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(after).toMatchObject({ status: "succeeded", attempts: 1 });
    expect(
      await db.deliveryAttempt.findMany({ where: { deliveryId: delivery.id }, orderBy: { attemptNumber: "asc" } }),
    ).toEqual([
      expect.objectContaining({ attemptNumber: 1, manual: false, success: false }),
      expect.objectContaining({ attemptNumber: 2, manual: true, success: true }),
    ]);
    // Delivered now: nothing left to retry.
    await expect(retryDeliveryNow(org.id, delivery.id)).rejects.toThrow(DeliveryNotRetryingError);
  });

  it("refuses another organisation's delivery and an unknown one", async () => {
    const path = "/retry-now-foreign";
    const { endpoint, event } = await completedEventFor(receiver.url(path));
    receiver.route(path, { secret: endpoint.secret, behaviour: () => 500 });
    await deliverEventAttempt(event.id, 1);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { outboxEventId: event.id } });
    const stranger = await newOrganization("retry-now");
    await expect(retryDeliveryNow(stranger.id, delivery.id)).rejects.toThrow(DeliveryNotRetryingError);
    await expect(retryDeliveryNow(stranger.id, "whd_unknown")).rejects.toThrow(DeliveryNotRetryingError);
    expect(await db.deliveryAttempt.count({ where: { deliveryId: delivery.id } })).toBe(1);
  });

  it("runs one attempt for 10 concurrent clicks, waiting job or not, and the rest are told one is under way", async () => {
    const path = "/retry-now-burst";
    const { org, endpoint, event } = await completedEventFor(receiver.url(path));
    receiver.route(path, { secret: endpoint.secret, behaviour: () => 500 });
    await deliverEventAttempt(event.id, 1);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { outboxEventId: event.id } });

    // No waiting job: the one click that holds the lease sends one manual attempt.
    const clicks = await Promise.all(Array.from({ length: 10 }, () => retryDeliveryNow(org.id, delivery.id)));
    expect(clicks.filter((c) => c.kind === "sent")).toHaveLength(1);
    expect(clicks.filter((c) => c.kind === "already_retrying")).toHaveLength(9);
    expect(await db.deliveryAttempt.count({ where: { deliveryId: delivery.id } })).toBe(2);

    // Once the lease has run out, a waiting job is brought forward by one click of ten, and no
    // click sends anything itself.
    await db.webhookDelivery.update({
      where: { id: delivery.id },
      data: { retryLeaseUntil: new Date(Date.now() - 1) },
    });
    const job = await waitingJob(event.id, new Date(Date.now() + 30_000));
    const again = await Promise.all(Array.from({ length: 10 }, () => retryDeliveryNow(org.id, delivery.id)));
    expect(again.filter((c) => c.kind === "brought_forward")).toHaveLength(1);
    expect(again.filter((c) => c.kind === "already_retrying")).toHaveLength(9);
    const attempts = await db.deliveryAttempt.findMany({ where: { deliveryId: delivery.id, manual: true } });
    expect(attempts).toHaveLength(1);
    await db.job.delete({ where: { id: job.id } });
  });
});

describe("attempt numbers", () => {
  it("stay unique per delivery when a manual attempt takes the next automatic one's number", async () => {
    const path = "/attempt-numbers";
    const { org, endpoint, event } = await completedEventFor(receiver.url(path));
    receiver.route(path, { secret: endpoint.secret, behaviour: () => 500 });
    await deliverEventAttempt(event.id, 1);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { outboxEventId: event.id } });
    await Promise.all(Array.from({ length: 3 }, () => redeliver(org.id, [delivery.id])));
    await deliverEventAttempt(event.id, 2);
    const numbers = (
      await db.deliveryAttempt.findMany({ where: { deliveryId: delivery.id }, orderBy: { attemptNumber: "asc" } })
    ).map((a) => [a.attemptNumber, a.manual]);
    expect(numbers).toEqual([
      [1, false],
      [2, true],
      [3, true],
      [4, true],
      [5, false],
    ]);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      attempts: 2,
      lastAttemptNumber: 5,
    });
  });

  it("are held unique by the database", async () => {
    const path = "/attempt-numbers-index";
    const { endpoint, event } = await completedEventFor(receiver.url(path));
    receiver.route(path, { secret: endpoint.secret, behaviour: () => 500 });
    await deliverEventAttempt(event.id, 1);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { outboxEventId: event.id } });
    const row = { deliveryId: delivery.id, attemptNumber: 1, startedAt: new Date(), durationMs: 1, success: false };
    await expect(db.deliveryAttempt.create({ data: { id: newId("wha"), ...row, manual: true } })).rejects.toThrow(
      /Unique constraint/,
    );
  });
});
