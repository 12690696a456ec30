// POST /tts
import { componentRef, jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";
import { error, internal, retryAfter, tooLarge, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";

export function createTtsOperation() {
  return {
    operationId: "createTts",
    tags: ["Speech"],
    summary: "Generate a prompt",
    description:
      "Synthesizes the script, trims and levels it for telephony, converts it to output_format and stores it. " +
      "Identical requests (same text, text_type, lexicons and their versions, voice, model, format and the " +
      "resolved settings the voice honours) are served from the content cache with cached: true and the same " +
      "sha256. With text_type ssml the text is an SSML document of the subset (speak, break, say-as " +
      "digits|telephone|date|characters, sub, phoneme ipa, emphasis, prosody rate); the length limit counts the " +
      "text spoken, not the markup. applied_settings and warnings say what the voice applied and what it could not.",
    requestBody: componentRef("requestBodies", "TtsRequest"),
    responses: {
      "200": {
        description: "The stored audio and a time-limited audio_url.",
        content: jsonContent(ref("TtsResult"), examples.ttsResult),
      },
      ...error(
        400,
        "Validation failed (a body that is not UTF-8 included; SSML that does not parse or has an unknown tag, " +
          "named with its line; a lexicon id the organisation does not have), or the provider plan does not " +
          "include the format.",
      ),
      ...unauthorized,
      ...error(404, "voice_id is not a voice of the connected account.", ["voice_not_found"]),
      ...tooLarge,
      ...error(
        429,
        "The speech provider's concurrency limit (already retried once), or too many requests without a valid key from this client address.",
        ["rate_limited"],
        retryAfter,
      ),
      ...internal,
      ...error(502, "The speech provider failed, timed out or sent unusable audio.", ["upstream_error"]),
    },
  };
}
