// GET /voices
import { cachingHeaders, ifNoneMatchParameter, notModified } from "@/lib/edge/openapi/voice/components";
import { error, internal, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";

export function listVoicesOperation() {
  return {
    operationId: "listVoices",
    tags: ["Voices"],
    summary: "List the voices of the connected provider account",
    description:
      "Flattened for a voice picker; cached server-side for one hour (a stale copy answers while the provider is down). Revalidate with If-None-Match: an unchanged list answers 304.",
    parameters: [ifNoneMatchParameter],
    responses: {
      "200": {
        description: "Every voice, with count.",
        headers: cachingHeaders("private, no-cache: revalidate each time"),
        content: jsonContent(ref("VoiceList"), examples.voiceList),
      },
      ...notModified("private, no-cache"),
      ...unauthorized,
      ...error(502, "The speech provider failed and no cached copy exists."),
      ...internal,
    },
  };
}
