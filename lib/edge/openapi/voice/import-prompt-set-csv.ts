// PUT /prompt-sets/{id}/prompts.csv
import { badRequest, internal, setNotFound, tooLarge, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";
import { setIdParameter } from "@/lib/edge/openapi/voice/components";

export function importPromptSetCsvOperation() {
  return {
    operationId: "importPromptSetCsv",
    tags: ["Prompt sets"],
    summary: "Replace the set's prompts from a name,text CSV",
    description:
      "A header row naming the columns name and text (any order; other columns ignored), then a row per prompt, as a " +
      "spreadsheet saves it (UTF-8, a BOM allowed, at most 2 MB). Same rules and same keeping of audio as PATCH with prompts. " +
      "Nothing changes unless every row is valid; the 400 names each bad row by its spreadsheet row number (the header is row 1).",
    parameters: [setIdParameter],
    requestBody: { required: true, content: { "text/csv": { schema: { type: "string" }, example: examples.csv } } },
    responses: {
      "200": { description: "The set as it is now.", content: jsonContent(ref("PromptSet"), examples.promptSet) },
      ...badRequest("a bad row (named by number), a missing header, or a Content-Type other than text/csv"),
      ...unauthorized,
      ...tooLarge,
      ...setNotFound(),
      ...internal,
    },
  };
}
