import { handleApiRequest } from "@/lib/platform/http/api-request";
import { strongEtag } from "@/lib/platform/http/prepared-response";
import { objectResponse } from "@/lib/platform/http/object-response";
import { toVoiceErrorResponse } from "@/lib/voice/errors";
import { getVoicePreview } from "@/lib/voice/get-voice-preview";
import { voiceMethods } from "@/lib/voice/methods";

export const dynamic = "force-dynamic";

// Public, like the upstream provider's preview links: <audio src> cannot send an API key, and
// a sample of a stock voice is no secret. Each preview is synthesized once, then stored. Logged
// like every API request: one summary line, and any error line, under its Request-Id.
export function GET(req: Request, { params }: { params: Promise<{ voiceId: string }> }) {
  return handleApiRequest(req, async () => {
    try {
      const { voiceId } = await params;
      const bytes = await getVoicePreview(voiceId);
      return objectResponse(req, bytes, {
        contentType: "audio/mpeg",
        filename: `${voiceId}-preview.mp3`,
        disposition: "inline",
        cacheControl: "public, max-age=86400",
        etag: strongEtag(bytes),
      });
    } catch (error) {
      return toVoiceErrorResponse(error);
    }
  });
}
export { GET as HEAD };

const { notAllowed, options } = voiceMethods("GET");
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
