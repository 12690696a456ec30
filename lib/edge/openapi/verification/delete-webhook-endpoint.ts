// DELETE /v1/webhook-endpoints/{id}
import { commonErrors, error } from "@/lib/edge/openapi/verification/errors";
import { ok, parameterRef } from "@/lib/edge/openapi/verification/components";

export function deleteWebhookEndpointOperation() {
  return {
    operationId: "deleteWebhookEndpoint",
    tags: ["Webhook endpoints"],
    summary: "Delete a webhook endpoint",
    parameters: [parameterRef("EndpointId")],
    responses: {
      ...ok("204", "Deleted."),
      ...error(404, "No endpoint with that id for the organisation."),
      ...commonErrors,
    },
  };
}
