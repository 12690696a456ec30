import { ZodError } from "zod";
import { BodyError } from "@/lib/http/read-json";
import { describeZodError } from "@/lib/http/zod-issue";
import { UpstreamError, type UpstreamFailure } from "@/lib/voice/providers/speech-provider";
import { VOICE_ERROR_STATUS, type VoiceErrorCode } from "@/lib/voice/schemas";
import { errorField, logger } from "@/lib/log";

// The Voice Prompt API's error envelope (spec part 7): { "error": { "code", "message" } }.
// Domain code throws VoiceApiError; toVoiceErrorResponse is the only place that builds the JSON.

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

/** Maps anything thrown by a Voice API handler to the envelope; unknown errors are logged, not leaked. */
export function toVoiceErrorResponse(error: unknown): Response {
  if (error instanceof VoiceApiError) {
    return Response.json(voiceErrorBody(error.code, error.message), { status: error.status, headers: error.headers });
  }
  if (error instanceof UpstreamError) {
    const code = UPSTREAM_CODES[error.kind];
    if (code === "upstream_error") logger().warn({ err: errorField(error) }, "upstream failure");
    return Response.json(voiceErrorBody(code, error.message), {
      status: VOICE_ERROR_STATUS[code],
      headers: code === "rate_limited" ? { "Retry-After": "1" } : {},
    });
  }
  if (error instanceof ZodError) {
    return Response.json(voiceErrorBody("bad_request", describeValidationError(error)), { status: 400 });
  }
  if (error instanceof BodyError) {
    return Response.json(voiceErrorBody("bad_request", error.message), { status: 400 });
  }
  logger().error({ err: errorField(error) }, "unexpected error");
  return Response.json(voiceErrorBody("internal_error", "Something went wrong on our side. It is safe to retry."), {
    status: 500,
  });
}

/** One sentence naming the offending field; a missing field says so rather than "received undefined". */
export function describeValidationError(error: ZodError): string {
  const issue = error.issues[0];
  if (issue?.code === "invalid_type" && /received undefined/.test(issue.message) && issue.path.length > 0) {
    return `Missing required parameter: ${issue.path.join(".")}.`;
  }
  return describeZodError(error).message;
}
