import "server-only";
import { db } from "@/lib/platform/db";
import { claimAutomaticAttempt } from "@/lib/platform/db/webhook-deliveries";
import { newId } from "@/lib/platform/ids";
import { toStorableTextOrNull } from "@/lib/platform/text/storable-text";
import { eventTypeOf } from "@/lib/verification/session-columns";
import { openEndpointSecret } from "@/lib/verification/webhooks/endpoint-secret";
import {
  deadLetterPendingDeliveries,
  deadLetterUnfinishedDeliveries,
} from "@/lib/verification/webhooks/dead-letter-unfinished-deliveries";
import { prepareDeliveries } from "@/lib/verification/webhooks/prepare-deliveries";
import { MAX_DELIVERY_ATTEMPTS, retryDelayMs } from "@/lib/verification/jobs/deliver-event";
import { sendSignedEvent } from "@/lib/verification/webhooks/send-signed-event";

export type AttemptOutcome =
  | { kind: "delivered"; endpoints: number }
  | { kind: "retry"; delayMs: number; failing: number }
  | { kind: "dead-lettered"; deadLettered: number };

/** How many endpoints one attempt sends to at the same time. */
const SEND_CONCURRENCY = 16;

/**
 * Runs automatic attempt `attempt` (1..5) of one outbox event: sends the event to every
 * endpoint of the session's organisation and mode that subscribes to its type (a retry
 * resends to all of them, including those that already succeeded, as the spec says), records
 * each try, and says what comes next: done, retry after the back-off, or, after the fifth
 * attempt, dead letters for the endpoints that never succeeded.
 *
 * Each attempt number is claimed in the database before anything is sent, so two workers
 * (or an engine that runs a step twice) never send the same attempt of an event twice.
 */
export async function deliverEventAttempt(outboxEventId: string, attempt: number): Promise<AttemptOutcome> {
  if (!Number.isInteger(attempt) || attempt < 1)
    throw new RangeError(`Delivery attempts are numbered from 1; got ${attempt}`);
  // The spec allows five automatic attempts. An engine that asks for a sixth (say, a job run
  // again after the worker of its last attempt died) gets the end of a fifth: nothing is
  // sent, and whatever is still pending is dead-lettered.
  if (attempt > MAX_DELIVERY_ATTEMPTS) {
    return { kind: "dead-lettered", deadLettered: await deadLetterUnfinishedDeliveries(outboxEventId) };
  }

  const event = await db.event.findUnique({ where: { id: outboxEventId }, include: { session: true } });
  if (!event) return { kind: "delivered", endpoints: 0 };
  await prepareDeliveries(event);

  // Claim attempt N for every delivery whose endpoint still exists, with the delivery's next
  // attempt number: N, unless a manual redelivery (lib/verification/webhooks/redeliver.ts) has taken it, then
  // the one after the highest used. Numbers are unique per delivery (a unique index holds it).
  const claimed = await claimAutomaticAttempt(outboxEventId, attempt);

  const recorder = batchRecorder();
  await forEachLimited(claimed, SEND_CONCURRENCY, async (delivery) => {
    const result = await sendSignedEvent({
      url: delivery.url,
      secret: openEndpointSecret(delivery.endpointId, delivery.secretEncrypted),
      eventId: delivery.eventId,
      type: eventTypeOf(event.type),
      session: event.session,
    });
    recorder.add(delivery.id, delivery.number, result);
  });
  await recorder.flushed();

  const stillFailing = await db.webhookDelivery.count({
    where: { outboxEventId, status: "pending", endpoint: { deletedAt: null } },
  });
  if (stillFailing === 0) return { kind: "delivered", endpoints: claimed.length };
  if (attempt < MAX_DELIVERY_ATTEMPTS) return { kind: "retry", delayMs: retryDelayMs(attempt), failing: stillFailing };
  // The deliveries were prepared above: only the dead-lettering is left.
  return { kind: "dead-lettered", deadLettered: await deadLetterPendingDeliveries(outboxEventId) };
}

type SendOutcome = Awaited<ReturnType<typeof sendSignedEvent>>;

// The receiver chooses its response body, and error messages can quote what it sent: a NUL
// among them would make PostgreSQL refuse the insert, and with it the records of every other
// endpoint in the same batch.
function attemptRow(deliveryId: string, attemptNumber: number, manual: boolean, result: SendOutcome) {
  return {
    id: newId("wha"),
    deliveryId,
    attemptNumber,
    manual,
    startedAt: result.startedAt,
    durationMs: result.durationMs,
    statusCode: result.statusCode,
    error: toStorableTextOrNull(result.error),
    responseExcerpt: toStorableTextOrNull(result.responseExcerpt),
    success: result.success,
  };
}

/**
 * Records the tries of one automatic attempt as they finish, coalescing whatever finished
 * while the previous write was in flight into one transaction: a burst to many endpoints
 * costs a few writes, and a slow endpoint does not hold back the records of fast ones.
 */
function batchRecorder() {
  const queue: { deliveryId: string; attemptNumber: number; result: SendOutcome }[] = [];
  let writing: Promise<void> | null = null;
  let failure: unknown = null;
  const write = async () => {
    while (queue.length) {
      const batch = queue.splice(0);
      const succeeded = batch.filter((b) => b.result.success).map((b) => b.deliveryId);
      await db.$transaction([
        db.deliveryAttempt.createMany({
          data: batch.map((b) => attemptRow(b.deliveryId, b.attemptNumber, false, b.result)),
        }),
        // The first success settles a delivery; later tries never undo it.
        ...(succeeded.length
          ? [
              db.webhookDelivery.updateMany({
                where: { id: { in: succeeded }, status: { not: "succeeded" } },
                data: { status: "succeeded" as const, succeededAt: new Date() },
              }),
            ]
          : []),
      ]);
    }
  };
  const kick = () => {
    if (writing || queue.length === 0) return;
    writing = write()
      .catch((error) => {
        failure = error;
      })
      .finally(() => {
        writing = null;
        kick(); // anything queued after the last loop check
      });
  };
  return {
    add(deliveryId: string, attemptNumber: number, result: SendOutcome) {
      queue.push({ deliveryId, attemptNumber, result });
      kick();
    },
    async flushed() {
      while (writing) await writing;
      if (failure) throw failure;
    },
  };
}

/** Records one try on its own (manual redeliveries). */
export async function recordAttempt(input: {
  deliveryId: string;
  attemptNumber: number;
  manual: boolean;
  result: SendOutcome;
}) {
  const { result } = input;
  const finishedAt = new Date(result.startedAt.getTime() + result.durationMs);
  await db.$transaction([
    db.deliveryAttempt.create({ data: attemptRow(input.deliveryId, input.attemptNumber, input.manual, result) }),
    db.webhookDelivery.update({ where: { id: input.deliveryId }, data: { lastAttemptAt: result.startedAt } }),
    // The first success settles the delivery (a dead letter included); later tries never undo it.
    ...(result.success
      ? [
          db.webhookDelivery.updateMany({
            where: { id: input.deliveryId, status: { not: "succeeded" } },
            data: { status: "succeeded" as const, succeededAt: finishedAt },
          }),
        ]
      : []),
  ]);
}

async function forEachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(workers);
}
