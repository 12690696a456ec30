import { objectResponse } from "@/lib/storage/object-response";
import { getCurrentUser } from "@/lib/users/current-user";
import { getGenerationAudio } from "@/lib/voice/get-generation-audio";

export const dynamic = "force-dynamic";

// The studio's player reads a prompt's bytes from here (same origin, whichever storage driver
// is configured) to draw its waveform and to decode formats browsers cannot play. Signed-in
// users only, and only audio their own organisation generated.
export async function GET(req: Request, { params }: { params: Promise<{ sha256: string }> }) {
  const user = await getCurrentUser();
  if (!user)
    return new Response("Sign in to play studio audio.", { status: 401, headers: { "Cache-Control": "no-store" } });
  const { sha256 } = await params;
  const audio = await getGenerationAudio({ orgId: user.orgId, sha256 });
  if (!audio)
    return new Response("No such prompt in your organisation.", {
      status: 404,
      headers: { "Cache-Control": "no-store" },
    });
  return objectResponse(req, audio.bytes, {
    contentType: audio.contentType,
    filename: `prompt-${audio.sha256.slice(0, 12)}${audio.fileExtension}`,
    disposition: "inline",
    // Content-addressed: the bytes behind a hash never change, but they are the organisation's own.
    cacheControl: "private, max-age=3600",
  });
}
export { GET as HEAD };
