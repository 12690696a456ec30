// The /v1 API's error answers: one error schema per status (narrower where an operation can only
// give some of that status's codes), made from the same code table as the error mapper
// (VERIFICATION_ERRORS), and the responses every operation can give.
import { MAX_BODY_BYTES } from "@/lib/platform/http/read-json";
import {
  VERIFICATION_ERRORS,
  verificationErrorCodesFor,
  verificationErrorSchemaFor,
  type VerificationErrorCode,
} from "@/lib/verification/errors";
import { errorExample } from "@/lib/edge/openapi/verification-examples";
import { everyAnswer, headerRefs, type HeaderName } from "@/lib/edge/openapi/verification/components";
import { componentRef, jsonContent, jsonSchema, ref } from "@/lib/edge/openapi/zod-to-openapi";

// Filled as operations are built, so components.schemas lists the error schemas in first-use order.
export const errorSchemas: Record<string, ReturnType<typeof jsonSchema>> = {};

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

export const error = (...args: Parameters<typeof errorResponse>) => ({ [String(args[0])]: errorResponse(...args) });

// The answers every operation can give, stated once in components.responses.
export const responses = {
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

export const commonErrors = {
  "401": componentRef("responses", "Unauthorized"),
  "429": componentRef("responses", "RateLimited"),
  "500": componentRef("responses", "InternalError"),
};
export const tooLarge = { "413": componentRef("responses", "TooLarge") };
