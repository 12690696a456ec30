import "server-only";
import { listWebhookEndpoints } from "@/lib/verification/webhooks/list-webhook-endpoints";

/** One live endpoint of the organisation (public shape, no secret), or null. */
export async function getWebhookEndpoint(orgId: string, id: string) {
  const { data } = await listWebhookEndpoints(orgId);
  return data.find((endpoint) => endpoint.id === id) ?? null;
}
