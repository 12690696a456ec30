import { ZodError } from "zod";
import { BodyError, BodyTooLargeError } from "@/lib/http/read-json";
import { describeZodError } from "@/lib/http/zod-issue";
import { VERIFICATION_ERRORS, type VerificationErrorCode } from "@/lib/verification/schemas";
import { errorField, logger } from "@/lib/log";

// The Age Verification API's error envelope (spec part 7):
// { "error": { "type", "code", "message", "param"? } }

export type { VerificationErrorCode };

// The table (code -> type, status) lives beside the zod schemas, so that the OpenAPI document's
// per-status error schemas are made from the same one.
const SHAPE = VERIFICATION_ERRORS;

export class ApiError extends Error {
  readonly type: string;
  readonly status: number;
  constructor(
    readonly code: VerificationErrorCode,
    message: string,
    readonly param?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.type = SHAPE[code].type;
    this.status = SHAPE[code].status;
  }
}

export function errorBody(code: VerificationErrorCode, message: string, param?: string) {
  return { error: { type: SHAPE[code].type, code, message, ...(param ? { param } : {}) } };
}

/** An error as the /v1 API describes it: what the HTTP mapper sends and server actions show. */
export type VerificationErrorDescription = {
  status: number;
  code: VerificationErrorCode;
  message: string;
  param?: string;
  headers: Record<string, string>;
};

/** The one description of anything thrown by /v1 code; unknown errors are logged, never shown. */
export function describeVerificationError(error: unknown): VerificationErrorDescription {
  const described = (
    code: VerificationErrorCode,
    message: string,
    param?: string,
    headers: Record<string, string> = {},
  ) => ({
    status: SHAPE[code].status,
    code,
    message,
    ...(param ? { param } : {}),
    headers,
  });
  if (error instanceof ApiError) return described(error.code, error.message, error.param, error.headers);
  if (error instanceof ZodError) {
    const { param, message } = describeZodError(error);
    return described("parameter_invalid", message, param);
  }
  if (error instanceof BodyTooLargeError) return described("request_too_large", error.message);
  if (error instanceof BodyError) return described("parameter_invalid", error.message, error.param);
  logger().error({ err: errorField(error) }, "unexpected error");
  return described("internal_error", "Something went wrong on our side. It is safe to retry.");
}

/** Maps anything thrown by a /v1 handler to the envelope. */
export function toVerificationErrorResponse(error: unknown): Response {
  const { status, code, message, param, headers } = describeVerificationError(error);
  return Response.json(errorBody(code, message, param), { status, headers });
}
