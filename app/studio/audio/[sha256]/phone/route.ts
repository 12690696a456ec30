import { studioText, withStudioUser } from "@/lib/edge/api/with-studio-user";
import { phoneCodecFor, phoneCodecs, renderPhoneBand } from "@/lib/voice/audio/phone-band";
import { objectResponse } from "@/lib/platform/http/object-response";
import { getOutputFormat } from "@/lib/voice/audio/formats";
import { getGenerationAudio } from "@/lib/voice/get-generation-audio";
import { isOneOf } from "@/lib/platform/narrow";

export const dynamic = "force-dynamic";

// "Hear it as a caller": the prompt through a G.711 line (8 kHz, μ-law or A-law) and back, as a
// WAV the browser plays. Signed-in users only, and only audio their own organisation generated,
// like the original beside it. ?codec=ulaw|alaw; by default the law the prompt's format implies.
export const GET = withStudioUser<{ sha256: string }>(async ({ req, user, params }) => {
  const requested = new URL(req.url).searchParams.get("codec");
  if (requested !== null && !isOneOf(phoneCodecs, requested)) {
    return studioText(`codec must be one of ${phoneCodecs.join(", ")}.`, 400);
  }
  const audio = await getGenerationAudio({ orgId: user.orgId, sha256: params.sha256 });
  if (!audio) return studioText("No such prompt in your organisation.", 404);
  const format = getOutputFormat(audio.outputFormat);
  const codec = isOneOf(phoneCodecs, requested) ? requested : phoneCodecFor(format);
  const wav = await renderPhoneBand(audio.bytes, format, codec);
  return objectResponse(req, Buffer.from(wav), {
    contentType: "audio/wav",
    filename: `prompt-${audio.sha256.slice(0, 12)}-phone-${codec}.wav`,
    disposition: "inline",
    // Derived from content-addressed audio: the same hash and codec always render the same.
    cacheControl: "private, max-age=3600",
  });
});
export { GET as HEAD };
