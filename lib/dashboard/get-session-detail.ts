import "server-only";
import { db } from "@/lib/db";
import { listDeliveries } from "@/lib/dashboard/deliveries";
import { ApiError } from "@/lib/api/errors";
import { getSessionOrThrow } from "@/lib/verification/get-session-or-throw";
import { serializeSession } from "@/lib/verification/serialize-session";

/** A session of the organisation as the API returns it, with its events and their deliveries; null if not the org's. */
export async function getSessionDetail(orgId: string, sessionId: string) {
  let row;
  try {
    row = await getSessionOrThrow(orgId, sessionId);
  } catch (error) {
    if (error instanceof ApiError && error.code === "resource_missing") return null;
    throw error;
  }
  const [events, deliveries] = await Promise.all([
    db.event.findMany({
      where: { orgId, sessionId },
      orderBy: { createdAt: "asc" },
      select: { id: true, type: true, createdAt: true },
    }),
    listDeliveries({ orgId, sessionId, limit: 100 }),
  ]);
  return {
    session: serializeSession(row),
    startedAt: row.startedAt,
    events: events.map((e) => ({ ...e, deliveries: deliveries.filter((d) => d.eventType === e.type) })),
  };
}
