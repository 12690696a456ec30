import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";
import { jobHandlers } from "@/lib/edge/jobs/registry";
import { expireSessionIfDue } from "@/lib/verification/expire-session";
import { startJobRunner } from "@/lib/platform/jobs/job-runner";
import { deliverEventAttempt } from "@/lib/verification/webhooks/deliver-event-attempt";
import { listDeadLetters } from "@/lib/verification/webhooks/deliveries";
import {
  completedEventFor,
  completedEventForEndpoints,
  insertSession,
  newOrganization,
  type Receiver,
  startReceiver,
} from "../../../tests/support/fixtures";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const runExpireSessionJob = jobHandlers["verification/session.expire"].run;
const expireJob = (payload: unknown) => runExpireSessionJob(payload, { attempt: 1 });

describe("expire-session job", () => {
  it("expires a due session, and asks to come back later for one that is not due", async () => {
    const org = await newOrganization();
    const due = await insertSession(org.id, { expiresAt: new Date(Date.now() - 1000) });
    expect(await expireJob({ sessionId: due.id })).toEqual({ kind: "done" });
    expect((await db.verificationSession.findUniqueOrThrow({ where: { id: due.id } })).status).toBe("expired");

    const expiresAt = new Date(Date.now() + 60_000);
    const later = await insertSession(org.id, { expiresAt });
    expect(await expireJob({ sessionId: later.id })).toEqual({ kind: "reschedule", at: expiresAt.toISOString() });
  });

  it("does not swallow a database error during the expiry: it propagates, and the job retries", async () => {
    const org = await newOrganization();
    const session = await insertSession(org.id, { expiresAt: new Date(Date.now() - 1000) });
    // A conflicting outbox row makes the expiry transaction fail (unique sessionId + type).
    await db.event.create({
      data: { id: newId("oev"), orgId: org.id, sessionId: session.id, type: "verification_session.expired" },
    });
    await expect(expireSessionIfDue(session.id)).rejects.toThrow(/Unique constraint/);
    await expect(expireJob({ sessionId: session.id })).rejects.toThrow(/Unique constraint/);
    expect((await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).status).toBe("created");

    // On the embedded runner: the attempt fails with that error and the job is pending again.
    const name = `test/expire-${randomBytes(4).toString("hex")}`;
    await db.job.create({ data: { id: newId("job"), name, payload: { sessionId: session.id } } });
    const runner = startJobRunner({
      handlers: { [name]: jobHandlers["verification/session.expire"] },
      pollIntervalMs: 50,
      listen: false,
    });
    try {
      await vi.waitFor(
        async () => {
          const job = await db.job.findFirstOrThrow({ where: { name } });
          expect(job).toMatchObject({
            status: "pending",
            attempts: 1,
            lastError: expect.stringMatching(/Unique constraint/),
          });
        },
        { timeout: 15_000, interval: 50 },
      );
    } finally {
      await runner.stop();
    }
  });

  it("expires an in_progress session at its expires_at, however recently it started", async () => {
    const org = await newOrganization();
    const startedAt = new Date(Date.now() - 60_000);
    const session = await insertSession(org.id, {
      status: "in_progress",
      expiresAt: new Date(Date.now() - 1000),
      startedAt,
    });
    expect(await expireSessionIfDue(session.id)).toBeNull();
    expect((await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).status).toBe("expired");
  });

  it("rejects a malformed payload", async () => {
    await expect(expireJob({})).rejects.toThrow();
  });
});

describe("deliver-event job", () => {
  it("dead-letters the event's unfinished deliveries when the job's last attempt throws (embedded runner)", async () => {
    const path = "/final-failure";
    const { org, endpoint, event } = await completedEventFor(receiver.url(path));
    receiver.route(path, { secret: endpoint.secret, behaviour: () => 500 });
    expect(await deliverEventAttempt(event.id, 4)).toMatchObject({ kind: "retry" });

    // The real deliver-event job, except that its fifth attempt throws (say, the database was
    // briefly unreachable). A job name of its own keeps the suite app's runner away from it.
    const name = `test/deliver-${randomBytes(4).toString("hex")}`;
    const deliver = jobHandlers["webhooks/event.deliver"];
    await db.job.create({
      data: { id: newId("job"), name, payload: { eventId: event.id }, attempts: 4, maxAttempts: 5 },
    });
    const runner = startJobRunner({
      handlers: {
        [name]: {
          ...deliver,
          run: async () => {
            throw new Error("connection to the database lost");
          },
        },
      },
      pollIntervalMs: 50,
      listen: false,
    });
    try {
      await vi.waitFor(async () => expect((await db.job.findFirstOrThrow({ where: { name } })).status).toBe("dead"), {
        timeout: 15_000,
        interval: 50,
      });
    } finally {
      await runner.stop();
    }

    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { outboxEventId: event.id } });
    expect(delivery).toMatchObject({ status: "dead", attempts: 4 });
    expect(delivery.deadLetteredAt).toBeInstanceOf(Date);
    expect((await listDeadLetters(org.id)).data).toEqual([
      expect.objectContaining({
        deliveryId: delivery.id,
        eventId: delivery.eventId,
        endpointId: endpoint.id,
        lastStatusCode: 500,
      }),
    ]);
    expect(receiver.deliveries(path)).toHaveLength(1); // nothing more was sent
  });

  it("on final failure gives every subscribed endpoint that never succeeded a dead letter, even if no attempt got that far", async () => {
    const { org, endpoints, event } = await completedEventForEndpoints([
      receiver.url("/never-tried-a"),
      receiver.url("/never-tried-b"),
    ]);
    await jobHandlers["webhooks/event.deliver"].onFinalFailure!({ eventId: event.id });
    // Idempotent: a second call (a retried onFailure, a re-claimed job) changes nothing.
    await jobHandlers["webhooks/event.deliver"].onFinalFailure!({ eventId: event.id });
    const letters = (await listDeadLetters(org.id)).data;
    expect(letters.map((l) => l.endpointId).sort()).toEqual(endpoints.map((e) => e.id).sort());
    expect(letters.every((l) => l.attempts === 0)).toBe(true);
    expect(receiver.deliveries("/never-tried-a")).toHaveLength(0);
  });
});
