// GET /files
import { downloadResponses, signedLinkParameters } from "@/lib/edge/openapi/voice/download-link";
import { rangeParameter } from "@/lib/edge/openapi/voice/components";

const signedKeyParameter = {
  name: "key",
  in: "query",
  required: true,
  description: "The stored object's key (it contains slashes, percent-encoded as any query value is).",
  schema: { type: "string" },
};

export function downloadAudioFileOperation() {
  return {
    operationId: "downloadAudioFile",
    tags: ["Speech"],
    summary: "Download stored audio through a signed audio_url (local storage driver)",
    security: [],
    description:
      "Use audio_url exactly as returned: every query parameter, key included, is covered by the signature, and " +
      "changing any of them is 403. (With S3 storage, audio_url is a presigned S3 URL instead.)",
    parameters: [signedKeyParameter, ...signedLinkParameters, rangeParameter],
    responses: downloadResponses,
  };
}
