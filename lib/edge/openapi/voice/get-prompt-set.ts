// GET /prompt-sets/{id}
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { internal, setNotFound, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";
import { setIdParameter } from "@/lib/edge/openapi/voice/components";

export function getPromptSetOperation() {
  return {
    operationId: "getPromptSet",
    tags: ["Prompt sets"],
    summary: "Retrieve a prompt set with its prompts",
    description:
      "Each done prompt has a fresh signed audio_url, its duration, sha256 and whether the content cache served it.",
    parameters: [setIdParameter],
    responses: {
      "200": { description: "The set.", content: jsonContent(ref("PromptSet"), examples.promptSet) },
      ...unauthorized,
      ...setNotFound(),
      ...internal,
    },
  };
}
