import { withApiKey } from "@/lib/edge/api/with-api-key";
import { unrecognizedRequest } from "@/lib/edge/api/unrecognized-request";
import { createWebhookEndpointBodySchema } from "@/lib/verification/webhooks/schemas";
import { createWebhookEndpoint } from "@/lib/verification/webhooks/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/lib/verification/webhooks/list-webhook-endpoints";

export const dynamic = "force-dynamic";

export const POST = withApiKey(async ({ principal, json }) => {
  const body = createWebhookEndpointBodySchema.parse(json());
  return Response.json(await createWebhookEndpoint({ orgId: principal.orgId, mode: principal.mode, body }), {
    status: 201,
  });
});

export const GET = withApiKey(async ({ principal }) => {
  return Response.json(await listWebhookEndpoints(principal.orgId));
});

export {
  unrecognizedRequest as PUT,
  unrecognizedRequest as PATCH,
  unrecognizedRequest as DELETE,
  unrecognizedRequest as OPTIONS,
};
