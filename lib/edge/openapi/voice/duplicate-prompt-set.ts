// POST /prompt-sets/{id}/duplicate
import { badRequest, internal, setNotFound, tooLarge, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { componentRef, jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { setIdParameter } from "@/lib/edge/openapi/voice/components";

export function duplicatePromptSetOperation() {
  return {
    operationId: "duplicatePromptSet",
    tags: ["Prompt sets"],
    summary: "Copy a prompt set",
    description:
      'Generated prompts keep their audio in the copy. The body is optional; name defaults to "<name> (copy)".',
    parameters: [setIdParameter],
    requestBody: componentRef("requestBodies", "PromptSetDuplicate"),
    responses: {
      "201": { description: "The copy.", content: jsonContent(ref("PromptSet"), examples.promptSet) },
      ...badRequest("name"),
      ...unauthorized,
      ...tooLarge,
      ...setNotFound(),
      ...internal,
    },
  };
}
