// DELETE /prompt-sets/{id}
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { internal, setNotFound, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";
import { setIdParameter } from "@/lib/edge/openapi/voice/components";

export function deletePromptSetOperation() {
  return {
    operationId: "deletePromptSet",
    tags: ["Prompt sets"],
    summary: "Delete a prompt set",
    description: "A running generation stops. Generated audio stays in the content cache for other requests.",
    parameters: [setIdParameter],
    responses: {
      "200": { description: "Deleted.", content: jsonContent(ref("DeletedPromptSet"), examples.deletedPromptSet) },
      ...unauthorized,
      ...setNotFound(),
      ...internal,
    },
  };
}
