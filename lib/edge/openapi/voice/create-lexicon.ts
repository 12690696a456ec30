// POST /lexicons
import { badRequest, internal, plsProblems, tooLarge, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { componentRef, jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";

export function createLexiconOperation() {
  return {
    operationId: "createLexicon",
    tags: ["Lexicons"],
    summary: "Upload a pronunciation lexicon (W3C PLS 1.0)",
    description:
      "Each <lexeme> has one or more <grapheme> and an <alias> or a <phoneme> (IPA). Graphemes match whole " +
      "words, case-sensitively, as PLS specifies.",
    requestBody: componentRef("requestBodies", "LexiconCreate"),
    responses: {
      "201": {
        description: "The stored lexicon, version 1.",
        content: jsonContent(ref("Lexicon"), examples.lexicon),
      },
      ...badRequest(plsProblems),
      ...unauthorized,
      ...tooLarge,
      ...internal,
    },
  };
}
