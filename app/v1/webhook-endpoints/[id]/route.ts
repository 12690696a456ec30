import { withApiKey } from "@/lib/api/with-api-key";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";

export const DELETE = withApiKey<{ id: string }>(async ({ principal, params }) => {
  await deleteWebhookEndpoint(principal.orgId, params.id);
  return new Response(null, { status: 204 });
});
