// POST /v1/webhook-endpoints
import { commonErrors, error, tooLarge } from "@/lib/edge/openapi/verification/errors";
import { componentRef } from "@/lib/edge/openapi/zod-to-openapi";
import { verificationExamples as examples } from "@/lib/edge/openapi/verification-examples";
import { ok, parameterRef } from "@/lib/edge/openapi/verification/components";

export function createWebhookEndpointOperation() {
  return {
    operationId: "createWebhookEndpoint",
    tags: ["Webhook endpoints"],
    summary: "Register a webhook endpoint",
    parameters: [parameterRef("IdempotencyKey")],
    requestBody: componentRef("requestBodies", "CreateWebhookEndpointBody"),
    responses: {
      ...ok("201", "The endpoint, including its secret (shown only here).", "CreatedWebhookEndpoint", {
        example: examples.createdWebhookEndpoint,
        idempotent: true,
      }),
      ...error(400, "Validation failed (e.g. not https, private address, a body that is not UTF-8).", [
        "parameter_invalid",
      ]),
      ...tooLarge,
      ...commonErrors,
    },
  };
}
