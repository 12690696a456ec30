// The Age Verification API as an OpenAPI 3.1 document, built from the zod schemas the
// handlers validate with, so the document and the API cannot drift apart.
import { MAX_BODY_BYTES } from "@/lib/platform/http/read-json";
import {
  VERIFICATION_ERRORS,
  verificationErrorCodesFor,
  verificationErrorSchemaFor,
  type VerificationErrorCode,
} from "@/lib/verification/errors";
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
  MAX_ENDPOINTS_PER_MODE,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from "@/lib/verification/webhooks/schemas";
import {
  EXAMPLE_ID_TAIL,
  errorExample,
  verificationExamples as examples,
} from "@/lib/edge/openapi/verification-examples";
import { componentRef, jsonContent, jsonSchema, namedSchemas, ref } from "@/lib/edge/openapi/zod-to-openapi";

// Reusable headers, stated once and referenced. Every /v1 response carries the X-RateLimit-*
// headers (Remaining is the one a 500 may lack) and a Request-Id.
const headers = {
  RequestId: {
    required: true,
    description: "This request's id (req_ + 24 characters), as in the server's logs: quote it to support.",
    schema: { type: "string", pattern: "^req_[A-Za-z0-9]{24}$" },
  },
  RateLimitLimit: {
    required: true,
    description: "Requests allowed per minute for the organisation (the configured limit).",
    schema: { type: "integer" },
  },
  RateLimitRemaining: {
    required: true,
    description: "Requests left in the current window.",
    schema: { type: "integer" },
  },
  RateLimitRemainingIfCounted: {
    required: false,
    description:
      "Requests left in the current window. Absent when the failure happened before the request could be " +
      "counted (e.g. the database was unreachable while checking the key); X-RateLimit-Limit and " +
      "X-RateLimit-Reset are always sent.",
    schema: { type: "integer" },
  },
  RateLimitReset: {
    required: true,
    description: "Unix time (seconds) when the current one-minute window ends.",
    schema: { type: "integer" },
  },
  IdempotentReplayed: {
    required: false,
    description: "true when this is the stored response to an earlier request with the same Idempotency-Key.",
    schema: { type: "string", const: "true" },
  },
  RetryAfter: { required: true, description: "Seconds until the window resets.", schema: { type: "integer" } },
  WwwAuthenticate: { required: true, description: 'Bearer realm="v1"', schema: { type: "string" } },
  Allow: { required: true, description: "The methods this path serves.", schema: { type: "string" } },
  RetryAfterInternal: {
    required: false,
    description:
      "Seconds to wait before retrying. Sent with every 500 internal_error the API maps itself (for example the " +
      "database out of reach, which a request waits on for at most a few seconds).",
    schema: { type: "integer" },
  },
};
type HeaderName = keyof typeof headers;
const headerRefs = (named: Record<string, HeaderName>) =>
  Object.fromEntries(Object.entries(named).map(([name, id]) => [name, componentRef("headers", id)]));

const everyAnswer = {
  "Request-Id": "RequestId",
  "X-RateLimit-Limit": "RateLimitLimit",
  "X-RateLimit-Remaining": "RateLimitRemaining",
  "X-RateLimit-Reset": "RateLimitReset",
} as const satisfies Record<string, HeaderName>;

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

const errorResponse = (
  status: number,
  description: string,
  codes: VerificationErrorCode[] = verificationErrorCodesFor(status),
  named: Record<string, HeaderName> = everyAnswer,
) => ({
  description: `${description} error.code: ${codes.join(" or ")}.`,
  headers: headerRefs(named),
  content: jsonContent(errorSchemaRef(status, codes), errorExample(codes[0])),
});

const error = (...args: Parameters<typeof errorResponse>) => ({ [String(args[0])]: errorResponse(...args) });

// The answers every operation can give, stated once in components.responses.
const responses = {
  Unauthorized: errorResponse(
    401,
    "Missing, malformed, unknown or revoked API key. The X-RateLimit-* headers describe the client address's " +
      "budget for requests without a valid key.",
    ["invalid_api_key"],
    { ...everyAnswer, "WWW-Authenticate": "WwwAuthenticate" },
  ),
  RateLimited: errorResponse(
    429,
    "Rate limit exceeded (100 requests per minute per organisation by default).",
    ["rate_limited"],
    { ...everyAnswer, "Retry-After": "RetryAfter" },
  ),
  InternalError: errorResponse(
    500,
    "Failure on the service side; safe to retry. Details are logged, never returned.",
    ["internal_error"],
    { ...everyAnswer, "X-RateLimit-Remaining": "RateLimitRemainingIfCounted", "Retry-After": "RetryAfterInternal" },
  ),
  /**
   * A listed path asked with a method it does not serve. Stated once here, not per method: listed
   * per method it would give generated clients an operation that can only fail.
   */
  MethodNotAllowed: errorResponse(
    405,
    "Not a method of this path; Allow lists those that are.",
    ["method_not_allowed"],
    {
      ...everyAnswer,
      Allow: "Allow",
    },
  ),
  AllowedMethods: {
    description:
      "OPTIONS on a listed path (authenticated and counted like any request): no body; Allow lists the methods.",
    headers: headerRefs({ ...everyAnswer, Allow: "Allow" }),
  },
  /** Every POST reads its body (at most MAX_BODY_BYTES); a bigger one is refused before it is read whole. */
  TooLarge: errorResponse(413, `The body is larger than ${MAX_BODY_BYTES / 1024} KB.`, ["request_too_large"]),
};

const commonErrors = {
  "401": componentRef("responses", "Unauthorized"),
  "429": componentRef("responses", "RateLimited"),
  "500": componentRef("responses", "InternalError"),
};
const tooLarge = { "413": componentRef("responses", "TooLarge") };

const parameters = {
  IdempotencyKey: {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description:
      "Makes the POST safe to retry: the same key with the same body replays the first response for 24 hours " +
      "(with Idempotent-Replayed: true); the same key with a different body is a 400 parameter_invalid.",
    schema: { type: "string", minLength: 1, maxLength: 255 },
  },
  SessionId: pathId("Session id (vs_...).", "vs_"),
  EndpointId: pathId("Endpoint id (whe_...).", "whe_"),
  Limit: {
    name: "limit",
    in: "query",
    required: false,
    description: "Page size.",
    schema: { type: "integer", minimum: 1, maximum: 100, default: 20 },
  },
  Cursor: {
    name: "cursor",
    in: "query",
    required: false,
    description: "next_cursor of the previous page. Present but empty is 400 cursor_invalid, never the first page.",
    schema: { type: "string" },
  },
};

function pathId(description: string, prefix: string) {
  return {
    name: "id",
    in: "path",
    required: true,
    description,
    schema: { type: "string" },
    example: `${prefix}${EXAMPLE_ID_TAIL}`,
  };
}

const parameterRef = (name: keyof typeof parameters) => componentRef("parameters", name);

/**
 * How a generator pages a list (docs/api-reference.md#pagination): Speakeasy's extension, the one
 * a generator reads without configuration, naming the cursor and page-size parameters and where
 * the next cursor and the items are in the answer. Plain data, readable by any other tool.
 */
const cursorPagination = {
  type: "cursor",
  inputs: [
    { name: parameters.Cursor.name, in: "parameters", type: "cursor" },
    { name: parameters.Limit.name, in: "parameters", type: "limit" },
  ],
  outputs: { nextCursor: "$.next_cursor", results: "$.data" },
};

/** A success: every answer's headers, plus Idempotent-Replayed on the POSTs that take a key. */
const ok = (
  status: string,
  description: string,
  schemaName?: string,
  options: { example?: unknown; idempotent?: boolean } = {},
) => ({
  [status]: {
    description,
    headers: headerRefs(
      options.idempotent ? { ...everyAnswer, "Idempotent-Replayed": "IdempotentReplayed" } : everyAnswer,
    ),
    ...(schemaName ? { content: jsonContent(ref(schemaName), options.example) } : {}),
  },
});

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
          { required: true, content: jsonContent(schema, bodyExamples[name as keyof typeof requestBodies]) },
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
      post: {
        operationId: "createVerificationSession",
        tags: ["Verification sessions"],
        summary: "Create a verification session",
        parameters: [parameterRef("IdempotencyKey")],
        requestBody: componentRef("requestBodies", "CreateSessionBody"),
        responses: {
          ...ok("201", "The session, with its one-time hosted url.", "CreatedSession", {
            example: examples.createdSession,
            idempotent: true,
          }),
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
        description:
          "Keyset pages, newest first: pass a page's next_cursor as `cursor` for the next one, until has_more is " +
          "false (next_cursor is then null). Sessions created while a client pages never shift it: nothing is " +
          "skipped or repeated.",
        parameters: [parameterRef("Limit"), parameterRef("Cursor")],
        "x-speakeasy-pagination": cursorPagination,
        responses: {
          ...ok("200", "A page of sessions.", "SessionList", { example: examples.sessionList }),
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
        parameters: [parameterRef("SessionId")],
        responses: {
          ...ok("200", "The session.", "Session", { example: examples.session }),
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
      },
      get: {
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
      },
    },
    "/v1/webhook-endpoints/{id}": {
      delete: {
        operationId: "deleteWebhookEndpoint",
        tags: ["Webhook endpoints"],
        summary: "Delete a webhook endpoint",
        parameters: [parameterRef("EndpointId")],
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
        parameters: [parameterRef("SessionId"), parameterRef("IdempotencyKey")],
        requestBody: componentRef("requestBodies", "CompleteSessionHelperBody"),
        responses: {
          ...ok("200", "The session after the transition.", "Session", { example: examples.session, idempotent: true }),
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
        parameters: [parameterRef("SessionId"), parameterRef("IdempotencyKey")],
        responses: {
          ...ok("200", "The session after the transition.", "Session", {
            example: examples.expiredSession,
            idempotent: true,
          }),
          ...error(400, "Live key or session, or terminal session.", ["parameter_invalid"]),
          ...tooLarge,
          ...error(404, "No such session."),
          ...commonErrors,
        },
      },
    },
  };
}
