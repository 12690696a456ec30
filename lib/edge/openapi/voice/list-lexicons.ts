// GET /lexicons
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { internal, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";

export function listLexiconsOperation() {
  return {
    operationId: "listLexicons",
    tags: ["Lexicons"],
    summary: "List the organisation's pronunciation lexicons",
    description: "Newest first, without their lexemes (GET /lexicons/{id} has them).",
    responses: {
      "200": {
        description: "Every lexicon, with count.",
        content: jsonContent(ref("LexiconList"), examples.lexiconList),
      },
      ...unauthorized,
      ...internal,
    },
  };
}
