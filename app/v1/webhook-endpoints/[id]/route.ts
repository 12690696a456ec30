import { withApiKey } from "@/lib/api/with-api-key";
import { unrecognizedRequest } from "@/lib/api/unrecognized-request";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-webhook-endpoint";

export const dynamic = "force-dynamic";

export const DELETE = withApiKey<{ id: string }>(async ({ principal, params }) => {
  await deleteWebhookEndpoint(principal.orgId, params.id);
  return new Response(null, { status: 204 });
});

export {
  unrecognizedRequest as GET,
  unrecognizedRequest as POST,
  unrecognizedRequest as PUT,
  unrecognizedRequest as PATCH,
  unrecognizedRequest as OPTIONS,
};
