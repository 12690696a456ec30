import { withStudioUser } from "@/lib/edge/api/with-studio-user";
import { exportPromptCsv } from "@/lib/voice/prompt-sets/export-prompt-csv";
import { attachmentResponse } from "@/lib/platform/http/object-response";

export const dynamic = "force-dynamic";

// Export CSV: GET /prompt-sets/{id}/prompts.csv for the session's organisation (another's set
// is a 404): `name,text`, which Import CSV reads back unchanged, under the same file name.
export const GET = withStudioUser<{ id: string }>(async ({ user, params }) => {
  const { csv, filename } = await exportPromptCsv({ orgId: user.orgId, id: params.id });
  return attachmentResponse(csv, { contentType: "text/csv; charset=utf-8", filename });
});
