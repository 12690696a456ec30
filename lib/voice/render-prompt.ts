import "server-only";
import { conditionSpeech, TELEPHONY_TARGET, WIDEBAND_TARGET } from "@/lib/audio/condition-speech";
import { startEncoder } from "@/lib/audio/encode-audio";
import type { OutputFormat } from "@/lib/voice/formats";
import type { SpeechProvider, SynthesisRequest } from "@/lib/voice/providers/speech-provider";

/**
 * Bumped whenever trimming, levelling or encoder settings change what a request produces;
 * it is part of every content-cache key, so old cached audio is not served for new rules.
 */
export const AUDIO_PIPELINE_VERSION = "audio-v1";

/**
 * Synthesis -> trim + level -> one ffmpeg run into the requested format. ffmpeg is started
 * before synthesis so its start-up overlaps with the provider's work.
 */
export async function renderPrompt(provider: SpeechProvider, request: SynthesisRequest): Promise<Buffer> {
  const format = request.format;
  let encoder = startEncoder(format, provider.sourceSampleRate(format));
  try {
    const pcm = await provider.synthesize(request);
    const { pcm: conditioned } = conditionSpeech(pcm, targetFor(format));
    if (conditioned.sampleRate !== encoder.inputRate) {
      encoder.cancel();
      encoder = startEncoder(format, conditioned.sampleRate);
    }
    return await encoder.encode(conditioned);
  } finally {
    encoder.cancel();
  }
}

export function targetFor(format: OutputFormat) {
  return format.group === "telephony" ? TELEPHONY_TARGET : WIDEBAND_TARGET;
}
