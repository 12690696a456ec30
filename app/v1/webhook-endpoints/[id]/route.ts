import { withApiKey } from "@/lib/edge/api/with-api-key";
import { unrecognizedRequest } from "@/lib/edge/api/unrecognized-request";
import { deleteWebhookEndpoint } from "@/lib/verification/webhooks/delete-webhook-endpoint";

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
