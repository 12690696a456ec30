import { withVoiceApiKey } from "@/lib/edge/api/with-voice-api-key";
import { archiveQuerySchema } from "@/lib/voice/prompt-sets/schemas";
import { streamPromptSetArchive } from "@/lib/voice/prompt-sets/stream-prompt-set-archive";
import { attachmentResponse } from "@/lib/platform/http/object-response";
import { voiceMethods } from "@/lib/voice/methods";

export const dynamic = "force-dynamic";

export const GET = withVoiceApiKey<{ id: string }>(async ({ req, principal, params }) => {
  const { layout } = archiveQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  const { body, filename } = await streamPromptSetArchive({ orgId: principal.orgId, id: params.id, layout });
  return attachmentResponse(body, { contentType: "application/zip", filename });
});

const { notAllowed, options } = voiceMethods("GET");
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
