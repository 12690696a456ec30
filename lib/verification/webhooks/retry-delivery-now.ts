import "server-only";
import { db } from "@/lib/platform/db";
import { notifyJobRunners } from "@/lib/platform/db/job-queue";
import { leasePendingDelivery } from "@/lib/platform/db/webhook-deliveries";
import { deliverEventJob } from "@/lib/verification/jobs/deliver-event";
import { redeliver, type RedeliveryResult } from "@/lib/verification/webhooks/redeliver";

/** No delivery of the organisation with this id is waiting for its next automatic attempt. */
export class DeliveryNotRetryingError extends Error {
  constructor(id: string) {
    super(`Webhook delivery ${id} is not waiting for a retry.`);
    this.name = "DeliveryNotRetryingError";
  }
}

// How long one "Retry now" holds its delivery: as long as the first automatic back-off, so a
// burst of clicks (or a click per second) runs one attempt, not the remaining four.
const RETRY_NOW_LEASE_SECONDS = 30;

export type RetryNowResult =
  /** Another "Retry now" on this delivery is under way (its lease is held): nothing more was started. */
  | { kind: "already_retrying" }
  /** The event's next automatic attempt was brought forward to now (the embedded job runner). */
  | { kind: "brought_forward"; attempt: number }
  /** The attempt could not be moved (it is running, or Inngest holds the schedule): sent once by hand. */
  | { kind: "sent"; result: RedeliveryResult };

/**
 * "Retry now" on a delivery that is waiting for its next automatic attempt. The attempt that was
 * scheduled runs now instead of later: its event's delivery job, still pending, is made due and
 * the runners are woken, so no attempt is added and the five automatic attempts stay five.
 * When that job cannot be moved (an attempt is running right now, or Inngest holds the
 * schedule) the delivery is sent once as a manual attempt, which never counts as automatic.
 */
export async function retryDeliveryNow(orgId: string, deliveryId: string): Promise<RetryNowResult> {
  // The lease, taken under the row's lock as the scheduler takes a job's: of concurrent clicks
  // exactly one gets it and runs an attempt; the others are told one is under way.
  const delivery = await leasePendingDelivery(orgId, deliveryId, RETRY_NOW_LEASE_SECONDS);
  if (!delivery) {
    const waiting = await db.webhookDelivery.count({ where: { id: deliveryId, orgId, status: "pending" } });
    if (waiting === 0) throw new DeliveryNotRetryingError(deliveryId);
    return { kind: "already_retrying" };
  }
  const moved = await db.$transaction(async (tx) => {
    const updated = await tx.job.updateMany({
      where: {
        dedupeKey: `deliver:${delivery.outboxEventId}`,
        name: deliverEventJob.name,
        status: "pending",
        runAt: { gt: new Date() },
      },
      data: { runAt: new Date() },
    });
    if (updated.count > 0) await notifyJobRunners(tx, deliverEventJob.name);
    return updated.count > 0;
  });
  if (moved) return { kind: "brought_forward", attempt: delivery.attempts + 1 };
  const [result] = await redeliver(orgId, [deliveryId]);
  return { kind: "sent", result };
}
