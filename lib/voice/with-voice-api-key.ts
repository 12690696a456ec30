import "server-only";
import { env } from "@/lib/env";
import { BodyError, parseJsonObject } from "@/lib/http/read-json";
import { authenticateApiKey, type ApiPrincipal } from "@/lib/keys/authenticate-api-key";
import { toVoiceErrorResponse, VoiceApiError } from "@/lib/voice/errors";
import { handleApiRequest, setLogOrg } from "@/lib/http/api-request";

export type VoiceContext<P> = {
  req: Request;
  principal: ApiPrincipal;
  params: P;
  /** The request body parsed as a JSON object (400 bad_request otherwise). */
  json: () => Promise<unknown>;
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
 * domain code. The spec states no request rate limit of its own for this API.
 */
export function withVoiceApiKey<P extends object = object>(handler: (ctx: VoiceContext<P>) => Promise<Response>) {
  return (req: Request, routeContext: RouteContext<P>): Promise<Response> =>
    handleApiRequest(req, async () => {
    try {
      const principal = await authenticateApiKey(req.headers.get("x-api-key")?.trim());
      if (!principal) {
        throw new VoiceApiError("unauthorized", "Missing or invalid API key. Send it in the x-api-key header.");
      }
      setLogOrg(principal.orgId);
      return await handler({
        req,
        principal,
        params: await routeContext.params,
        json: async () => parseJsonObject(req.headers.get("content-type"), await readBodyText(req)),
      });
    } catch (error) {
      return toVoiceErrorResponse(error);
    }
    });
}

async function readBodyText(req: Request): Promise<string> {
  const limit = bodyLimit();
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw new BodyError(`Request body is larger than ${limit} bytes.`);
  if (!req.body) return "";
  // A declared length within the cap bounds what the server reads: take the fast path.
  if (declared > 0 && !req.headers.has("transfer-encoding")) return decodeUtf8(new Uint8Array(await req.arrayBuffer()));
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyError(`Request body is larger than ${limit} bytes.`);
    }
    chunks.push(value);
  }
  return decodeUtf8(Buffer.concat(chunks));
}

// Strict: bytes that are not UTF-8 are refused, never replaced by U+FFFD and spoken.
function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new BodyError("Request body is not valid UTF-8.");
  }
}
