import { ZodError } from "zod";
import { BodyError, BodyTooLargeError } from "@/lib/platform/http/read-json";
import { describeZodError } from "@/lib/platform/http/zod-issue";
import { UpstreamError, type UpstreamFailure } from "@/lib/voice/providers/speech-provider";
import { VOICE_ERROR_STATUS, type VoiceErrorCode } from "@/lib/voice/schemas";
import { errorField, logger } from "@/lib/platform/log";

// The Voice Prompt API's error envelope (spec part 7): { "error": { "code", "message" } }.
// Domain code throws VoiceApiError; describeVoiceError is the only place that describes an error,
// toVoiceErrorResponse the only place that builds the JSON.

export class VoiceApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: VoiceErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "VoiceApiError";
    this.status = VOICE_ERROR_STATUS[code];
  }
}

export function voiceErrorBody(code: VoiceErrorCode, message: string) {
  return { error: { code, message } };
}

const UPSTREAM_CODES: Record<UpstreamFailure, VoiceErrorCode> = {
  format_not_in_plan: "format_not_in_plan",
  rejected: "bad_request",
  voice_not_found: "voice_not_found",
  rate_limited: "rate_limited",
  failed: "upstream_error",
};

/** An error as the Voice API describes it: what the HTTP mapper sends and server actions show. */
export type VoiceErrorDescription = {
  status: number;
  code: VoiceErrorCode;
  message: string;
  headers: Record<string, string>;
};

/**
 * The one description of anything thrown by Voice API code, for the HTTP mapper below and for
 * server actions (the studio) alike; unknown errors are logged, never shown.
 */
export function describeVoiceError(error: unknown): VoiceErrorDescription {
  const described = (code: VoiceErrorCode, message: string, headers: Record<string, string> = {}) => ({
    status: VOICE_ERROR_STATUS[code],
    code,
    message,
    headers,
  });
  if (error instanceof VoiceApiError) return described(error.code, error.message, error.headers);
  if (error instanceof UpstreamError) {
    const code = UPSTREAM_CODES[error.kind];
    if (code === "upstream_error") logger().warn({ err: errorField(error) }, "upstream failure");
    return described(code, error.message, code === "rate_limited" ? { "Retry-After": "1" } : {});
  }
  if (error instanceof ZodError) return described("bad_request", describeValidationError(error));
  if (error instanceof BodyTooLargeError) return described("request_too_large", error.message);
  if (error instanceof BodyError) return described("bad_request", error.message);
  logger().error({ err: errorField(error) }, "unexpected error");
  return described("internal_error", "Something went wrong on our side. It is safe to retry.");
}

/** Maps anything thrown by a Voice API handler to the envelope. */
export function toVoiceErrorResponse(error: unknown): Response {
  const { status, code, message, headers } = describeVoiceError(error);
  return Response.json(voiceErrorBody(code, message), { status, headers });
}

/** One sentence naming the offending field; a missing field says so rather than "received undefined". */
function describeValidationError(error: ZodError): string {
  const issue = error.issues[0];
  if (issue?.code === "invalid_type" && /received undefined/.test(issue.message) && issue.path.length > 0) {
    return `Missing required parameter: ${issue.path.join(".")}.`;
  }
  return describeZodError(error).message;
}
