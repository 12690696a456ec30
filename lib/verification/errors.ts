import { z, ZodError } from "zod";
import { BodyError, BodyTooLargeError } from "@/lib/platform/http/read-json";
import { describeZodError } from "@/lib/platform/http/zod-issue";
import { errorField, logger } from "@/lib/platform/log";

// The /v1 API's one error (spec part 7): { "error": { "type", "code", "message", "param"? } }.
// Every /v1 resource throws VerificationApiError with a code of this table; the wrapper (with-api-key.ts)
// maps anything thrown to the envelope, and the OpenAPI document's per-status error schemas
// are made from the same table.

/**
 * Every error.code of the API with its error.type and HTTP status (spec part 7). The error
 * mapper (below) and the OpenAPI document's per-status error schemas are
 * both made from this table.
 */
export const VERIFICATION_ERRORS = {
  invalid_api_key: { type: "authentication_error", status: 401 },
  parameter_invalid: { type: "invalid_request_error", status: 400 },
  cursor_invalid: { type: "invalid_request_error", status: 400 },
  resource_missing: { type: "invalid_request_error", status: 404 },
  // Not in the spec's table either: a documented path asked with a method it does not serve
  // answers 405 with a true Allow, as the Voice API does, rather than a 404 that says the path is
  // unknown. An unknown path is still 404 resource_missing.
  method_not_allowed: { type: "invalid_request_error", status: 405 },
  // Not in the spec's table, which is silent on over-limit bodies: 413 as HTTP names it.
  request_too_large: { type: "invalid_request_error", status: 413 },
  rate_limited: { type: "rate_limit_error", status: 429 },
  internal_error: { type: "api_error", status: 500 },
} as const;
export type VerificationErrorCode = keyof typeof VERIFICATION_ERRORS;
const isVerificationErrorCode = (key: string): key is VerificationErrorCode => key in VERIFICATION_ERRORS;
export const verificationErrorCodes = Object.keys(VERIFICATION_ERRORS).filter(isVerificationErrorCode);

/** The codes the API answers with at `status`. */
export const verificationErrorCodesFor = (status: number) =>
  verificationErrorCodes.filter((code) => VERIFICATION_ERRORS[code].status === status);

/** The error envelope as it can be for these codes (each with its own type). */
export function verificationErrorSchemaFor(codes: readonly VerificationErrorCode[]) {
  const types = [...new Set(codes.map((code) => VERIFICATION_ERRORS[code].type))];
  return z.object({
    error: z.object({
      type: z.enum(types),
      code: z.enum(codes),
      message: z.string().optional(),
      param: z.string().optional().meta({ description: "The request field at fault, when there is one." }),
    }),
  });
}

const SHAPE = VERIFICATION_ERRORS;

/** What a 500 internal_error's Retry-After says. */
export const INTERNAL_ERROR_RETRY_AFTER_SECONDS = 2;

export class VerificationApiError extends Error {
  readonly type: string;
  readonly status: number;
  constructor(
    readonly code: VerificationErrorCode,
    message: string,
    readonly param?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "VerificationApiError";
    this.type = SHAPE[code].type;
    this.status = SHAPE[code].status;
  }
}

export function errorBody(code: VerificationErrorCode, message: string, param?: string) {
  return { error: { type: SHAPE[code].type, code, message, ...(param ? { param } : {}) } };
}

/** An error as the /v1 API describes it: what the HTTP mapper sends and server actions show. */
type VerificationErrorDescription = {
  status: number;
  code: VerificationErrorCode;
  message: string;
  param?: string;
  headers: Record<string, string>;
};

/** The one description of anything thrown by /v1 code; unknown errors are logged, never shown. */
function describeVerificationError(error: unknown): VerificationErrorDescription {
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
  if (error instanceof VerificationApiError) return described(error.code, error.message, error.param, error.headers);
  if (error instanceof ZodError) {
    const { param, message } = describeZodError(error);
    return described("parameter_invalid", message, param);
  }
  if (error instanceof BodyTooLargeError) return described("request_too_large", error.message);
  if (error instanceof BodyError) return described("parameter_invalid", error.message, error.param);
  logger().error({ err: errorField(error) }, "unexpected error");
  // Most often the database out of reach for a moment (DATABASE_WAIT_MS bounds the wait): say when to try again.
  return described("internal_error", "Something went wrong on our side. It is safe to retry.", undefined, {
    "Retry-After": String(INTERNAL_ERROR_RETRY_AFTER_SECONDS),
  });
}

/** Maps anything thrown by a /v1 handler to the envelope. */
export function toVerificationErrorResponse(error: unknown): Response {
  const { status, code, message, param, headers } = describeVerificationError(error);
  return Response.json(errorBody(code, message, param), { status, headers });
}
