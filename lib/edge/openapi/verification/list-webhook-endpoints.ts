// GET /v1/webhook-endpoints
import { MAX_ENDPOINTS_PER_MODE } from "@/lib/verification/webhooks/schemas";
import { commonErrors } from "@/lib/edge/openapi/verification/errors";
import { verificationExamples as examples } from "@/lib/edge/openapi/verification-examples";
import { ok } from "@/lib/edge/openapi/verification/components";

export function listWebhookEndpointsOperation() {
  return {
    operationId: "listWebhookEndpoints",
    tags: ["Webhook endpoints"],
    summary: "List webhook endpoints (without secrets)",
    description:
      "All endpoints of the organisation, whichever key asks. Each endpoint receives only the events of " +
      "sessions in its `mode` (the mode of the key that registered it): test endpoints test events, live " +
      `endpoints live events. Not paged: at most ${MAX_ENDPOINTS_PER_MODE} endpoints per mode, all in one answer.`,
    responses: {
      ...ok("200", "The organisation's endpoints.", "WebhookEndpointList", {
        example: examples.webhookEndpointList,
      }),
      ...commonErrors,
    },
  };
}
