// GET /formats
import { cachingHeaders, ifNoneMatchParameter, notModified } from "@/lib/edge/openapi/voice/components";
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { internal, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";

export function listFormatsOperation() {
  return {
    operationId: "listFormats",
    tags: ["Formats"],
    summary: "List every accepted output_format",
    parameters: [ifNoneMatchParameter],
    responses: {
      "200": {
        description: "The 24 formats, with count.",
        headers: cachingHeaders("private, max-age=3600: the list changes only with a deploy"),
        content: jsonContent(ref("FormatList"), examples.formatList),
      },
      ...notModified("private, max-age=3600"),
      ...unauthorized,
      ...internal,
    },
  };
}
