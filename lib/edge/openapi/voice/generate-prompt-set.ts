// POST /prompt-sets/{id}/generate
import { badRequest, internal, setNotFound, tooLarge, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { componentRef, jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { setIdParameter } from "@/lib/edge/openapi/voice/components";

export function generatePromptSetOperation() {
  return {
    operationId: "generatePromptSet",
    tags: ["Prompt sets"],
    summary: "Generate the set's prompts in the background",
    description:
      "Queues every prompt (or only the failed ones) and answers 202 at once. Each prompt goes through POST /tts's " +
      "content cache, so unchanged prompts cost nothing (cached: true). A provider 429 pauses the generation with back-off; " +
      "it never fails a prompt. Poll GET /prompt-sets/{id}/status until generation.state is completed or failed. " +
      "The body is optional.",
    parameters: [setIdParameter],
    requestBody: componentRef("requestBodies", "PromptSetGenerate"),
    responses: {
      "202": {
        description: "Generation started; the set's status.",
        content: jsonContent(ref("PromptSetStatus"), examples.promptSetStatus),
      },
      ...badRequest("only, or the set has no prompts"),
      ...unauthorized,
      ...tooLarge,
      ...setNotFound(),
      ...internal,
    },
  };
}
