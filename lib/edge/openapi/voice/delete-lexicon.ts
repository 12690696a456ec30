// DELETE /lexicons/{id}
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { internal, lexiconNotFound, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";
import { lexiconIdParameter } from "@/lib/edge/openapi/voice/components";

export function deleteLexiconOperation() {
  return {
    operationId: "deleteLexicon",
    tags: ["Lexicons"],
    summary: "Delete a lexicon",
    description: "A request or prompt set that still names it is then refused (400) until the id is removed.",
    parameters: [lexiconIdParameter],
    responses: {
      "200": { description: "Deleted.", content: jsonContent(ref("DeletedLexicon"), examples.lexiconDeleted) },
      ...unauthorized,
      ...lexiconNotFound(),
      ...internal,
    },
  };
}
