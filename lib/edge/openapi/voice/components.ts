// Headers, parameters and response pieces of the Voice API stated once and referenced wherever
// they are used.
import { OUTPUT_FORMATS } from "@/lib/voice/audio/formats";
import { requestIdHeader } from "@/lib/edge/openapi/request-id-header";
import { componentRef } from "@/lib/edge/openapi/zod-to-openapi";

export const headers = {
  RequestId: requestIdHeader,
  RetryAfter: { required: true, description: "Seconds to wait before retrying.", schema: { type: "integer" } },
  ETag: { required: true, description: "Strong validator of this exact body.", schema: { type: "string" } },
  AcceptRanges: {
    required: true,
    description: "bytes: Range requests are served.",
    schema: { type: "string", const: "bytes" },
  },
  AudioDisposition: {
    required: true,
    description: 'attachment (or inline, as the link asked); filename="<name><ext>".',
    schema: { type: "string" },
  },
};

export const audioContent = Object.fromEntries(
  [...new Set(OUTPUT_FORMATS.map((f) => f.contentType))].map((type) => [
    type,
    { schema: { type: "string", contentMediaType: type } },
  ]),
);

export const mp3Content = { "audio/mpeg": { schema: { type: "string", contentMediaType: "audio/mpeg" } } };

/** 206 and 416: stored audio (downloads and previews) is served with byte ranges. */
export const rangeResponses = (content: object, headers: object = {}) => ({
  "206": {
    description: "The requested byte range of the audio.",
    headers: {
      ...headers,
      "Content-Range": { required: true, description: "bytes start-end/total", schema: { type: "string" } },
    },
    content,
  },
  "416": {
    description: "The range starts beyond the end of the file (no body).",
    headers: { "Content-Range": { required: true, description: "bytes */total", schema: { type: "string" } } },
  },
});

const rangeParameterObject = {
  name: "Range",
  in: "header",
  required: false,
  description: "One byte range, e.g. bytes=0-1023.",
  schema: { type: "string" },
};

// Repeat reads are cheap: these answers carry a strong ETag, and a client that sends it back
// in If-None-Match gets a 304 with no body (lib/platform/http/prepared-response.ts).
const ifNoneMatchParameterObject = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "The ETag of the copy the client has; 304 when it is still current.",
  schema: { type: "string" },
};
export const cachingHeaders = (cacheControl: string) => ({
  ETag: componentRef("headers", "ETag"),
  "Cache-Control": { required: true, description: cacheControl, schema: { type: "string" } },
});
export const notModified = (cacheControl: string) => ({
  "304": {
    description: "The client's copy (If-None-Match) is current; no body.",
    headers: cachingHeaders(cacheControl),
  },
});

export const parameters = {
  Range: rangeParameterObject,
  IfNoneMatch: ifNoneMatchParameterObject,
  VoiceId: { name: "voiceId", in: "path", required: true, schema: { type: "string" }, example: "fliteRms" },
  LexiconId: {
    name: "id",
    in: "path",
    required: true,
    description: "A lexicon id (lex_...).",
    schema: { type: "string" },
    example: "lex_4Hq8sN2cVbXk0LrT7vYa3mEd",
  },
  PromptSetId: {
    name: "id",
    in: "path",
    required: true,
    description: "A prompt set id (ps_...).",
    schema: { type: "string" },
    example: "ps_7Jd0aQ2mWbXk9LrT4vYs1nEe",
  },
};
export const rangeParameter = componentRef("parameters", "Range");
export const ifNoneMatchParameter = componentRef("parameters", "IfNoneMatch");
export const voiceIdParameter = componentRef("parameters", "VoiceId");
export const setIdParameter = componentRef("parameters", "PromptSetId");
export const lexiconIdParameter = componentRef("parameters", "LexiconId");
