// POST /prompt-sets
import { badRequest, error, internal, tooLarge, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { componentRef, jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";

export function createPromptSetOperation() {
  return {
    operationId: "createPromptSet",
    tags: ["Prompt sets"],
    summary: "Create a prompt set",
    description:
      "Prompt names become file names: lower-case letters, digits, - and _, unique in the set. " +
      "The voice is checked at once. language (the Asterisk/FreeSWITCH folder) defaults to the voice's language, else en. " +
      "Nothing is generated until POST /prompt-sets/{id}/generate.",
    requestBody: componentRef("requestBodies", "PromptSetCreate"),
    responses: {
      "201": {
        description: "The new set; every prompt pending.",
        content: jsonContent(ref("PromptSet"), examples.promptSet),
      },
      ...badRequest("a name, prompt name (with its index), text, voice, model, format or setting"),
      ...unauthorized,
      ...tooLarge,
      ...error(404, "voice_id is not a voice of the connected account.", ["voice_not_found"]),
      ...internal,
    },
  };
}
