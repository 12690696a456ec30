// GET /prompt-sets/{id}/archive
import { archiveLayouts } from "@/lib/voice/prompt-sets/schemas";
import { badRequest, error, internal, setNotFound, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { setIdParameter } from "@/lib/edge/openapi/voice/components";

export function downloadPromptSetArchiveOperation() {
  return {
    operationId: "downloadPromptSetArchive",
    tags: ["Prompt sets"],
    summary: "Download every prompt as one zip, laid out for a phone system",
    description:
      "Streamed. asterisk: <language>/custom/<name><ext> (.ulaw, .alaw, .sln, .wav; .wav16 for wav_16000); " +
      "freeswitch: <language>/<rate>/<name>.wav (headerless formats get a WAV header, samples unchanged); flat: <name><ext>. " +
      "prompts.csv (name, text, voice, format, duration in seconds, sha256 of the file as archived, file) comes last. " +
      "Every prompt must be done.",
    parameters: [
      setIdParameter,
      {
        name: "layout",
        in: "query",
        required: false,
        schema: { type: "string", enum: [...archiveLayouts], default: "asterisk" },
      },
    ],
    responses: {
      "200": {
        description: "The zip.",
        headers: {
          "Content-Disposition": {
            required: true,
            description: 'attachment; filename="<set>-<layout>.zip"',
            schema: { type: "string" },
          },
        },
        content: { "application/zip": { schema: { type: "string", contentMediaType: "application/zip" } } },
      },
      ...badRequest("layout"),
      ...unauthorized,
      ...setNotFound(),
      ...error(409, "Not every prompt is generated (or some audio is no longer stored).", ["prompt_set_not_ready"]),
      ...internal,
    },
  };
}
