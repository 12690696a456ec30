// GET /prompt-sets
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { internal, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";

export function listPromptSetsOperation() {
  return {
    operationId: "listPromptSets",
    tags: ["Prompt sets"],
    summary: "List the organisation's prompt sets",
    description:
      "Newest first, each with its generation progress (no prompts; GET /prompt-sets/{id} has them). Not paged: " +
      "every set of the organisation in one answer, with count.",
    responses: {
      "200": {
        description: "Every set, with count.",
        content: jsonContent(ref("PromptSetList"), examples.promptSetList),
      },
      ...unauthorized,
      ...internal,
    },
  };
}
