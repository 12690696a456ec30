import "server-only";
import { db } from "@/lib/platform/db";
import { cancelPendingDeliveriesOfDeletedEndpoints } from "@/lib/platform/db/webhook-deliveries";
import { newId } from "@/lib/platform/ids";
import { webhookEventId } from "@/lib/verification/webhooks/event-id";
import type { KeyMode } from "@/lib/account/keys/key-mode";

export type DeliverableEvent = {
  id: string;
  orgId: string;
  type: string;
  createdAt: Date;
  session: { id: string; mode: KeyMode };
};

/**
 * Makes sure an outbox event has its delivery rows: one per subscribed endpoint that existed
 * when the event happened, and none left pending for an endpoint deleted since. Idempotent,
 * so every attempt (and the final dead-lettering) can call it.
 */
export async function prepareDeliveries(event: DeliverableEvent): Promise<void> {
  await ensureDeliveries(event);
  // Deleting an endpoint cancels its pending deliveries (delete-webhook-endpoint.ts); this
  // catches a row ensureDeliveries created for it while the deletion committed, so no delivery of
  // a deleted endpoint is left pending with nothing to end it.
  await cancelPendingDeliveriesOfDeletedEndpoints(event.id);
}

/**
 * One delivery row per subscribed endpoint that existed when the event happened. Idempotent:
 * later attempts find the rows already there.
 */
async function ensureDeliveries(event: DeliverableEvent) {
  const endpoints = await db.webhookEndpoint.findMany({
    where: {
      orgId: event.orgId,
      mode: event.session.mode,
      events: { has: event.type },
      deletedAt: null,
      createdAt: { lte: event.createdAt },
    },
    select: { id: true },
  });
  if (endpoints.length === 0) return;
  await db.webhookDelivery.createMany({
    data: endpoints.map((endpoint) => ({
      id: newId("whd"),
      eventId: webhookEventId(event.session.id, event.type, endpoint.id),
      outboxEventId: event.id,
      endpointId: endpoint.id,
      orgId: event.orgId,
    })),
    skipDuplicates: true,
  });
}
