import "server-only";
import { availableParallelism } from "node:os";
import { conditionSpeech, TELEPHONY_TARGET, WIDEBAND_TARGET } from "@/lib/voice/audio/condition-speech";
import { startEncoder } from "@/lib/voice/audio/encode-audio";
import type { PcmAudio } from "@/lib/voice/audio/pcm";
import type { OutputFormat } from "@/lib/voice/audio/formats";
import type { SpeechProvider, SynthesisRequest } from "@/lib/voice/providers/speech-provider";
import { Semaphore } from "@/lib/platform/single-flight";

/**
 * Bumped whenever trimming, levelling, encoder settings or the text local voices are given
 * (`speak-ivr-text.ts`) change what a request produces;
 * it is part of every content-cache key, so old cached audio is not served for new rules.
 */
export const AUDIO_PIPELINE_VERSION = "audio-v4";

// Rendering runs child processes (the speech engine; ffmpeg for MP3 and Opus) that each want a core. A burst of distinct
// uncached prompts would otherwise start hundreds of them at once and slow every request
// (and the rest of the app) to a crawl; beyond this many, renders wait their turn.
const renderSlots = new Semaphore(Math.max(2, availableParallelism() * 2));

/**
 * Synthesis -> trim + level -> the requested format (written in JS for the PCM formats, one
 * ffmpeg run for MP3 and Opus). For providers that synthesize on this machine, that ffmpeg is
 * started before synthesis so its start-up overlaps with the provider's work; a remote
 * provider's wait holds no slot.
 */
export async function renderPrompt(provider: SpeechProvider, request: SynthesisRequest): Promise<Buffer> {
  if (provider.runsLocally) return renderSlots.run(() => render(provider, request));
  const pcm = await provider.synthesize(request);
  return renderSlots.run(() => encode(pcm, request.format));
}

async function render(provider: SpeechProvider, request: SynthesisRequest): Promise<Buffer> {
  const format = request.format;
  const encoder = startEncoder(format, provider.sourceSampleRate(format, request.voiceId));
  try {
    const pcm = await provider.synthesize(request);
    const { pcm: conditioned } = conditionSpeech(pcm, targetFor(format));
    if (conditioned.sampleRate !== encoder.inputRate) return await encode(pcm, format);
    return await encoder.encode(conditioned);
  } finally {
    encoder.cancel();
  }
}

function encode(pcm: PcmAudio, format: OutputFormat): Promise<Buffer> {
  const { pcm: conditioned } = conditionSpeech(pcm, targetFor(format));
  return startEncoder(format, conditioned.sampleRate).encode(conditioned);
}

export function targetFor(format: OutputFormat) {
  return format.group === "telephony" ? TELEPHONY_TARGET : WIDEBAND_TARGET;
}
