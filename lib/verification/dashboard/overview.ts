import "server-only";
import { db } from "@/lib/platform/db";
import { currentUsage } from "@/lib/account/rate-limit/consume-rate-limit";
import { countOpenDeadLetters } from "@/lib/verification/webhooks/deliveries";
import { getEndpointHealth } from "@/lib/verification/webhooks/endpoint-health";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import type { SessionStatus } from "@/lib/verification/schemas";
import { statusOf } from "@/lib/verification/session-columns";

type DeliveryStatus = "pending" | "succeeded" | "dead" | "cancelled";

/** Everything the overview page shows, for one organisation. */
export async function getOverview(orgId: string, now = new Date()) {
  const since = new Date(now.getTime() - 24 * 60 * 60_000);
  const [usage, keys, endpoints, sessionsByStatus, deadLetters, deliveries, failingEndpoints] = await Promise.all([
    currentUsage(orgId, now.getTime()),
    db.apiKey.groupBy({
      by: ["mode"],
      where: { orgId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      _count: { _all: true },
    }),
    db.webhookEndpoint.count({ where: { orgId, deletedAt: null } }),
    db.verificationSession.groupBy({
      by: ["status"],
      where: { orgId, createdAt: { gte: since } },
      _count: { _all: true },
    }),
    countOpenDeadLetters(orgId),
    db.webhookDelivery.groupBy({ by: ["status"], where: { orgId, createdAt: { gte: since } }, _count: { _all: true } }),
    listFailingEndpoints(orgId, now),
  ]);
  const keyCount = (mode: KeyMode) => keys.find((k) => k.mode === mode)?._count._all ?? 0;
  const sessions: Partial<Record<SessionStatus, number>> = {};
  for (const group of sessionsByStatus) sessions[statusOf(group.status)] = group._count._all;
  const deliveryCounts: Partial<Record<DeliveryStatus, number>> = {};
  for (const group of deliveries) deliveryCounts[group.status] = group._count._all;
  return {
    usage,
    keys: { test: keyCount("test"), live: keyCount("live") },
    endpoints,
    sessions24h: sessions,
    sessions24hTotal: Object.values(sessions).reduce((a, b) => a + (b ?? 0), 0),
    deliveries24h: deliveryCounts,
    deadLetters,
    failingEndpoints,
  };
}

/** The organisation's endpoints that keep failing (see getEndpointHealth), for the overview's warning. */
async function listFailingEndpoints(orgId: string, now: Date) {
  const endpoints = await db.webhookEndpoint.findMany({
    where: { orgId, deletedAt: null },
    select: { id: true, url: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const health = await getEndpointHealth(
    orgId,
    endpoints.map((endpoint) => endpoint.id),
    now,
  );
  return endpoints.filter((endpoint) => health.get(endpoint.id)?.failing);
}
