import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { DeliveryAttempt } from "@/lib/webhooks/list-delivery-attempts";

// Read model of webhook deliveries for the dashboard pages (session detail, endpoint detail,
// deliveries log). Sending, retrying and redelivering belong to lib/webhooks.

export type DeliveryView = {
  id: string;
  eventId: string;
  eventType: string;
  sessionId: string;
  endpointId: string;
  endpointUrl: string;
  endpointDeleted: boolean;
  status: "pending" | "succeeded" | "dead" | "cancelled";
  attempts: number;
  createdAt: Date;
  lastAttemptAt: Date | null;
  succeededAt: Date | null;
  deadLetteredAt: Date | null;
  tries: DeliveryAttempt[];
};

const include = {
  event: { select: { type: true, sessionId: true } },
  endpoint: { select: { url: true, deletedAt: true } },
  deliveryTries: { orderBy: { startedAt: "desc" } },
} satisfies Prisma.WebhookDeliveryInclude;

type Row = Prisma.WebhookDeliveryGetPayload<{ include: typeof include }>;

function toView(row: Row): DeliveryView {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.event.type,
    sessionId: row.event.sessionId,
    endpointId: row.endpointId,
    endpointUrl: row.endpoint.url,
    endpointDeleted: Boolean(row.endpoint.deletedAt),
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt,
    lastAttemptAt: row.lastAttemptAt,
    succeededAt: row.succeededAt,
    deadLetteredAt: row.deadLetteredAt,
    tries: row.deliveryTries.map((t) => ({
      id: t.id,
      attemptNumber: t.attemptNumber,
      manual: t.manual,
      startedAt: t.startedAt,
      durationMs: t.durationMs,
      statusCode: t.statusCode,
      error: t.error,
      responseExcerpt: t.responseExcerpt,
      success: t.success,
    })),
  };
}

/** Deliveries of one organisation, newest first, optionally for one session, endpoint or status. */
export async function listDeliveries(input: {
  orgId: string;
  sessionId?: string;
  endpointId?: string;
  status?: "pending" | "succeeded" | "dead" | "cancelled";
  limit?: number;
}): Promise<DeliveryView[]> {
  const rows = await db.webhookDelivery.findMany({
    where: {
      orgId: input.orgId,
      ...(input.endpointId ? { endpointId: input.endpointId } : {}),
      ...(input.status ? { status: input.status } : {}),
      ...(input.sessionId ? { event: { sessionId: input.sessionId } } : {}),
    },
    include,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.limit ?? 50,
  });
  return rows.map(toView);
}
