import "server-only";
import { env } from "@/lib/platform/env";
import { lazy } from "@/lib/platform/lazy";
import { getSpeechProvider } from "@/lib/voice/providers/get-speech-provider";
import type { SpeechProvider } from "@/lib/voice/providers/speech-provider";
import type { ResolvedVoiceSettings, Voice } from "@/lib/voice/schemas";
import { StaleWhileErrorCache } from "@/lib/platform/single-flight";

/**
 * The provider's voices and their default settings, cached per process for
 * VOICES_CACHE_TTL_SECONDS (one hour by default). When the provider is down, the last good
 * copy keeps answering; only a cold cache turns an outage into an error.
 */
export type VoiceCatalog = {
  provider: SpeechProvider;
  listVoices(): Promise<Voice[]>;
  /** The voice's stored defaults, or null when the connected account has no such voice. */
  voiceDefaults(voiceId: string): Promise<ResolvedVoiceSettings | null>;
};

export function createVoiceCatalog(provider: SpeechProvider, ttlMs: () => number, now?: () => number): VoiceCatalog {
  const voices = new StaleWhileErrorCache<Voice[]>(ttlMs, 30_000, now);
  const defaults = new StaleWhileErrorCache<ResolvedVoiceSettings | null>(ttlMs, 30_000, now);
  return {
    provider,
    listVoices: () => voices.get("voices", () => provider.listVoices()),
    // Unknown voices are not remembered: a voice added upstream a minute later must work.
    voiceDefaults: (voiceId) =>
      defaults.get(voiceId, () => provider.voiceDefaults(voiceId), { cacheIf: (v) => v !== null }),
  };
}

/** The voice catalogue of the configured provider, one per process. */
export const getVoiceCatalog = lazy((): VoiceCatalog =>
  createVoiceCatalog(getSpeechProvider(), () => env().VOICES_CACHE_TTL_SECONDS * 1000),
);
