import "server-only";
import { VoiceApiError } from "@/lib/voice/errors";
import { withVoiceApiKey } from "@/lib/edge/api/with-voice-api-key";

/**
 * Answers a path under a Voice API root that the API does not have (`/prompt-sets/x/y`,
 * `/voices/x`, `/tts/x`) in the API's own envelope: 404 not_found after authentication, as /v1
 * does (lib/edge/api/unrecognized-request.ts), instead of Next.js's HTML page.
 */
export const unrecognizedVoiceRequest = withVoiceApiKey(async ({ req }) => {
  throw new VoiceApiError(
    "not_found",
    `No such path in the Voice Prompt API (${req.method} ${new URL(req.url).pathname}).`,
  );
});
