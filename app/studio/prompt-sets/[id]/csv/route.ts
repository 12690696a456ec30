import { getPromptSet } from "@/lib/prompt-sets/get-prompt-set";
import { formatPromptCsv } from "@/lib/prompt-sets/prompt-csv";
import { promptSetSlug } from "@/lib/prompt-sets/schemas";
import { contentDisposition } from "@/lib/storage/object-storage";
import { getCurrentUser } from "@/lib/users/current-user";
import { describeVoiceError } from "@/lib/voice/errors";

export const dynamic = "force-dynamic";

// Export CSV: the set's prompts as `name,text`, which Import CSV (and POST /prompt-sets' CSV
// users) read back unchanged. The session's organisation only; another's set is a 404.
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await getCurrentUser();
  if (!user)
    return new Response("Sign in to export prompt sets.", { status: 401, headers: { "Cache-Control": "no-store" } });
  const { id } = await params;
  try {
    const set = await getPromptSet({ orgId: user.orgId, id });
    return new Response(formatPromptCsv(set.prompts), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": contentDisposition("attachment", `${promptSetSlug(set.name)}.csv`),
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    const { status, message } = describeVoiceError(error);
    return new Response(message, { status, headers: { "Cache-Control": "no-store" } });
  }
}
