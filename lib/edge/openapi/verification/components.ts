// Headers and parameters of the /v1 API stated once and referenced wherever they are used, and
// the success answer every operation builds on.
import { EXAMPLE_ID_TAIL } from "@/lib/edge/openapi/verification-examples";
import { requestIdHeader } from "@/lib/edge/openapi/request-id-header";
import { componentRef, jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";

// Reusable headers, stated once and referenced. Every /v1 response carries the X-RateLimit-*
// headers (Remaining is the one a 500 may lack) and a Request-Id.
export const headers = {
  RequestId: requestIdHeader,
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
export type HeaderName = keyof typeof headers;
export const headerRefs = (named: Record<string, HeaderName>) =>
  Object.fromEntries(Object.entries(named).map(([name, id]) => [name, componentRef("headers", id)]));

export const everyAnswer = {
  "Request-Id": "RequestId",
  "X-RateLimit-Limit": "RateLimitLimit",
  "X-RateLimit-Remaining": "RateLimitRemaining",
  "X-RateLimit-Reset": "RateLimitReset",
} as const satisfies Record<string, HeaderName>;

export const parameters = {
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

export const parameterRef = (name: keyof typeof parameters) => componentRef("parameters", name);

/**
 * How a generator pages a list (docs/api-reference.md#pagination): Speakeasy's extension, the one
 * a generator reads without configuration, naming the cursor and page-size parameters and where
 * the next cursor and the items are in the answer. Plain data, readable by any other tool.
 */
export const cursorPagination = {
  type: "cursor",
  inputs: [
    { name: parameters.Cursor.name, in: "parameters", type: "cursor" },
    { name: parameters.Limit.name, in: "parameters", type: "limit" },
  ],
  outputs: { nextCursor: "$.next_cursor", results: "$.data" },
};

/** A success: every answer's headers, plus Idempotent-Replayed on the POSTs that take a key. */
export const ok = (
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
