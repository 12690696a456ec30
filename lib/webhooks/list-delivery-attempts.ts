import "server-only";
import { db } from "@/lib/db";

/** One recorded attempt to deliver an event to an endpoint. */
export type DeliveryAttempt = {
  id: string;
  attemptNumber: number;
  manual: boolean;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
  success: boolean;
};

/** An attempt with what it was delivering, and where. */
export type DeliveryAttemptRecord = DeliveryAttempt & {
  deliveryId: string;
  eventId: string;
  eventType: string;
  sessionId: string;
  endpointId: string;
  endpointUrl: string;
};

/**
 * Every recorded attempt of the organisation, newest first, narrowed to one endpoint, session
 * or delivery when given. Attempts of other organisations never appear, whatever ids are
 * passed.
 */
export async function listDeliveryAttempts(
  orgId: string,
  filter: { endpointId?: string; sessionId?: string; deliveryId?: string; limit?: number } = {},
): Promise<DeliveryAttemptRecord[]> {
  const rows = await db.deliveryAttempt.findMany({
    where: {
      ...(filter.deliveryId ? { deliveryId: filter.deliveryId } : {}),
      delivery: {
        orgId,
        ...(filter.endpointId ? { endpointId: filter.endpointId } : {}),
        ...(filter.sessionId ? { event: { sessionId: filter.sessionId } } : {}),
      },
    },
    include: {
      delivery: {
        select: { eventId: true, endpointId: true, endpoint: { select: { url: true } }, event: { select: { type: true, sessionId: true } } },
      },
    },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(filter.limit ?? 100, 1), 500),
  });
  return rows.map((row) => ({
    id: row.id,
    deliveryId: row.deliveryId,
    eventId: row.delivery.eventId,
    eventType: row.delivery.event.type,
    sessionId: row.delivery.event.sessionId,
    endpointId: row.delivery.endpointId,
    endpointUrl: row.delivery.endpoint.url,
    attemptNumber: row.attemptNumber,
    manual: row.manual,
    startedAt: row.startedAt,
    durationMs: row.durationMs,
    statusCode: row.statusCode,
    error: row.error,
    responseExcerpt: row.responseExcerpt,
    success: row.success,
  }));
}
