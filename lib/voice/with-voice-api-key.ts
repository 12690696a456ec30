import "server-only";
import { env } from "@/lib/env";
import { parseJsonObject, readBodyText } from "@/lib/http/read-json";
import { authenticateApiKey, type ApiPrincipal } from "@/lib/keys/authenticate-api-key";
import { clientAddress } from "@/lib/rate-limit/client-address";
import { consumeFailedAuthRateLimit, rateLimitHeaders } from "@/lib/rate-limit/consume-rate-limit";
import { toVoiceErrorResponse, VoiceApiError } from "@/lib/voice/errors";
import { handleApiRequest, setLogOrg } from "@/lib/http/api-request";

export type VoiceContext<P> = {
  req: Request;
  principal: ApiPrincipal;
  params: P;
  /**
   * The request body parsed as a JSON object (400 bad_request otherwise). `maxBytes` raises the
   * limit for bodies bigger than a TtsRequest; `optional` reads an empty body as {}.
   */
  json: (options?: { maxBytes?: number; optional?: boolean }) => Promise<unknown>;
};

type RouteContext<P> = { params: Promise<P> };

// A TtsRequest is at most 12 bytes of JSON per character of text (an escaped surrogate pair,
// "\ud83d\ude00") plus well under 4 KB for the other fields. Refuse to buffer more than that
// at the configured text limit, and never less than 64 KB.
let maxBodyBytes: number | undefined;
function bodyLimit(): number {
  maxBodyBytes ??= Math.max(64 * 1024, env().TTS_MAX_TEXT_LENGTH * 12 + 4096);
  return maxBodyBytes;
}

/**
 * Wraps a Voice Prompt API route handler: `x-api-key` authentication (any key of the
 * organisation, test or live) and the voice error envelope. Handlers only parse and call
 * domain code. The spec states no request rate limit of its own for this API; only requests
 * without a valid key are counted, against their client address (as on /v1).
 */
export function withVoiceApiKey<P extends object = object>(handler: (ctx: VoiceContext<P>) => Promise<Response>) {
  return (req: Request, routeContext: RouteContext<P>): Promise<Response> =>
    handleApiRequest(req, async () => {
      try {
        const principal = await authenticateApiKey(req.headers.get("x-api-key")?.trim());
        if (!principal) {
          // The /v1 API's budget for requests without a valid key, per client address (the same
          // buckets): a wrong key costs a database lookup, so guessing is bounded across both APIs.
          const rate = await consumeFailedAuthRateLimit(clientAddress(req.headers));
          const headers = rateLimitHeaders(rate);
          if (!rate.allowed) {
            throw new VoiceApiError(
              "rate_limited",
              "Too many requests without a valid API key from this address; retry after the window resets.",
              headers,
            );
          }
          throw new VoiceApiError(
            "unauthorized",
            "Missing or invalid API key. Send it in the x-api-key header.",
            headers,
          );
        }
        setLogOrg(principal.orgId);
        return await handler({
          req,
          principal,
          params: await routeContext.params,
          json: async (options = {}) => {
            const raw = await readBodyText(req, Math.max(bodyLimit(), options.maxBytes ?? 0));
            if (options.optional && raw.trim() === "" && !req.headers.get("content-type")) return {};
            return parseJsonObject(req.headers.get("content-type"), raw);
          },
        });
      } catch (error) {
        return toVoiceErrorResponse(error);
      }
    });
}
