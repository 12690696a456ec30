// PUT /lexicons/{id}
import {
  badRequest,
  internal,
  lexiconNotFound,
  plsProblems,
  tooLarge,
  unauthorized,
} from "@/lib/edge/openapi/voice/errors";
import { componentRef, jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { lexiconIdParameter } from "@/lib/edge/openapi/voice/components";

export function replaceLexiconOperation() {
  return {
    operationId: "replaceLexicon",
    tags: ["Lexicons"],
    summary: "Replace a lexicon's document and name",
    description:
      "The version goes up by one. It is part of the content-cache key, so prompts that use the lexicon are " +
      "synthesized again on their next request.",
    parameters: [lexiconIdParameter],
    requestBody: componentRef("requestBodies", "LexiconCreate"),
    responses: {
      "200": {
        description: "The lexicon, its version bumped.",
        content: jsonContent(ref("Lexicon"), examples.lexicon),
      },
      ...badRequest(plsProblems),
      ...unauthorized,
      ...lexiconNotFound(),
      ...tooLarge,
      ...internal,
    },
  };
}
