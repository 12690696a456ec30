import { InngestTestEngine, mockCtx } from "@inngest/test";
import type { InngestFunction } from "inngest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { jobFunction } from "@/inngest/job-function";
import { deliverEventJob } from "@/lib/verification/jobs/deliver-event";
import { findJob } from "@/lib/edge/jobs/registry";
import { listDeadLetters } from "@/lib/verification/webhooks/deliveries";
import { completedEventFor, type Receiver, startReceiver } from "../tests/support/fixtures";

// @inngest/test does not model retries: each execution is one Inngest attempt, and the
// attempt number is set through transformCtx. A fresh engine per execution.
const deliverEvent = jobFunction(findJob(deliverEventJob.name)!);

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const run = (eventId: string, attempt: number) =>
  new InngestTestEngine({
    function: deliverEvent,
    events: [{ name: "webhooks/event.deliver", data: { payload: { eventId } } }],
    transformCtx: (ctx) => ({ ...mockCtx(ctx), attempt }),
  }).execute();

// @inngest/test always runs a function's main handler. Inngest calls onFailure through the
// same execution engine with handlerKind "failure" (and an inngest/function.failed event), so
// this asks the engine for exactly that.
const runOnFailure = (eventId: string) => {
  const asFailureHandler = Object.create(deliverEvent, {
    createExecution: {
      value: (opts: { partialOptions: Record<string, unknown> }) =>
        (deliverEvent as unknown as { createExecution: (o: unknown) => unknown }).createExecution({
          ...opts,
          partialOptions: { ...opts.partialOptions, handlerKind: "failure" },
        }),
    },
  }) as InngestFunction.Any;
  return new InngestTestEngine({
    function: asFailureHandler,
    events: [
      {
        name: "inngest/function.failed",
        data: {
          function_id: "voiceage-webhooks-event-deliver",
          run_id: "01JTESTRUN0000000000000000",
          error: { name: "Error", message: "connection to the database lost" },
          event: { name: "webhooks/event.deliver", data: { payload: { eventId } } },
        },
      },
    ],
  }).execute();
};

describe("deliver-event job (Inngest)", () => {
  it("allows exactly the spec's 5 attempts, as the function for the job's own event", () => {
    const opts = (deliverEvent as unknown as { opts: { id: string; retries: number; triggers: { event: string }[] } })
      .opts;
    // The spec's number, not MAX_DELIVERY_ATTEMPTS: the function's retries derive from that
    // constant, so comparing with it could not fail.
    expect(opts.retries + 1).toBe(5);
    expect(opts.id).toBe("webhooks-event-deliver");
    expect(opts.triggers.map((t) => t.event)).toEqual(["webhooks/event.deliver"]);
  });

  it("delivers, and finishes the run, when every endpoint answers 2xx", async () => {
    const path = "/inngest-ok";
    const { endpoint, event } = await completedEventFor(receiver.url(path));
    receiver.route(path, { secret: endpoint.secret });
    const { result, error } = await run(event.id, 0);
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ kind: "done" });
    const [delivered] = receiver.deliveries(path);
    expect(delivered.signatureValid).toBe(true);
    expect(delivered.body.data.status).toBe("passed");
    expect(await db.webhookDelivery.findFirstOrThrow({ where: { outboxEventId: event.id } })).toMatchObject({
      status: "succeeded",
      attempts: 1,
    });
  });

  it("asks Inngest to retry after the configured back-off, then dead-letters on the fifth attempt", async () => {
    const path = "/inngest-failing";
    const { endpoint, event } = await completedEventFor(receiver.url(path));
    receiver.route(path, { secret: endpoint.secret, behaviour: () => 500 });

    const first = await run(event.id, 0);
    expect(first.result).toBeUndefined();
    // Default WEBHOOK_RETRY_SCHEDULE in this process: 30 s before attempt 2.
    expect(first.error).toMatchObject({
      name: "RetryAfterError",
      message: expect.stringContaining("next attempt in 30 s"),
    });

    const fifth = await run(event.id, 4);
    expect(fifth.error).toBeUndefined();
    expect(fifth.result).toMatchObject({ kind: "done", detail: expect.stringContaining("dead-lettered 1") });
    const row = await db.webhookDelivery.findFirstOrThrow({ where: { outboxEventId: event.id } });
    expect(row).toMatchObject({ status: "dead", attempts: 5 });
    const tries = await db.deliveryAttempt.findMany({
      where: { deliveryId: row.id },
      orderBy: { attemptNumber: "asc" },
    });
    expect(tries.map((t) => t.attemptNumber)).toEqual([1, 5]);
    expect(receiver.deliveries(path)).toHaveLength(2);
  });

  it("never sends the same attempt twice, even if the engine runs it twice", async () => {
    const path = "/inngest-duplicate";
    const { endpoint, event } = await completedEventFor(receiver.url(path));
    receiver.route(path, { secret: endpoint.secret, behaviour: () => 500 });
    await Promise.all([run(event.id, 1), run(event.id, 1)]);
    expect(receiver.deliveries(path)).toHaveLength(1);
    const tries = await db.deliveryAttempt.findMany({ where: { delivery: { outboxEventId: event.id } } });
    expect(tries.map((t) => t.attemptNumber)).toEqual([2]);
  });

  it("dead-letters the unfinished deliveries from onFailure when a run fails for good", async () => {
    const path = "/inngest-final-failure";
    const { org, endpoint, event } = await completedEventFor(receiver.url(path));
    receiver.route(path, { secret: endpoint.secret, behaviour: () => 500 });
    await run(event.id, 3); // the fourth attempt fails; the fifth then threw (not modelled here)
    const row = await db.webhookDelivery.findFirstOrThrow({ where: { outboxEventId: event.id } });
    expect(row).toMatchObject({ status: "pending", attempts: 4 });

    const { error } = await runOnFailure(event.id);
    expect(error).toBeUndefined();
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "dead",
      attempts: 4,
    });
    expect((await listDeadLetters(org.id)).data.map((d) => d.deliveryId)).toEqual([row.id]);
    expect(receiver.deliveries(path)).toHaveLength(1);
  });
});
