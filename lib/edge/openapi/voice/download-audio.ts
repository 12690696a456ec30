// GET /files/{key}
import { downloadResponses, signedLinkParameters } from "@/lib/edge/openapi/voice/download-link";
import { rangeParameter } from "@/lib/edge/openapi/voice/components";

const keyParameter = {
  name: "key",
  in: "path",
  required: true,
  description: "The object key, slashes included (the older link form; GET /files takes it as a query parameter).",
  schema: { type: "string" },
};

export function downloadAudioOperation() {
  return {
    operationId: "downloadAudio",
    tags: ["Speech"],
    summary: "Download stored audio through a signed link of the older form (the key as the path)",
    deprecated: true,
    security: [],
    description:
      "Links handed out before audio_url moved to GET /files carry the key as the path; they are served alike " +
      "until they expire. New answers never use this form.",
    parameters: [keyParameter, ...signedLinkParameters, rangeParameter],
    responses: downloadResponses,
  };
}
