// The Age Verification API as an OpenAPI 3.1 document, built from the zod schemas the
// handlers validate with, so the document and the API cannot drift apart. Each operation is a
// file of its own under verification/ (named by its operationId); this file lays them out by path.
import {
  completeSessionHelperBodySchema,
  createdSessionSchema,
  createSessionBodySchema,
  sessionListSchema,
  sessionSchema,
  webhookEventPayloadSchema,
} from "@/lib/verification/schemas";
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointBodySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from "@/lib/verification/webhooks/schemas";
import { verificationExamples as examples } from "@/lib/edge/openapi/verification-examples";
import { jsonContent, namedSchemas, ref } from "@/lib/edge/openapi/zod-to-openapi";
import { headers, parameters } from "@/lib/edge/openapi/verification/components";
import { errorSchemas, responses } from "@/lib/edge/openapi/verification/errors";
import { createVerificationSessionOperation } from "@/lib/edge/openapi/verification/create-verification-session";
import { listVerificationSessionsOperation } from "@/lib/edge/openapi/verification/list-verification-sessions";
import { retrieveVerificationSessionOperation } from "@/lib/edge/openapi/verification/retrieve-verification-session";
import { createWebhookEndpointOperation } from "@/lib/edge/openapi/verification/create-webhook-endpoint";
import { listWebhookEndpointsOperation } from "@/lib/edge/openapi/verification/list-webhook-endpoints";
import { deleteWebhookEndpointOperation } from "@/lib/edge/openapi/verification/delete-webhook-endpoint";
import { testHelperCompleteSessionOperation } from "@/lib/edge/openapi/verification/test-helper-complete-session";
import { testHelperExpireSessionOperation } from "@/lib/edge/openapi/verification/test-helper-expire-session";

export function buildVerificationDocument(serverUrl?: string) {
  const paths = buildPaths();
  const { schemas, requestBodies } = namedSchemas({
    requestBodies: {
      CreateSessionBody: createSessionBodySchema,
      CreateWebhookEndpointBody: createWebhookEndpointBodySchema,
      CompleteSessionHelperBody: completeSessionHelperBodySchema,
    },
    input: {},
    output: {
      Session: sessionSchema,
      CreatedSession: createdSessionSchema,
      SessionList: sessionListSchema,
      WebhookEndpoint: webhookEndpointSchema,
      CreatedWebhookEndpoint: createdWebhookEndpointSchema,
      WebhookEndpointList: webhookEndpointListSchema,
      WebhookEvent: webhookEventPayloadSchema,
    },
  });
  const bodyExamples: Record<keyof typeof requestBodies, unknown> = {
    CreateSessionBody: examples.createSessionBody,
    CreateWebhookEndpointBody: examples.createWebhookEndpointBody,
    CompleteSessionHelperBody: examples.completeSessionHelperBody,
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Age Verification API",
      version: "1.0.0",
      license: { name: "Proprietary: for integrating with this service", identifier: "LicenseRef-Proprietary" },
      description:
        "Hosted age verification sessions, webhook endpoints and signed webhooks. All paths are under /v1 and " +
        "need `Authorization: Bearer sk_test_...` or `sk_live_...`. Every response carries Request-Id, " +
        "X-RateLimit-Limit and X-RateLimit-Reset, and all but some 500s X-RateLimit-Remaining. A path or method " +
        "under /v1 that is not listed here answers, once authenticated and counted, 404 resource_missing (as " +
        "Stripe does); a listed path asked with a method it does not serve answers 405 method_not_allowed with " +
        "an Allow header naming those it does, and OPTIONS on a listed path answers 204 with the same Allow. " +
        "HEAD on a listed GET path answers as that GET would, without the body (RFC 9110 §9.3.2). A JSON body is read as " +
        "JSON when its Content-Type is application/json, text/plain (UTF-8) or missing.",
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    security: [{ bearerAuth: [] }],
    tags: [
      { name: "Verification sessions", description: "Create sessions, send users to their url, read the outcome." },
      { name: "Webhook endpoints", description: "Where signed events are delivered." },
      { name: "Test helpers", description: "Drive test-mode sessions without a browser (test keys only)." },
    ],
    paths,
    webhooks: Object.fromEntries(
      (["verification_session.completed", "verification_session.expired"] as const).map((type) => [
        type,
        {
          post: {
            operationId:
              type === "verification_session.completed"
                ? "onVerificationSessionCompleted"
                : "onVerificationSessionExpired",
            summary:
              type === "verification_session.completed" ? "A session reached passed or failed" : "A session expired",
            parameters: [
              {
                name: "Service-Signature",
                in: "header",
                required: true,
                description:
                  "t=<unix seconds>,v1=<lowercase hex HMAC-SHA256 of `<t>.<raw body>` keyed with the endpoint's whsec_ secret>. " +
                  "Reject deliveries whose t is more than 300 seconds from now.",
                schema: { type: "string", pattern: "^t=(\\d+),v1=([0-9a-f]+)$" },
              },
              { name: "Service-Event", in: "header", required: true, schema: { type: "string", const: type } },
              {
                name: "Webhook-Id",
                in: "header",
                required: true,
                description:
                  "The event's id (the body's `id`), the same on every attempt: de-duplicate by it. The dashboard shows it beside each delivery.",
                schema: { type: "string" },
              },
            ],
            requestBody: {
              required: true,
              content: jsonContent(
                ref("WebhookEvent"),
                type === "verification_session.completed"
                  ? examples.webhookEvent
                  : {
                      ...examples.webhookEvent,
                      type,
                      data: { ...examples.webhookEvent.data, status: "expired", method: null, confidence: null },
                    },
              ),
            },
            responses: {
              "200": { description: "Any 2xx within 10 seconds acknowledges the delivery." },
              "400": {
                description:
                  "What a receiver should answer to a delivery whose signature does not verify. Anything but a 2xx " +
                  "(or no answer within 10 seconds) is a failed attempt, retried up to 5 times in all.",
              },
            },
          },
        },
      ]),
    ),
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "sk_test_... or sk_live_..." } },
      schemas: { ...schemas, ...errorSchemas },
      requestBodies: Object.fromEntries(
        Object.entries(requestBodies).map(([name, schema]) => [
          name,
          { required: true, content: jsonContent(schema, bodyExamples[name]) },
        ]),
      ),
      responses,
      parameters,
      headers,
    },
  };
}

// Every /v1 operation. (Any other /v1 method or path answers 404 resource_missing: see README.)
function buildPaths() {
  return {
    "/v1/verification-sessions": {
      post: createVerificationSessionOperation(),
      get: listVerificationSessionsOperation(),
    },
    "/v1/verification-sessions/{id}": {
      get: retrieveVerificationSessionOperation(),
    },
    "/v1/webhook-endpoints": {
      post: createWebhookEndpointOperation(),
      get: listWebhookEndpointsOperation(),
    },
    "/v1/webhook-endpoints/{id}": {
      delete: deleteWebhookEndpointOperation(),
    },
    "/v1/test_helpers/verification-sessions/{id}/complete": {
      post: testHelperCompleteSessionOperation(),
    },
    "/v1/test_helpers/verification-sessions/{id}/expire": {
      post: testHelperExpireSessionOperation(),
    },
  };
}
