import { studioText, withStudioUser } from "@/lib/edge/api/with-studio-user";
import { objectResponse } from "@/lib/platform/http/object-response";
import { getGenerationAudio } from "@/lib/voice/get-generation-audio";

export const dynamic = "force-dynamic";

// The studio's player reads a prompt's bytes from here (same origin, whichever storage driver
// is configured) to draw its waveform and to decode formats browsers cannot play. Signed-in
// users only, and only audio their own organisation generated.
export const GET = withStudioUser<{ sha256: string }>(async ({ req, user, params }) => {
  const audio = await getGenerationAudio({ orgId: user.orgId, sha256: params.sha256 });
  if (!audio) return studioText("No such prompt in your organisation.", 404);
  return objectResponse(req, audio.bytes, {
    contentType: audio.contentType,
    filename: `prompt-${audio.sha256.slice(0, 12)}${audio.fileExtension}`,
    disposition: "inline",
    // Content-addressed: the bytes behind a hash never change, but they are the organisation's own.
    cacheControl: "private, max-age=3600",
  });
});
export { GET as HEAD };
