// GET /prompt-sets/{id}/status
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { internal, setNotFound, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";
import { setIdParameter } from "@/lib/edge/openapi/voice/components";

export function getPromptSetStatusOperation() {
  return {
    operationId: "getPromptSetStatus",
    tags: ["Prompt sets"],
    summary: "A prompt set's generation progress",
    description: "Counts for the set (done, cached, failed...) and one line per prompt with its status and error.",
    parameters: [setIdParameter],
    responses: {
      "200": {
        description: "The progress.",
        content: jsonContent(ref("PromptSetStatus"), examples.promptSetStatus),
      },
      ...unauthorized,
      ...setNotFound(),
      ...internal,
    },
  };
}
