import { archiveQuerySchema } from "@/lib/prompt-sets/schemas";
import { streamPromptSetArchive } from "@/lib/prompt-sets/stream-prompt-set-archive";
import { contentDisposition } from "@/lib/storage/object-storage";
import { getCurrentUser } from "@/lib/users/current-user";
import { describeVoiceError } from "@/lib/voice/errors";

export const dynamic = "force-dynamic";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

// The studio's "Download archive": the same streamed zip as GET /prompt-sets/{id}/archive, for
// the session's organisation (another's set is a 404), laid out as ?layout= asks.
export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await getCurrentUser();
  if (!user) return text("Sign in to download prompt sets.", 401);
  const { id } = await params;
  try {
    const { layout } = archiveQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
    const { body, filename } = await streamPromptSetArchive({ orgId: user.orgId, id, layout });
    return new Response(body, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": contentDisposition("attachment", filename),
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    const { status, message } = describeVoiceError(error);
    return text(message, status);
  }
}
