import { toVoiceErrorResponse, VoiceApiError } from "@/lib/voice/errors";

// Every Voice API path (the API, its document, previews and /files downloads) answers the
// methods it does not support itself, in the API's envelope, rather than with Next.js's bare
// 405, and states the same truthful Allow on 405 and on OPTIONS. HEAD is served wherever GET is.
// The OpenAPI document states the same Allow values (lib/edge/openapi/voice-document.ts).
export const ALLOWED_METHODS = {
  GET: "GET, HEAD, OPTIONS",
  POST: "POST, OPTIONS",
  "GET POST": "GET, HEAD, POST, OPTIONS",
  "GET PUT": "GET, HEAD, PUT, OPTIONS",
  "GET PATCH DELETE": "GET, HEAD, PATCH, DELETE, OPTIONS",
  "GET PUT DELETE": "GET, HEAD, PUT, DELETE, OPTIONS",
} as const;

/**
 * Handlers for a path served by `served` (one method, or a few separated by spaces): `notAllowed`
 * for every other method (405 method_not_allowed with Allow) and `options` (204 with Allow; no
 * authentication, no CORS).
 */
export function voiceMethods(served: keyof typeof ALLOWED_METHODS) {
  const allow = ALLOWED_METHODS[served];
  return {
    notAllowed: async (req: Request): Promise<Response> =>
      toVoiceErrorResponse(
        new VoiceApiError(
          "method_not_allowed",
          `${req.method} is not supported here; use ${served.split(" ").join(" or ")}.`,
          { Allow: allow },
        ),
      ),
    options: async (): Promise<Response> => new Response(null, { status: 204, headers: { Allow: allow } }),
  };
}
