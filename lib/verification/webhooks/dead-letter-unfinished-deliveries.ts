import "server-only";
import { db } from "@/lib/platform/db";
import { prepareDeliveries } from "@/lib/verification/webhooks/prepare-deliveries";

/**
 * Ends the automatic delivery of an outbox event: every delivery still pending becomes a dead
 * letter (one per endpoint that never succeeded), where the dashboard lists it for manual
 * redelivery. Both engines call this when an event's delivery is over without success: after
 * the fifth attempt, and when the delivery job itself fails for good (the embedded runner's
 * last attempt threw or its worker died; Inngest's onFailure), since otherwise those
 * deliveries would stay pending forever, outside the dead-letter queue.
 *
 * The delivery rows are made first if no attempt got that far. Deliveries to endpoints deleted
 * meanwhile are cancelled, not dead-lettered: nobody can redeliver to them. Idempotent;
 * returns how many deliveries it moved to the dead-letter queue.
 */
export async function deadLetterUnfinishedDeliveries(outboxEventId: string): Promise<number> {
  const event = await db.event.findUnique({ where: { id: outboxEventId }, include: { session: true } });
  if (!event) return 0;
  await prepareDeliveries(event);
  return deadLetterPendingDeliveries(outboxEventId);
}

/** The last step of the above, for a caller that has just prepared the event's deliveries. */
export async function deadLetterPendingDeliveries(outboxEventId: string): Promise<number> {
  const { count } = await db.webhookDelivery.updateMany({
    where: { outboxEventId, status: "pending", endpoint: { deletedAt: null } },
    data: { status: "dead", deadLetteredAt: new Date() },
  });
  return count;
}
