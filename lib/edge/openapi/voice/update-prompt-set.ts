// PATCH /prompt-sets/{id}
import { badRequest, error, internal, tooLarge, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { componentRef, jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { setIdParameter } from "@/lib/edge/openapi/voice/components";

export function updatePromptSetOperation() {
  return {
    operationId: "updatePromptSet",
    tags: ["Prompt sets"],
    summary: "Rename, re-voice, or edit, add, remove and reorder the prompts",
    description:
      "prompts replaces the whole ordered list; give a prompt's id to rename it and keep its audio. " +
      "A prompt keeps its audio while its text and the set's voice, model, format and settings are unchanged; " +
      "otherwise it becomes pending (queued again if a generation is running).",
    parameters: [setIdParameter],
    requestBody: componentRef("requestBodies", "PromptSetUpdate"),
    responses: {
      "200": { description: "The set as it is now.", content: jsonContent(ref("PromptSet"), examples.promptSet) },
      ...badRequest("a field as in create, or a prompt id that is not of this set"),
      ...unauthorized,
      ...tooLarge,
      ...error(404, "No such prompt set, or voice_id is not a voice of the connected account.", [
        "not_found",
        "voice_not_found",
      ]),
      ...internal,
    },
  };
}
