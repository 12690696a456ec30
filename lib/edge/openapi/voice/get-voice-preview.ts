// GET /voices/{voiceId}/preview.mp3
import {
  cachingHeaders,
  ifNoneMatchParameter,
  mp3Content,
  notModified,
  rangeParameter,
  rangeResponses,
  voiceIdParameter,
} from "@/lib/edge/openapi/voice/components";
import { componentRef } from "@/lib/edge/openapi/zod-to-openapi";
import { error, internal } from "@/lib/edge/openapi/voice/errors";

export function getVoicePreviewOperation() {
  return {
    operationId: "getVoicePreview",
    tags: ["Voices"],
    summary: "A voice's preview sample (local voices; the preview_url of GET /voices)",
    security: [],
    parameters: [voiceIdParameter, rangeParameter, ifNoneMatchParameter],
    responses: {
      "200": {
        description: "The MP3 sample; byte ranges supported.",
        headers: {
          ...cachingHeaders("public, max-age=86400"),
          "Accept-Ranges": componentRef("headers", "AcceptRanges"),
        },
        content: mp3Content,
      },
      ...notModified("public, max-age=86400"),
      ...rangeResponses(mp3Content, { "Accept-Ranges": componentRef("headers", "AcceptRanges") }),
      ...error(404, "No such local voice.", ["voice_not_found"]),
      ...internal,
    },
  };
}
