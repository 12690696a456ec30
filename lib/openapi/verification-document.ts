// The Age Verification API as an OpenAPI 3.1 document, built from the zod schemas the
// handlers validate with, so the document and the API cannot drift apart.
import { MAX_BODY_BYTES } from "@/lib/http/read-json";
import {
  errorEnvelopeSchema,
  VERIFICATION_ERRORS,
  verificationErrorCodesFor,
  verificationErrorSchemaFor,
  type VerificationErrorCode,
} from "@/lib/api/errors";
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
} from "@/lib/webhooks/schemas";
import { jsonContent, jsonSchema, ref } from "@/lib/openapi/zod-to-openapi";

// Every /v1 response carries these. Remaining is the one a response may lack: see the 500.
const rateLimitHeaders = {
  "X-RateLimit-Limit": {
    required: true,
    description: "Requests allowed per minute for the organisation (the configured limit).",
    schema: { type: "integer" },
  },
  "X-RateLimit-Remaining": {
    required: true,
    description: "Requests left in the current window.",
    schema: { type: "integer" },
  },
  "X-RateLimit-Reset": {
    required: true,
    description: "Unix time (seconds) when the current one-minute window ends.",
    schema: { type: "integer" },
  },
};

// One error schema per status (and narrower where an operation can only give some of that
// status's codes), made from the same code table as the error mapper (VERIFICATION_ERRORS).
const errorSchemas: Record<string, ReturnType<typeof jsonSchema>> = {};

function errorSchemaRef(status: number, codes: VerificationErrorCode[]) {
  const all = verificationErrorCodesFor(status);
  const unknown = codes.filter((code) => VERIFICATION_ERRORS[code].status !== status);
  if (unknown.length > 0) throw new Error(`${unknown.join(", ")} is not a ${status} error code`);
  const name = codes.length === all.length ? `Error${status}` : `Error${status}.${codes.join(".")}`;
  errorSchemas[name] ??= jsonSchema(verificationErrorSchemaFor(codes), "output");
  return ref(name);
}

const error = (
  status: number,
  description: string,
  codes: VerificationErrorCode[] = verificationErrorCodesFor(status),
  headers: Record<string, unknown> = rateLimitHeaders,
) => ({
  [String(status)]: {
    description: `${description} error.code: ${codes.join(" or ")}.`,
    headers,
    content: jsonContent(errorSchemaRef(status, codes)),
  },
});

const commonErrors = {
  ...error(
    401,
    "Missing, malformed, unknown or revoked API key. The X-RateLimit-* headers describe the client address's " +
      "budget for requests without a valid key.",
    ["invalid_api_key"],
    {
      ...rateLimitHeaders,
      "WWW-Authenticate": { required: true, description: 'Bearer realm="v1"', schema: { type: "string" } },
    },
  ),
  ...error(429, "Rate limit exceeded (100 requests per minute per organisation by default).", ["rate_limited"], {
    ...rateLimitHeaders,
    "Retry-After": { required: true, description: "Seconds until the window resets.", schema: { type: "integer" } },
  }),
  ...error(500, "Failure on the service side; safe to retry. Details are logged, never returned.", ["internal_error"], {
    ...rateLimitHeaders,
    "X-RateLimit-Remaining": {
      required: false,
      description:
        "Requests left in the current window. Absent when the failure happened before the request could be " +
        "counted (e.g. the database was unreachable while checking the key); X-RateLimit-Limit and " +
        "X-RateLimit-Reset are always sent.",
      schema: { type: "integer" },
    },
  }),
};

/** Every POST reads its body (at most MAX_BODY_BYTES); a bigger one is refused before it is read whole. */
const tooLarge = error(413, `The body is larger than ${MAX_BODY_BYTES / 1024} KB.`, ["request_too_large"]);

const idempotencyKey = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Makes the POST safe to retry: the same key with the same body replays the first response for 24 hours " +
    "(with Idempotent-Replayed: true); the same key with a different body is a 400 parameter_invalid.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

const idParam = (description: string) => ({
  name: "id",
  in: "path",
  required: true,
  description,
  schema: { type: "string" },
});

const ok = (status: string, description: string, schemaName?: string) => ({
  [status]: {
    description,
    headers: rateLimitHeaders,
    ...(schemaName ? { content: jsonContent(ref(schemaName)) } : {}),
  },
});

export function buildVerificationDocument(serverUrl?: string) {
  const paths = buildPaths();
  return {
    openapi: "3.1.0",
    info: {
      title: "Age Verification API",
      version: "1.0.0",
      description:
        "Hosted age verification sessions, webhook endpoints and signed webhooks. All paths are under /v1 and " +
        "need `Authorization: Bearer sk_test_...` or `sk_live_...`. Every response carries X-RateLimit-Limit and " +
        "X-RateLimit-Reset, and all but some 500s X-RateLimit-Remaining. A path or method under /v1 that is not " +
        "listed here answers, once authenticated and counted, 404 resource_missing (as Stripe does), never 405. " +
        "HEAD on a listed GET path answers as that GET would, without the body (RFC 9110 §9.3.2); HEAD elsewhere " +
        "under /v1 is 404 like any unlisted method.",
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
      ["verification_session.completed", "verification_session.expired"].map((type) => [
        type,
        {
          post: {
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
            requestBody: { required: true, content: jsonContent(ref("WebhookEvent")) },
            responses: { "200": { description: "Any 2xx within 10 seconds acknowledges the delivery." } },
          },
        },
      ]),
    ),
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "sk_test_... or sk_live_..." } },
      schemas: {
        CreateSessionBody: jsonSchema(createSessionBodySchema, "input"),
        CreateWebhookEndpointBody: jsonSchema(createWebhookEndpointBodySchema, "input"),
        CompleteSessionHelperBody: jsonSchema(completeSessionHelperBodySchema, "input"),
        Session: jsonSchema(sessionSchema, "output"),
        CreatedSession: jsonSchema(createdSessionSchema, "output"),
        SessionList: jsonSchema(sessionListSchema, "output"),
        WebhookEndpoint: jsonSchema(webhookEndpointSchema, "output"),
        CreatedWebhookEndpoint: jsonSchema(createdWebhookEndpointSchema, "output"),
        WebhookEndpointList: jsonSchema(webhookEndpointListSchema, "output"),
        WebhookEvent: jsonSchema(webhookEventPayloadSchema, "output"),
        Error: jsonSchema(errorEnvelopeSchema, "output"),
        ...errorSchemas,
      },
    },
  };
}

// Every /v1 operation. (Any other /v1 method or path answers 404 resource_missing: see README.)
function buildPaths() {
  return {
    "/v1/verification-sessions": {
      post: {
        operationId: "createVerificationSession",
        tags: ["Verification sessions"],
        summary: "Create a verification session",
        parameters: [idempotencyKey],
        requestBody: { required: true, content: jsonContent(ref("CreateSessionBody")) },
        responses: {
          ...ok("201", "The session, with its one-time hosted url.", "CreatedSession"),
          ...error(
            400,
            "Validation failed (a body that is not UTF-8 included) or Idempotency-Key reused with a different body.",
            ["parameter_invalid"],
          ),
          ...tooLarge,
          ...commonErrors,
        },
      },
      get: {
        operationId: "listVerificationSessions",
        tags: ["Verification sessions"],
        summary: "List sessions, newest first",
        parameters: [
          {
            name: "limit",
            in: "query",
            required: false,
            schema: { type: "integer", minimum: 1, maximum: 100, default: 20 },
          },
          {
            name: "cursor",
            in: "query",
            required: false,
            description: "next_cursor of the previous page.",
            schema: { type: "string" },
          },
        ],
        responses: {
          ...ok("200", "A page of sessions.", "SessionList"),
          ...error(400, "Bad limit (parameter_invalid) or a malformed, tampered or foreign cursor (cursor_invalid)."),
          ...commonErrors,
        },
      },
    },
    "/v1/verification-sessions/{id}": {
      get: {
        operationId: "retrieveVerificationSession",
        tags: ["Verification sessions"],
        summary: "Retrieve a session",
        parameters: [idParam("Session id (vs_...).")],
        responses: {
          ...ok("200", "The session.", "Session"),
          ...error(404, "No session with that id for the organisation."),
          ...commonErrors,
        },
      },
    },
    "/v1/webhook-endpoints": {
      post: {
        operationId: "createWebhookEndpoint",
        tags: ["Webhook endpoints"],
        summary: "Register a webhook endpoint",
        parameters: [idempotencyKey],
        requestBody: { required: true, content: jsonContent(ref("CreateWebhookEndpointBody")) },
        responses: {
          ...ok("201", "The endpoint, including its secret (shown only here).", "CreatedWebhookEndpoint"),
          ...error(400, "Validation failed (e.g. not https, private address, a body that is not UTF-8).", [
            "parameter_invalid",
          ]),
          ...tooLarge,
          ...commonErrors,
        },
      },
      get: {
        operationId: "listWebhookEndpoints",
        tags: ["Webhook endpoints"],
        summary: "List webhook endpoints (without secrets)",
        responses: { ...ok("200", "The organisation's endpoints.", "WebhookEndpointList"), ...commonErrors },
      },
    },
    "/v1/webhook-endpoints/{id}": {
      delete: {
        operationId: "deleteWebhookEndpoint",
        tags: ["Webhook endpoints"],
        summary: "Delete a webhook endpoint",
        parameters: [idParam("Endpoint id (whe_...).")],
        responses: {
          ...ok("204", "Deleted."),
          ...error(404, "No endpoint with that id for the organisation."),
          ...commonErrors,
        },
      },
    },
    "/v1/test_helpers/verification-sessions/{id}/complete": {
      post: {
        operationId: "testHelperCompleteSession",
        tags: ["Test helpers"],
        summary: "Test mode: complete a session with a pass or fail",
        parameters: [idParam("Test-mode session id."), idempotencyKey],
        requestBody: { required: true, content: jsonContent(ref("CompleteSessionHelperBody")) },
        responses: {
          ...ok("200", "The session after the transition.", "Session"),
          ...error(400, "Live key or session, terminal session, or bad body.", ["parameter_invalid"]),
          ...tooLarge,
          ...error(404, "No such session."),
          ...commonErrors,
        },
      },
    },
    "/v1/test_helpers/verification-sessions/{id}/expire": {
      post: {
        operationId: "testHelperExpireSession",
        tags: ["Test helpers"],
        summary: "Test mode: expire a session now",
        parameters: [idParam("Test-mode session id."), idempotencyKey],
        responses: {
          ...ok("200", "The session after the transition.", "Session"),
          ...error(400, "Live key or session, or terminal session.", ["parameter_invalid"]),
          ...tooLarge,
          ...error(404, "No such session."),
          ...commonErrors,
        },
      },
    },
  };
}
