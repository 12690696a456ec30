// GET /prompt-sets/{id}/prompts.csv
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { setIdParameter } from "@/lib/edge/openapi/voice/components";
import { internal, setNotFound, unauthorized } from "@/lib/edge/openapi/voice/errors";

export function exportPromptSetCsvOperation() {
  return {
    operationId: "exportPromptSetCsv",
    tags: ["Prompt sets"],
    summary: "The set's prompts as a name,text CSV",
    description: "Header row first, prompts in play order; PUT reads the same file back.",
    parameters: [setIdParameter],
    responses: {
      "200": {
        description: "The CSV.",
        headers: {
          "Content-Disposition": {
            required: true,
            description: 'attachment; filename="<set>-prompts.csv"',
            schema: { type: "string" },
          },
        },
        content: { "text/csv": { schema: { type: "string" }, example: examples.csv } },
      },
      ...unauthorized,
      ...setNotFound(),
      ...internal,
    },
  };
}
