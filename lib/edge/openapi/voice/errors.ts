// The Voice API's error answers: one error schema per status (narrower where an operation gives
// only some of that status's codes), made from the same code table as the error mapper
// (VOICE_ERROR_STATUS), and the responses every operation reuses.
import { ALLOWED_METHODS } from "@/lib/voice/methods";
import { VOICE_ERROR_STATUS, voiceErrorCodesFor, voiceErrorSchemaFor, type VoiceErrorCode } from "@/lib/voice/schemas";
import { voiceErrorExample } from "@/lib/edge/openapi/voice-examples";
import { componentRef, jsonContent, jsonSchema, ref } from "@/lib/edge/openapi/zod-to-openapi";

// Filled as operations are built, so components.schemas lists the error schemas in first-use order.
export const errorSchemas: Record<string, ReturnType<typeof jsonSchema>> = {};

function errorSchemaRef(status: number, codes: VoiceErrorCode[]) {
  const unknown = codes.filter((code) => VOICE_ERROR_STATUS[code] !== status);
  if (unknown.length > 0) throw new Error(`${unknown.join(", ")} is not a ${status} error code`);
  const name =
    codes.length === voiceErrorCodesFor(status).length ? `Error${status}` : `Error${status}.${codes.join(".")}`;
  errorSchemas[name] ??= jsonSchema(voiceErrorSchemaFor(codes), "output");
  return ref(name);
}

export const error = (
  status: number,
  description: string,
  codes: VoiceErrorCode[] = voiceErrorCodesFor(status),
  headers?: object,
) => ({
  [String(status)]: {
    description: `${description} error.code: ${codes.join(" or ")}.`,
    ...(headers ? { headers } : {}),
    content: jsonContent(errorSchemaRef(status, codes), voiceErrorExample(codes[0])),
  },
});

// Requests without a valid key are counted per client address (the /v1 API's budget for them):
// each such answer says where the address stands, and past the limit it is 429, not 401.
const failedKeyHeaders = {
  "X-RateLimit-Limit": {
    required: true,
    description: "Requests without a valid key allowed per minute from one client address.",
    schema: { type: "integer" },
  },
  "X-RateLimit-Remaining": {
    required: true,
    description: "Such requests left in the current window.",
    schema: { type: "integer" },
  },
  "X-RateLimit-Reset": {
    required: true,
    description: "Unix time (seconds) when the current one-minute window ends.",
    schema: { type: "integer" },
  },
};
export const reusedResponses = {
  Unauthorized: error(401, "Missing or invalid x-api-key.", ["unauthorized"], failedKeyHeaders)["401"],
  TooManyWithoutKey: error(429, "Too many requests without a valid key from this client address.", ["rate_limited"], {
    ...failedKeyHeaders,
    "Retry-After": componentRef("headers", "RetryAfter"),
  })["429"],
  /** Every operation that reads a body: one over its limit is refused before it is read whole. */
  TooLarge: error(413, "The body is larger than this operation accepts.", ["request_too_large"])["413"],
  InternalError: error(500, "Failure on the service side; safe to retry.")["500"],
};
export const unauthorized = {
  "401": componentRef("responses", "Unauthorized"),
  "429": componentRef("responses", "TooManyWithoutKey"),
};
export const tooLarge = { "413": componentRef("responses", "TooLarge") };
export const internal = { "500": componentRef("responses", "InternalError") };

/**
 * What every path answers to the methods it does not serve (lib/voice/methods.ts): 405
 * method_not_allowed with a true Allow, and 204 with the same Allow to OPTIONS. They are reusable
 * responses, not operations: listed per method they would give generated clients a method per
 * path that can only ever fail. tests/support/contract.ts checks those answers against these.
 */
const allowHeader = {
  Allow: {
    required: true,
    description: "The methods this path serves.",
    schema: { type: "string", enum: Object.values(ALLOWED_METHODS) },
  },
};
export const methodResponses = {
  MethodNotAllowed: error(
    405,
    "Not a method of this path; Allow lists those that are.",
    ["method_not_allowed"],
    allowHeader,
  )["405"],
  AllowedMethods: {
    description: "OPTIONS: no body, no authentication, no CORS headers; Allow lists the methods.",
    headers: allowHeader,
  },
};

export const retryAfter = { "Retry-After": componentRef("headers", "RetryAfter") };

export const badRequest = (what: string) =>
  error(400, `Validation failed: ${what}; or the body is not UTF-8 JSON.`, ["bad_request"]);
export const setNotFound = () => error(404, "No such prompt set in this organisation.", ["not_found"]);
export const lexiconNotFound = () => error(404, "No such lexicon in this organisation.", ["not_found"]);
export const plsProblems =
  "name, or pls: malformed XML, a DOCTYPE (entities, external references), an element or attribute outside PLS 1.0, " +
  "an alphabet other than ipa, an IPA symbol no engine can say, a lexeme without grapheme or pronunciation, or more " +
  "than 1,000 lexemes (the message names the line and the reason; nothing is stored)";
