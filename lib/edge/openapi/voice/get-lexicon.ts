// GET /lexicons/{id}
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { internal, lexiconNotFound, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";
import { lexiconIdParameter } from "@/lib/edge/openapi/voice/components";

export function getLexiconOperation() {
  return {
    operationId: "getLexicon",
    tags: ["Lexicons"],
    summary: "Retrieve a lexicon with its lexemes and document",
    parameters: [lexiconIdParameter],
    responses: {
      "200": { description: "The lexicon.", content: jsonContent(ref("Lexicon"), examples.lexicon) },
      ...unauthorized,
      ...lexiconNotFound(),
      ...internal,
    },
  };
}
