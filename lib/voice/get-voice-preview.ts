import "server-only";
import { createHash } from "node:crypto";
import { getStorage } from "@/lib/platform/storage/get-storage";
import type { ObjectStorage } from "@/lib/platform/storage/object-storage";
import { VoiceApiError } from "@/lib/voice/errors";
import { getOutputFormat } from "@/lib/voice/audio/formats";
import { previewText } from "@/lib/voice/providers/espeak-voices";
import { createLocalProvider, findLocalVoice } from "@/lib/voice/providers/local-provider";
import { DEFAULT_VOICE_SETTINGS, type SpeechProvider } from "@/lib/voice/providers/speech-provider";
import { AUDIO_PIPELINE_VERSION, renderPrompt } from "@/lib/voice/render-prompt";
import { SingleFlight } from "@/lib/platform/single-flight";

const PREVIEW_FORMAT_ID = "mp3_24000_48";

const generating = new SingleFlight<Buffer>();

/**
 * The MP3 sample behind a local voice's preview_url: generated the first time anyone asks,
 * stored, and served from storage ever after (also across processes and restarts).
 */
export async function getVoicePreview(
  voiceId: string,
  storage: ObjectStorage = getStorage(),
  provider: SpeechProvider = createLocalProvider(),
): Promise<Buffer> {
  const voice = (await findLocalVoice(voiceId))?.voice;
  if (!voice) throw new VoiceApiError("voice_not_found", `No local voice ${voiceId}.`);
  const text = previewText(voice.language ?? "en");
  const version = createHash("sha256")
    .update(JSON.stringify([AUDIO_PIPELINE_VERSION, voice.engineVoice, text]))
    .digest("hex")
    .slice(0, 16);
  const key = `previews/local/${voice.id}-${version}.mp3`;

  const stored = await storage.get(key);
  if (stored) return stored;
  const { value } = await generating.run(key, async () => {
    const format = getOutputFormat(PREVIEW_FORMAT_ID);
    const bytes = await renderPrompt(provider, {
      text,
      voiceId: voice.id,
      modelId: "tts_multilingual_v2",
      settings: DEFAULT_VOICE_SETTINGS,
      format,
    });
    await storage.put(key, bytes, format.contentType);
    return bytes;
  });
  return value;
}
