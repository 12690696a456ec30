// What every on-this-machine speech engine (eSpeak NG, Festival, Flite) hands the local
// provider: its installed voices, described for GET /voices, and a way to speak with one.
import type { PcmAudio } from "@/lib/voice/audio/pcm";
import type { Voice } from "@/lib/voice/providers/voice-schemas";

export type LocalVoice = Omit<Voice, "preview_url"> & {
  /** What the engine itself calls the voice (eSpeak's -v, Festival's voice function, Flite's -voice). */
  engineVoice: string;
  /** The rate the engine renders this voice at, so the encoder can start before synthesis. */
  sampleRate: number;
};

export interface LocalEngine {
  /** Installed voices; an engine that is not installed has none rather than failing the others. */
  voices(): Promise<LocalVoice[]>;
  /**
   * `speed` is a speaking-rate multiplier (1 is the voice's own pace). `words` are pronunciations
   * for words of `text`, in the engine's lexicon notation (only engines that take them get any).
   */
  synthesize(voice: LocalVoice, text: string, speed: number, words?: readonly LexiconWord[]): Promise<PcmAudio>;
}

/** A word of a prompt and how to say it, in the engine's own lexicon notation. */
export type LexiconWord = { word: string; pronunciation: string };

/** The voice as GET /voices shows it: the spec's fields and nothing of the engine's. */
export function toPublicVoice(voice: LocalVoice, previewUrl: string): Voice {
  const { id, name, description, category, gender, age, accent, language, locale, languages } = voice;
  return { id, name, description, category, gender, age, accent, language, locale, languages, preview_url: previewUrl };
}

/** Speech synthesis failed inside a local engine (lib/voice maps it to upstream_error). */
export function engineFailure(engine: string, error: unknown): string {
  return `The local speech engine (${engine}) failed: ${error instanceof Error ? error.message : String(error)}`;
}
