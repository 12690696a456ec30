import "server-only";
import { db } from "@/lib/platform/db";
import { serializeWebhookEndpoint } from "@/lib/verification/webhooks/serialize-webhook-endpoint";

/** The organisation's live (not deleted) endpoints of both modes, newest first, without secrets. */
export async function listWebhookEndpoints(orgId: string) {
  const rows = await db.webhookEndpoint.findMany({
    where: { orgId, deletedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return { data: rows.map(serializeWebhookEndpoint) };
}
