// Examples for the Age Verification document: what a test-mode integration sends and gets back.
// tests/openapi/examples.test.ts validates every one against the schema it illustrates.
import { VERIFICATION_ERRORS, type VerificationErrorCode } from "@/lib/verification/errors";

export const EXAMPLE_ID_TAIL = "4eC39HqLyjWDarjtT1zdp7dc";

const session = {
  id: `vs_${EXAMPLE_ID_TAIL}`,
  status: "passed",
  required_age: 18,
  methods: ["face_estimation", "id_document"],
  return_url: "https://shop.example/checkout/done",
  locale: "fr",
  mode: "test",
  outcome: { method: "face_estimation", result: "pass", confidence: "high", completed_at: "2026-11-25T10:04:12.345Z" },
  attempts: 1,
  created_at: "2026-11-25T10:00:00.000Z",
  expires_at: "2026-11-25T10:30:00.000Z",
  metadata: { order_id: "1042" },
};

const { outcome: _outcome, attempts: _attempts, ...unfinished } = session;

const endpoint = {
  id: `whe_${EXAMPLE_ID_TAIL}`,
  url: "https://shop.example/webhooks/age",
  events: ["verification_session.completed", "verification_session.expired"],
  mode: "test",
  created_at: "2026-11-25T09:00:00.000Z",
};

export const verificationExamples = {
  createSessionBody: {
    required_age: 18,
    return_url: "https://shop.example/checkout/done",
    metadata: { order_id: "1042" },
    locale: "fr",
  },
  createdSession: {
    ...unfinished,
    status: "created",
    url: "https://age.example/verify/vst_9gH2kLmN4pQrS6tUvWxY8zAb",
  },
  session,
  expiredSession: { ...unfinished, status: "expired", attempts: 0 },
  sessionList: { data: [session], next_cursor: null, has_more: false },
  createWebhookEndpointBody: { url: "https://shop.example/webhooks/age" },
  createdWebhookEndpoint: { ...endpoint, secret: "whsec_5WbX5kEWLlfzsGNjH64I8lOOqUB6e8FH" },
  webhookEndpointList: { data: [endpoint] },
  completeSessionHelperBody: { result: "pass" },
  webhookEvent: {
    id: `evt_${EXAMPLE_ID_TAIL}`,
    type: "verification_session.completed",
    created: "2026-11-25T10:04:12.345Z",
    data: {
      id: session.id,
      status: "passed",
      required_age: 18,
      method: "face_estimation",
      confidence: "high",
      mode: "test",
      metadata: { order_id: "1042" },
    },
  },
};

const errorMessages: Record<VerificationErrorCode, { message: string; param?: string }> = {
  invalid_api_key: { message: "Invalid API key provided." },
  parameter_invalid: { message: "required_age must be 16 or 18.", param: "required_age" },
  cursor_invalid: { message: "The cursor is malformed or has expired.", param: "cursor" },
  resource_missing: { message: `No such verification session: vs_${EXAMPLE_ID_TAIL}`, param: "id" },
  method_not_allowed: {
    message: "PUT is not supported on /v1/verification-sessions; use GET, HEAD, POST, OPTIONS.",
  },
  request_too_large: { message: "Request body is larger than 256 KB." },
  rate_limited: { message: "Too many requests: at most 100 per minute for the organisation." },
  internal_error: { message: "An internal error occurred." },
};

/** An error envelope as the API writes it for this code. */
export function errorExample(code: VerificationErrorCode) {
  return { error: { type: VERIFICATION_ERRORS[code].type, code, ...errorMessages[code] } };
}
