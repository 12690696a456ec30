import "server-only";
import { db } from "@/lib/platform/db";
import { endpointAttemptRows } from "@/lib/platform/db/webhook-deliveries";

/** Attempts (automatic and manual) counted in an endpoint's recent success rate. */
const HEALTH_WINDOW_MS = 24 * 60 * 60_000;
// Last success and last failure are looked for this far back: attempts belong to deliveries,
// and the (endpointId, createdAt) index bounds the deliveries read.
const HISTORY_MS = 7 * 24 * 60 * 60_000;
/** Failed attempts in the window, with no success among them, that flag an endpoint as failing. */
const FAILING_AFTER = 3;

export type EndpointHealth = {
  endpointId: string;
  /** Attempts in the last 24 hours, and how many of them succeeded. */
  attempts: number;
  successes: number;
  lastSuccessAt: Date | null;
  lastFailure: { at: Date; statusCode: number | null; error: string | null } | null;
  /** Deliveries still being retried automatically. */
  retrying: number;
  /** No success in the window despite FAILING_AFTER or more failed attempts. */
  failing: boolean;
};

/** The health of the organisation's endpoints named, from their deliveries' attempts. */
export async function getEndpointHealth(
  orgId: string,
  endpointIds: string[],
  now = new Date(),
): Promise<Map<string, EndpointHealth>> {
  const health = new Map<string, EndpointHealth>();
  if (endpointIds.length === 0) return health;
  const since = new Date(now.getTime() - HEALTH_WINDOW_MS);
  const history = new Date(now.getTime() - HISTORY_MS);
  const [rows, retrying] = await Promise.all([
    endpointAttemptRows(orgId, endpointIds, since, history),
    db.webhookDelivery.groupBy({
      by: ["endpointId"],
      where: { orgId, endpointId: { in: endpointIds }, status: "pending" },
      _count: { _all: true },
    }),
  ]);
  for (const id of endpointIds) {
    const row = rows.find((r) => r.endpointId === id);
    const attempts = row?.attempts ?? 0;
    const successes = row?.successes ?? 0;
    health.set(id, {
      endpointId: id,
      attempts,
      successes,
      lastSuccessAt: row?.lastSuccessAt ?? null,
      lastFailure: row?.lastFailureAt
        ? { at: row.lastFailureAt, statusCode: row.lastFailureStatus, error: row.lastFailureError }
        : null,
      retrying: retrying.find((r) => r.endpointId === id)?._count._all ?? 0,
      failing: successes === 0 && attempts >= FAILING_AFTER,
    });
  }
  return health;
}
