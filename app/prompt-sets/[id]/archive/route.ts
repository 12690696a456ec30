import { archiveQuerySchema } from "@/lib/prompt-sets/schemas";
import { streamPromptSetArchive } from "@/lib/prompt-sets/stream-prompt-set-archive";
import { contentDisposition } from "@/lib/storage/object-storage";
import { voiceMethods } from "@/lib/voice/methods";
import { withVoiceApiKey } from "@/lib/api/with-voice-api-key";

export const dynamic = "force-dynamic";

export const GET = withVoiceApiKey<{ id: string }>(async ({ req, principal, params }) => {
  const { layout } = archiveQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  const archive = await streamPromptSetArchive({ orgId: principal.orgId, id: params.id, layout });
  return new Response(archive.body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition("attachment", archive.filename),
      "Cache-Control": "no-store",
    },
  });
});

const { notAllowed, options } = voiceMethods("GET");
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
