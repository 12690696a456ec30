import type { PcmAudio } from "@/lib/voice/audio/pcm";
import type { OutputFormat } from "@/lib/voice/audio/formats";
import type { ModelId } from "@/lib/platform/config/model-ids";
import type { ResolvedVoiceSettings, Voice } from "@/lib/voice/providers/voice-schemas";
import type { SsmlPiece } from "@/lib/voice/ssml/parse-ssml";

export type SynthesisRequest = {
  text: string;
  voiceId: string;
  modelId: ModelId;
  /** Every setting resolved (request over the voice's defaults). */
  settings: ResolvedVoiceSettings;
  /** The format the caller wants; providers pick the upstream format they synthesize in. */
  format: OutputFormat;
  /**
   * What to say with its marks (SSML, lexicon pronunciations), when the request has any; then
   * `text` is only its spoken words. Absent for plain text with no lexicon.
   */
  pieces?: readonly SsmlPiece[];
};

/**
 * A speech engine behind GET /voices and POST /tts (DESIGN.md "Speech"). Providers return
 * mono PCM; trimming, levelling and encoding into the requested format happen once, in
 * lib/voice/audio, for every provider alike.
 */
export interface SpeechProvider {
  /** Part of every content-cache key, so switching providers never serves another's audio. */
  readonly id: string;
  /** Synthesis uses this machine's CPU (eSpeak), rather than waiting on a remote service. */
  readonly runsLocally: boolean;
  /** Every voice on the connected account, uncached (list-voices.ts caches). */
  listVoices(): Promise<Voice[]>;
  /** The voice's stored default settings, or null when the account has no such voice. */
  voiceDefaults(voiceId: string): Promise<ResolvedVoiceSettings | null>;
  /**
   * The voice settings that change this provider's output. The others are accepted (the API
   * takes all five) but leave them out of the content-cache key and the studio hides them.
   */
  readonly honouredSettings: readonly VoiceSettingName[];
  /** Sample rate `synthesize` will return for this format and voice (lets the encoder start early). */
  sourceSampleRate(format: OutputFormat, voiceId: string): number;
  synthesize(request: SynthesisRequest): Promise<PcmAudio>;
  /** What of `pieces` this voice cannot render as marked (the answer's `warnings`). */
  pieceWarnings?(voiceId: string, modelId: ModelId, pieces: readonly SsmlPiece[]): Promise<string[]>;
  /** Engines on this machine and how their start-up probe went (absent for a remote provider). */
  engineStatus?(): Promise<EngineStatus[]>;
}

/** One speech engine as its start-up probe found it (GET /health/details). */
export type EngineStatus = {
  engine: string;
  available: boolean;
  /** Voices that passed the probe and are offered. */
  voices: number;
  /** Why the engine, or some of its voices, are not offered; null when everything answered. */
  problem: string | null;
};

export type VoiceSettingName = keyof ResolvedVoiceSettings;

export type UpstreamFailure = "format_not_in_plan" | "rejected" | "voice_not_found" | "rate_limited" | "failed";

/** A provider could not deliver; lib/voice maps `kind` to the API's error codes. */
export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "UpstreamError";
  }
}

/** ElevenLabs' documented defaults; also what the local provider reports as its voices' defaults. */
export const DEFAULT_VOICE_SETTINGS: ResolvedVoiceSettings = {
  stability: 0.5,
  similarity_boost: 0.75,
  style: 0,
  speed: 1,
  use_speaker_boost: true,
};
