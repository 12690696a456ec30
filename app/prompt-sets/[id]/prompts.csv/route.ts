import { BodyError, readBodyText } from "@/lib/platform/http/read-json";
import { exportPromptCsv } from "@/lib/voice/prompt-sets/export-prompt-csv";
import { importPromptCsv } from "@/lib/voice/prompt-sets/import-prompt-csv";
import { MAX_PROMPT_CSV_BYTES } from "@/lib/voice/prompt-sets/prompt-csv";
import { attachmentResponse } from "@/lib/platform/http/object-response";
import { voiceMethods } from "@/lib/voice/methods";
import { withVoiceApiKey } from "@/lib/edge/api/with-voice-api-key";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const GET = withVoiceApiKey<Params>(async ({ principal, params }) => {
  const { csv, filename } = await exportPromptCsv({ orgId: principal.orgId, id: params.id });
  return attachmentResponse(csv, { contentType: "text/csv; charset=utf-8", filename });
});

export const PUT = withVoiceApiKey<Params>(async ({ req, principal, params }) => {
  if (!/^text\/csv\s*(;|$)/i.test(req.headers.get("content-type") ?? "")) {
    throw new BodyError("Content-Type must be text/csv (a name,text CSV with a header row).", "Content-Type");
  }
  const csv = await readBodyText(req, MAX_PROMPT_CSV_BYTES);
  return Response.json(await importPromptCsv({ orgId: principal.orgId, id: params.id, csv }));
});

const { notAllowed, options } = voiceMethods("GET PUT");
export { notAllowed as POST, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
