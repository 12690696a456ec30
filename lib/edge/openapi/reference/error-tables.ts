// The error tables of the reference at /docs. Status and type come from the tables the error
// mappers answer with (VERIFICATION_ERRORS, VOICE_ERROR_STATUS); only the sentence saying when is
// written here, and the types make one necessary for every code, so a new code cannot be left out.
import { MAX_BODY_BYTES } from "@/lib/platform/http/read-json";
import { VERIFICATION_ERRORS, verificationErrorCodes, type VerificationErrorCode } from "@/lib/verification/errors";
import { VOICE_ERROR_STATUS, voiceErrorCodes, type VoiceErrorCode } from "@/lib/voice/schemas";

export type ErrorRow = { code: string; status: number; type?: string; when: string };

const VERIFICATION_WHEN: Record<VerificationErrorCode, string> = {
  invalid_api_key:
    "The Authorization header is missing or malformed, or names no active key (a revoked key included). Sent with WWW-Authenticate.",
  parameter_invalid:
    "A body or query field failed validation (param names it); an Idempotency-Key reused with a different body; a test helper called with a live key or on a finished session.",
  cursor_invalid:
    "The list cursor is malformed, altered, another organisation's, empty, or older than 24 hours. Start again without one.",
  resource_missing:
    "No session or webhook endpoint with that id in your organisation, or a path that /v1 does not have.",
  method_not_allowed:
    "A /v1 path asked with a method it does not serve (PUT on /v1/verification-sessions). Allow names the methods it does.",
  request_too_large: `The body is larger than ${MAX_BODY_BYTES / 1024} KB; it is refused before it is read whole.`,
  rate_limited: "The organisation's requests this minute are used up. Wait Retry-After seconds.",
  internal_error:
    "A failure on our side, logged with the Request-Id. Safe to retry (a POST with the same Idempotency-Key).",
};

const VOICE_WHEN: Record<VoiceErrorCode, string> = {
  bad_request:
    "Validation failed: text, voice_id, model, output_format or a setting; a prompt set field or CSV row; a body that is not UTF-8 JSON.",
  format_not_in_plan: "The speech provider's plan does not include this output_format.",
  unauthorized: "The x-api-key header is missing or names no active key.",
  forbidden: "A download link expired or was altered. Ask for the audio again for a fresh link.",
  voice_not_found: "voice_id is not a voice of the connected account (or has no local preview).",
  not_found: "No such prompt set in your organisation, no such path, or the file behind a valid link is gone.",
  method_not_allowed: "The path does not serve this method; the Allow header lists those it does.",
  prompt_set_not_ready: "The archive was asked for before every prompt of the set was generated.",
  request_too_large: "The body is larger than the operation accepts; it is refused before it is read whole.",
  rate_limited:
    "The speech provider's concurrency limit (after one retry on our side), or too many requests without a valid key from your address. Wait Retry-After seconds.",
  internal_error: "A failure on our side, logged with the Request-Id. Safe to retry.",
  upstream_error: "The speech provider failed, timed out or sent audio that could not be used.",
};

/** Every /v1 error code in status order, as the API answers it. */
export function verificationErrorRows(): ErrorRow[] {
  return verificationErrorCodes
    .map((code) => ({ code, ...VERIFICATION_ERRORS[code], when: VERIFICATION_WHEN[code] }))
    .sort((a, b) => a.status - b.status);
}

/** Every Voice API error code in status order. */
export function voiceErrorRows(): ErrorRow[] {
  return voiceErrorCodes
    .map((code) => ({ code, status: VOICE_ERROR_STATUS[code], when: VOICE_WHEN[code] }))
    .sort((a, b) => a.status - b.status);
}
