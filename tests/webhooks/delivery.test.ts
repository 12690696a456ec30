import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { baseUrl, v1 } from "../support/api";
import { listDeadLetters, listDeliveryAttempts } from "@/lib/verification/webhooks/deliveries";
import { redeliver } from "@/lib/verification/webhooks/redeliver";
import { createEndpoint, deliveryRecords } from "./support/helpers";
import { assertWebhookMatchesContract } from "../support/contract";
import { completeSession, createSession, newOrg, sessionBody, type Receiver, startReceiver } from "../support/fixtures";

// Runs against the suite's app (TEST_APP_ENV: retry schedule "1,1,1,1", 10 s timeout, private
// networks allowed so the loopback receiver can be used).
let receiver: Receiver;
const records = deliveryRecords(inject("databaseUrl"));

/** The session's delivery rows, once the first is in `status`. */
const deliveriesOnce = (sessionId: string, status: string) =>
  vi.waitFor(
    async () => {
      const rows = await records.deliveries(sessionId);
      expect(rows[0]?.status).toBe(status);
      return rows;
    },
    { timeout: 30_000, interval: 100 },
  );

beforeAll(async () => {
  // Every delivery must be a payload the verification document's webhooks allow.
  receiver = await startReceiver("127.0.0.1", {
    checkDelivery: (delivery) =>
      assertWebhookMatchesContract(String(delivery.headers["service-event"]), delivery.rawBody),
  });
});
afterAll(async () => {
  await receiver.close();
  await records.close();
});

let pathCounter = 0;
const newPath = () => `/hook-${process.pid}-${++pathCounter}`;

const attemptsOf = (sessionId: string, endpointId?: string) =>
  records.attempts(sessionId).then((rows) => rows.filter((r) => !endpointId || r.endpointId === endpointId));

describe("webhook delivery", () => {
  it("delivers a completed session first time, signed over the exact bytes, with the spec's payload", async () => {
    const { testKey } = await newOrg("wh");
    const path = newPath();
    const endpoint = await createEndpoint(testKey, receiver.url(path));
    receiver.route(path, { secret: endpoint.secret });
    const session = await createSession(baseUrl(), testKey, {
      ...sessionBody,
      metadata: { "note with spaces": "ünïcode ✓", order: "A-1" },
    });
    const before = Date.now();
    await completeSession(baseUrl(), testKey, session.id, {
      result: "pass",
      method: "id_document",
      confidence: "medium",
    });

    await vi.waitFor(() => expect(receiver.deliveries(path), receiver.summary()).not.toHaveLength(0), {
      timeout: 30_000,
    });
    const [delivery] = receiver.deliveries(path);
    expect(delivery.signatureValid).toBe(true);
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(delivery.headers["service-event"]).toBe("verification_session.completed");
    // The same id as the event in the body, on every attempt.
    expect(delivery.headers["webhook-id"]).toBe((delivery.body as { id: string }).id);
    expect(delivery.signature!.t).toBeGreaterThanOrEqual(Math.floor(before / 1000));
    expect(delivery.signature!.t).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(delivery.body).toEqual({
      id: expect.stringMatching(/^evt_[A-Za-z0-9]+$/),
      type: "verification_session.completed",
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: {
        id: session.id,
        status: "passed",
        required_age: 18,
        method: "id_document",
        confidence: "medium",
        mode: "test",
        metadata: { "note with spaces": "ünïcode ✓", order: "A-1" },
      },
    });
    expect(Object.keys(delivery.body)).toEqual(["id", "type", "created", "data"]);
    // Metadata verbatim, key order included (a jsonb column would put "order" first).
    expect(Object.keys(delivery.body.data.metadata)).toEqual(["note with spaces", "order"]);
    // `created` is the time of the attempt, the same instant as the signature's t.
    expect(Math.floor(Date.parse(delivery.body.created) / 1000)).toBe(delivery.signature!.t);

    const [row] = await deliveriesOnce(session.id, "succeeded");
    expect(row.eventId).toBe(delivery.body.id);
    const attempts = await attemptsOf(session.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      attemptNumber: 1,
      manual: false,
      success: true,
      statusCode: 200,
      error: null,
      responseExcerpt: "ok",
    });
    // A success is not retried.
    await new Promise((r) => setTimeout(r, 2500));
    expect(receiver.deliveries(path)).toHaveLength(1);
  });

  it("retries after 500s and delivers on attempt 5 with the same event id", async () => {
    const { orgId, testKey } = await newOrg("wh");
    const path = newPath();
    const endpoint = await createEndpoint(testKey, receiver.url(path));
    receiver.route(path, { secret: endpoint.secret, behaviour: (n) => (n < 5 ? 500 : 200) });
    const session = await createSession(baseUrl(), testKey);
    await completeSession(baseUrl(), testKey, session.id, { result: "fail" });

    await vi.waitFor(() => expect(receiver.deliveries(path).length >= 5, receiver.summary()).toBe(true), {
      timeout: 30_000,
    });
    const deliveries = receiver.deliveries(path);
    expect(deliveries.map((d) => d.respondedWith)).toEqual([500, 500, 500, 500, 200]);
    expect(new Set(deliveries.map((d) => d.body.id)).size).toBe(1);
    expect(deliveries.every((d) => d.signatureValid)).toBe(true);
    expect(deliveries.every((d) => d.body.data.status === "failed")).toBe(true);
    // Each attempt is signed at its own time.
    expect(new Set(deliveries.map((d) => d.body.created)).size).toBe(5);
    for (let i = 1; i < deliveries.length; i++) {
      expect(deliveries[i].receivedAt - deliveries[i - 1].receivedAt).toBeGreaterThanOrEqual(900);
    }

    const [row] = await deliveriesOnce(session.id, "succeeded");
    expect(row.attempts).toBe(5);
    const { data: attempts } = await listDeliveryAttempts(orgId, { sessionId: session.id });
    expect(attempts.map((a) => [a.attemptNumber, a.statusCode, a.success]).reverse()).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 500, false],
      [4, 500, false],
      [5, 200, true],
    ]);
    expect(attempts[1].error).toBe("HTTP 500");
    expect(attempts[1].responseExcerpt).toBe("receiver says 500");
    expect(attempts.every((a) => a.eventId === deliveries[0].body.id && a.endpointId === endpoint.id)).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.deliveries(path)).toHaveLength(5);
  });

  it("dead-letters after 5 failed attempts; a manual redelivery, signed afresh, then succeeds", async () => {
    const { orgId, testKey } = await newOrg("wh");
    const other = await newOrg("wh");
    const path = newPath();
    const endpoint = await createEndpoint(testKey, receiver.url(path));
    let healthy = false;
    receiver.route(path, { secret: endpoint.secret, behaviour: () => (healthy ? 200 : 500) });
    const session = await createSession(baseUrl(), testKey);
    await completeSession(baseUrl(), testKey, session.id);

    const [row] = await deliveriesOnce(session.id, "dead");
    expect(receiver.deliveries(path)).toHaveLength(5);
    expect(row.deadLetteredAt).not.toBeNull();
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.deliveries(path)).toHaveLength(5); // retrying stopped

    const dead = await listDeadLetters(orgId);
    expect(dead.data).toEqual([
      expect.objectContaining({
        deliveryId: row.id,
        eventId: row.eventId,
        eventType: "verification_session.completed",
        sessionId: session.id,
        endpointId: endpoint.id,
        attempts: 5,
        lastStatusCode: 500,
      }),
    ]);
    expect((await listDeadLetters(other.orgId)).data).toEqual([]);
    // Another organisation cannot redeliver it.
    expect(await redeliver(other.orgId, [row.id])).toEqual([
      expect.objectContaining({ deliveryId: row.id, outcome: "not_found" }),
    ]);
    expect(receiver.deliveries(path)).toHaveLength(5);

    healthy = true;
    const [result] = await redeliver(orgId, [row.id]);
    expect(result, JSON.stringify(result)).toMatchObject({
      deliveryId: row.id,
      outcome: "succeeded",
      eventId: row.eventId,
      attemptNumber: 6,
      statusCode: 200,
    });
    const deliveries = receiver.deliveries(path);
    expect(deliveries).toHaveLength(6);
    const [last, previous] = [deliveries[5], deliveries[4]];
    expect(last.signatureValid).toBe(true);
    expect(last.body.id).toBe(previous.body.id);
    expect(last.signature!.t).toBeGreaterThan(previous.signature!.t);
    expect(last.body.created).not.toBe(previous.body.created);

    const [after] = await records.deliveries(session.id);
    expect(after.status).toBe("succeeded");
    expect((await listDeadLetters(orgId)).data).toEqual([]);
    const { data: attempts } = await listDeliveryAttempts(orgId, { deliveryId: row.id });
    expect(attempts[0]).toMatchObject({ attemptNumber: 6, manual: true, success: true });
    expect(attempts.filter((a) => a.manual)).toHaveLength(1);
  });

  it("counts a receiver that hangs past the 10 s timeout as a failed attempt", async () => {
    const { orgId, testKey } = await newOrg("wh");
    const path = newPath();
    const endpoint = await createEndpoint(testKey, receiver.url(path));
    receiver.route(path, { secret: endpoint.secret, behaviour: (n) => (n === 1 ? "hang" : 200) });
    const session = await createSession(baseUrl(), testKey);
    await completeSession(baseUrl(), testKey, session.id);

    // A successful attempt after the hung one.
    const attempts = await vi.waitFor(
      async () => {
        const { data: rows } = await listDeliveryAttempts(orgId, { sessionId: session.id });
        expect(rows.some((r) => r.success)).toBe(true);
        return rows.reverse();
      },
      { timeout: 25_000, interval: 100 },
    );
    expect(attempts[0]).toMatchObject({ attemptNumber: 1, success: false, statusCode: null });
    expect(attempts[0].error).toMatch(/^timeout/);
    expect(attempts[0].durationMs).toBeGreaterThanOrEqual(10_000);
    expect(attempts[0].durationMs).toBeLessThan(11_500);
    expect(attempts[1]).toMatchObject({ attemptNumber: 2, success: true, statusCode: 200 });
    expect(receiver.deliveries(path)).toHaveLength(2);
  }, 40_000);

  it("resends to every subscribed endpoint when one fails, each under its own stable event id", async () => {
    const { testKey } = await newOrg("wh");
    const [okPath, flakyPath] = [newPath(), newPath()];
    const ok = await createEndpoint(testKey, receiver.url(okPath));
    const flaky = await createEndpoint(testKey, receiver.url(flakyPath));
    receiver.route(okPath, { secret: ok.secret });
    receiver.route(flakyPath, { secret: flaky.secret, behaviour: (n) => (n < 3 ? 503 : 200) });
    const session = await createSession(baseUrl(), testKey);
    await completeSession(baseUrl(), testKey, session.id);

    await vi.waitFor(() => expect(receiver.deliveries(flakyPath).length >= 3, receiver.summary()).toBe(true), {
      timeout: 30_000,
    });
    await new Promise((r) => setTimeout(r, 1500));
    const okDeliveries = receiver.deliveries(okPath);
    const flakyDeliveries = receiver.deliveries(flakyPath);
    // Attempts 1, 2 and 3 went to both; after 3 everyone has succeeded once, so no attempt 4.
    expect(okDeliveries).toHaveLength(3);
    expect(flakyDeliveries).toHaveLength(3);
    expect(okDeliveries.every((d) => d.signatureValid && d.respondedWith === 200)).toBe(true);
    expect(flakyDeliveries.every((d) => d.signatureValid)).toBe(true);
    expect(new Set(okDeliveries.map((d) => d.body.id)).size).toBe(1);
    expect(new Set(flakyDeliveries.map((d) => d.body.id)).size).toBe(1);
    expect(okDeliveries[0].body.id).not.toBe(flakyDeliveries[0].body.id);

    const rows = await records.deliveries(session.id);
    expect(rows.map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
    const okRow = rows.find((r) => r.endpointId === ok.id);
    // The first success stands; later resends do not move it.
    const okAttempts = await attemptsOf(session.id, ok.id);
    expect(okAttempts.map((a) => a.attemptNumber)).toEqual([1, 2, 3]);
    expect(okRow.succeededAt.getTime()).toBeLessThan(okAttempts[1].startedAt.getTime());
  });

  it("sends only to subscribed endpoints of the session's organisation and mode, and never to deleted ones", async () => {
    const { testKey, liveKey } = await newOrg("wh");
    const stranger = await newOrg("wh");
    const paths = {
      completed: newPath(),
      expired: newPath(),
      live: newPath(),
      deleted: newPath(),
      stranger: newPath(),
    };
    const completedOnly = await createEndpoint(testKey, receiver.url(paths.completed), [
      "verification_session.completed",
    ]);
    const expiredOnly = await createEndpoint(testKey, receiver.url(paths.expired), ["verification_session.expired"]);
    await createEndpoint(liveKey, receiver.url(paths.live));
    const deleted = await createEndpoint(testKey, receiver.url(paths.deleted));
    await createEndpoint(stranger.testKey, receiver.url(paths.stranger));
    expect((await v1("DELETE", `/v1/webhook-endpoints/${deleted.id}`, { key: testKey })).status).toBe(204);
    receiver.route(paths.completed, { secret: completedOnly.secret });
    receiver.route(paths.expired, { secret: expiredOnly.secret });

    const passed = await createSession(baseUrl(), testKey);
    const expired = await createSession(baseUrl(), testKey, { ...sessionBody, metadata: {} });
    await completeSession(baseUrl(), testKey, passed.id);
    const expireRes = await v1("POST", `/v1/test_helpers/verification-sessions/${expired.id}/expire`, { key: testKey });
    expect(expireRes.status).toBe(200);

    await vi.waitFor(
      () =>
        expect(
          receiver.deliveries(paths.completed).length === 1 && receiver.deliveries(paths.expired).length === 1,
          receiver.summary(),
        ).toBe(true),
      { timeout: 30_000 },
    );
    await new Promise((r) => setTimeout(r, 1500));
    const [completedDelivery] = receiver.deliveries(paths.completed);
    const [expiredDelivery] = receiver.deliveries(paths.expired);
    expect(completedDelivery.body.data.id).toBe(passed.id);
    expect(expiredDelivery.signatureValid).toBe(true);
    expect(expiredDelivery.headers["service-event"]).toBe("verification_session.expired");
    expect(expiredDelivery.body).toMatchObject({
      type: "verification_session.expired",
      data: { id: expired.id, status: "expired", method: null, confidence: null, mode: "test", metadata: {} },
    });
    for (const path of [paths.live, paths.deleted, paths.stranger]) expect(receiver.deliveries(path)).toEqual([]);
  });

  it("stops sending to an endpoint deleted while its retries are pending", async () => {
    const { testKey } = await newOrg("wh");
    const path = newPath();
    const endpoint = await createEndpoint(testKey, receiver.url(path));
    receiver.route(path, { secret: endpoint.secret, behaviour: () => 500 });
    const session = await createSession(baseUrl(), testKey);
    await completeSession(baseUrl(), testKey, session.id);
    await vi.waitFor(() => expect(receiver.deliveries(path).length >= 1, receiver.summary()).toBe(true), {
      timeout: 30_000,
    });
    expect((await v1("DELETE", `/v1/webhook-endpoints/${endpoint.id}`, { key: testKey })).status).toBe(204);
    const seen = receiver.deliveries(path).length;
    // The delete itself ends the delivery: it no longer shows as being retried.
    const [cancelled] = await records.deliveries(session.id);
    expect(cancelled).toMatchObject({ endpointId: endpoint.id, status: "cancelled" });
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);
    await new Promise((r) => setTimeout(r, 6000));
    expect(receiver.deliveries(path).length).toBeLessThanOrEqual(seen + 1); // at most an attempt already in flight
    const [after] = await records.deliveries(session.id);
    expect(after.status).toBe("cancelled");
    expect(after.deadLetteredAt).toBeNull();
    // The event's delivery job is over, not waiting for an endpoint that is gone.
    const { rows: jobs } = await records.query(
      `select j.status from "Job" j join "Event" e on e.id = j.payload->>'eventId' where e."sessionId" = $1 and j.name = 'webhooks/event.deliver'`,
      [session.id],
    );
    expect(jobs.map((j) => j.status)).toEqual(["done"]);
  });

  it("keeps delivering to the other endpoints of an event when one is deleted mid-retry", async () => {
    const { testKey } = await newOrg("wh");
    const failingPath = newPath();
    const laterPath = newPath();
    const failing = await createEndpoint(testKey, receiver.url(failingPath));
    const later = await createEndpoint(testKey, receiver.url(laterPath));
    receiver.route(failingPath, { secret: failing.secret, behaviour: () => 500 });
    // Fails twice, then succeeds: the event stays in retry after the other endpoint is deleted.
    receiver.route(laterPath, { secret: later.secret, behaviour: (n) => (n < 3 ? 500 : 200) });
    const session = await createSession(baseUrl(), testKey);
    await completeSession(baseUrl(), testKey, session.id);
    await vi.waitFor(() => expect(receiver.deliveries(failingPath).length >= 1, receiver.summary()).toBe(true), {
      timeout: 30_000,
    });
    expect((await v1("DELETE", `/v1/webhook-endpoints/${failing.id}`, { key: testKey })).status).toBe(204);

    await vi.waitFor(
      async () =>
        expect((await records.deliveries(session.id)).find((r) => r.endpointId === later.id)?.status).toBe("succeeded"),
      { timeout: 30_000, interval: 100 },
    );
    const statuses = Object.fromEntries((await records.deliveries(session.id)).map((r) => [r.endpointId, r.status]));
    expect(statuses).toEqual({ [failing.id]: "cancelled", [later.id]: "succeeded" });
    expect(receiver.deliveries(laterPath).length).toBe(3);
  });
});
