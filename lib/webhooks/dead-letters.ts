import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { KeyMode } from "@/lib/keys/key-mode";

export type DeadLetter = {
  deliveryId: string;
  eventId: string;
  eventType: string;
  sessionId: string;
  endpointId: string;
  endpointUrl: string;
  mode: KeyMode;
  attempts: number;
  deadLetteredAt: Date;
  lastError: string | null;
  lastStatusCode: number | null;
};

/**
 * What "open dead letter" means, in one place for the queue and every count of it (the nav
 * badge, the overview, the dead-letter page's total): deliveries of the organisation whose five
 * automatic attempts all failed and that no redelivery has fixed since, on endpoints that still
 * exist (there is nowhere to redeliver to a deleted one).
 */
export function openDeadLetterWhere(orgId: string, endpointId?: string): Prisma.WebhookDeliveryWhereInput {
  return { orgId, status: "dead", endpoint: { deletedAt: null }, ...(endpointId ? { endpointId } : {}) };
}

/** How many open dead letters the organisation (or one of its endpoints) has. */
export async function countOpenDeadLetters(orgId: string, endpointId?: string): Promise<number> {
  return db.webhookDelivery.count({ where: openDeadLetterWhere(orgId, endpointId) });
}

/**
 * The organisation's dead-letter queue, most recent first: deliveries whose five automatic
 * attempts all failed and that no redelivery has fixed since. Endpoints deleted since are
 * left out (there is nowhere to redeliver to). Keyset-paged with `before` = the last row's
 * `deliveryId`, so concurrent dead-lettering does not shift pages.
 */
export async function listDeadLetters(
  orgId: string,
  options: { endpointId?: string; limit?: number; before?: string } = {},
): Promise<{ data: DeadLetter[]; hasMore: boolean }> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 100);
  const anchor = options.before
    ? await db.webhookDelivery.findFirst({ where: { id: options.before, orgId }, select: { id: true, deadLetteredAt: true } })
    : null;
  const rows = await db.webhookDelivery.findMany({
    where: {
      ...openDeadLetterWhere(orgId, options.endpointId),
      ...(anchor?.deadLetteredAt
        ? {
            OR: [
              { deadLetteredAt: { lt: anchor.deadLetteredAt } },
              { deadLetteredAt: anchor.deadLetteredAt, id: { lt: anchor.id } },
            ],
          }
        : {}),
    },
    include: {
      event: { select: { type: true, sessionId: true } },
      endpoint: { select: { url: true, mode: true } },
      deliveryTries: { orderBy: [{ startedAt: "desc" }, { id: "desc" }], take: 1 },
    },
    orderBy: [{ deadLetteredAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  return {
    data: rows.slice(0, limit).map((row) => ({
      deliveryId: row.id,
      eventId: row.eventId,
      eventType: row.event.type,
      sessionId: row.event.sessionId,
      endpointId: row.endpointId,
      endpointUrl: row.endpoint.url,
      mode: row.endpoint.mode,
      attempts: row.attempts,
      deadLetteredAt: row.deadLetteredAt!,
      lastError: row.deliveryTries[0]?.error ?? null,
      lastStatusCode: row.deliveryTries[0]?.statusCode ?? null,
    })),
    hasMore: rows.length > limit,
  };
}
