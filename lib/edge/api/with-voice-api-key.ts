import "server-only";
import { apiKeyRoute, type ApiKeyScheme } from "@/lib/edge/api/api-key-route";
import { env } from "@/lib/platform/env";
import { parseJsonObject, readBodyText } from "@/lib/platform/http/read-json";
import { authenticateApiKey, type ApiPrincipal } from "@/lib/account/keys/authenticate-api-key";
import { toVoiceErrorResponse, VoiceApiError } from "@/lib/voice/errors";

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

// A TtsRequest is at most 12 bytes of JSON per character of text (an escaped surrogate pair,
// "\ud83d\ude00") plus well under 4 KB for the other fields. Refuse to buffer more than that
// at the configured text limit, and never less than 64 KB.
let maxBodyBytes: number | undefined;
function bodyLimit(): number {
  maxBodyBytes ??= Math.max(64 * 1024, env().TTS_MAX_TEXT_LENGTH * 12 + 4096);
  return maxBodyBytes;
}

// The spec states no request rate limit of its own for this API, so `authenticate` counts
// nothing; only requests without a valid key are counted, against their client address.
const voiceScheme: ApiKeyScheme = {
  readKey: (req) => req.headers.get("x-api-key")?.trim(),
  authenticate: async (key) => {
    const principal = await authenticateApiKey(key);
    return principal ? { principal } : null;
  },
  refuse: (reason, message) => new VoiceApiError(reason === "rate_limited" ? "rate_limited" : "unauthorized", message),
  unauthenticatedMessage: "Missing or invalid API key. Send it in the x-api-key header.",
  toErrorResponse: toVoiceErrorResponse,
};

/**
 * Wraps a Voice Prompt API route handler: `x-api-key` authentication (any key of the
 * organisation, test or live) and the voice error envelope. Handlers only parse and call
 * domain code.
 */
export function withVoiceApiKey<P extends object = object>(handler: (ctx: VoiceContext<P>) => Promise<Response>) {
  return apiKeyRoute<P>(voiceScheme, ({ req, principal, params }) =>
    handler({
      req,
      principal,
      params,
      json: async (options = {}) => {
        const raw = await readBodyText(req, Math.max(bodyLimit(), options.maxBytes ?? 0));
        if (options.optional && raw.trim() === "" && !req.headers.get("content-type")) return {};
        return parseJsonObject(req.headers.get("content-type"), raw);
      },
    }),
  );
}
