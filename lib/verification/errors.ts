import { ZodError } from "zod";
import { BodyError } from "@/lib/http/read-json";
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

/** Maps anything thrown by a /v1 handler to the envelope; unknown errors are logged, not leaked. */
export function toVerificationErrorResponse(error: unknown): Response {
  if (error instanceof ApiError) {
    return Response.json(errorBody(error.code, error.message, error.param), {
      status: error.status,
      headers: error.headers,
    });
  }
  if (error instanceof ZodError) {
    const { param, message } = describeZodError(error);
    return Response.json(errorBody("parameter_invalid", message, param), { status: 400 });
  }
  if (error instanceof BodyError) {
    return Response.json(errorBody("parameter_invalid", error.message, error.param), { status: 400 });
  }
  logger().error({ err: errorField(error) }, "unexpected error");
  return Response.json(errorBody("internal_error", "Something went wrong on our side. It is safe to retry."), {
    status: 500,
  });
}
