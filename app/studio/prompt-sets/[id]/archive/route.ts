import { withStudioUser } from "@/lib/edge/api/with-studio-user";
import { archiveQuerySchema } from "@/lib/voice/prompt-sets/schemas";
import { streamPromptSetArchive } from "@/lib/voice/prompt-sets/stream-prompt-set-archive";
import { attachmentResponse } from "@/lib/platform/http/object-response";

export const dynamic = "force-dynamic";

// The studio's "Download archive": GET /prompt-sets/{id}/archive for the session's organisation
// (another's set is a 404), laid out as ?layout= asks.
export const GET = withStudioUser<{ id: string }>(async ({ req, user, params }) => {
  const { layout } = archiveQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  const { body, filename } = await streamPromptSetArchive({ orgId: user.orgId, id: params.id, layout });
  return attachmentResponse(body, { contentType: "application/zip", filename });
});
