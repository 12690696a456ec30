import { toVoiceErrorResponse, VoiceApiError } from "@/lib/voice/errors";

export const dynamic = "force-dynamic";

// Below the liveness probe there is nothing: a JSON 404 in the Voice API's envelope, with no
// authentication (as /health itself), never Next.js's HTML page.
async function healthNotFound(req: Request): Promise<Response> {
  return toVoiceErrorResponse(
    new VoiceApiError(
      "not_found",
      `No such path in the Voice Prompt API (${req.method} ${new URL(req.url).pathname}).`,
    ),
  );
}

export {
  healthNotFound as GET,
  healthNotFound as POST,
  healthNotFound as PUT,
  healthNotFound as PATCH,
  healthNotFound as DELETE,
  healthNotFound as OPTIONS,
};
