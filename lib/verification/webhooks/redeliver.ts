import "server-only";
import { db } from "@/lib/platform/db";
import { claimNextAttemptNumber } from "@/lib/platform/db/webhook-deliveries";
import { eventTypeOf } from "@/lib/verification/session-columns";
import { recordAttempt } from "@/lib/verification/webhooks/deliver-event-attempt";
import { openEndpointSecret } from "@/lib/verification/webhooks/endpoint-secret";
import { sendSignedEvent } from "@/lib/verification/webhooks/send-signed-event";

const MAX_REDELIVERIES_PER_CALL = 100;
const REDELIVERY_CONCURRENCY = 8;

export type RedeliveryResult =
  | {
      deliveryId: string;
      outcome: "succeeded" | "failed";
      eventId: string;
      attemptNumber: number;
      statusCode: number | null;
      error: string | null;
    }
  | { deliveryId: string; outcome: "not_found" | "endpoint_deleted"; error: string };

/**
 * Manual redelivery (the dashboard's "redeliver" on dead letters, or a resend of any past
 * delivery): sends each delivery once more, now, with the same event id, signed afresh with a
 * new `t`, and records it as a manual attempt numbered after the delivery's previous ones. A
 * success settles the delivery (it leaves the dead-letter queue); a failure leaves it as it
 * was. Ids of other organisations are reported as not found, exactly like unknown ones.
 *
 * The attempt number is claimed in the database before sending (an atomic increment), not
 * computed from a read: two people pressing "redeliver" at once get two distinct numbers.
 */
export async function redeliver(orgId: string, deliveryIds: string[]): Promise<RedeliveryResult[]> {
  const ids = [...new Set(deliveryIds)];
  if (ids.length > MAX_REDELIVERIES_PER_CALL) {
    throw new RangeError(`At most ${MAX_REDELIVERIES_PER_CALL} deliveries can be redelivered at once.`);
  }
  const rows = await db.webhookDelivery.findMany({
    where: { id: { in: ids }, orgId },
    include: { endpoint: true, event: { include: { session: true } } },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));

  const results: RedeliveryResult[] = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const index = next++;
      const id = ids[index];
      const row = byId.get(id);
      if (!row) {
        results[index] = { deliveryId: id, outcome: "not_found", error: `No such webhook delivery: ${id}` };
        continue;
      }
      if (row.endpoint.deletedAt) {
        results[index] = {
          deliveryId: id,
          outcome: "endpoint_deleted",
          error: "The endpoint of this delivery was deleted.",
        };
        continue;
      }
      // Claimed under the row lock; a redelivery that dies before it is recorded leaves a gap in the numbers.
      const attemptNumber = await claimNextAttemptNumber(id);
      if (attemptNumber === null) {
        results[index] = { deliveryId: id, outcome: "not_found", error: `No such webhook delivery: ${id}` };
        continue;
      }
      const result = await sendSignedEvent({
        url: row.endpoint.url,
        secret: openEndpointSecret(row.endpoint.id, row.endpoint.secretEncrypted),
        eventId: row.eventId,
        type: eventTypeOf(row.event.type),
        session: row.event.session,
      });
      await recordAttempt({ deliveryId: id, attemptNumber, manual: true, result });
      results[index] = {
        deliveryId: id,
        outcome: result.success ? "succeeded" : "failed",
        eventId: row.eventId,
        attemptNumber,
        statusCode: result.statusCode,
        error: result.error,
      };
    }
  };
  await Promise.all(Array.from({ length: Math.min(REDELIVERY_CONCURRENCY, ids.length) }, worker));
  return results;
}
