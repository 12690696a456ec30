import type { ModelId } from "@/lib/platform/config/model-ids";
import type { ResolvedVoiceSettings } from "@/lib/voice/schemas";

/** What the playground's form holds. */
export type PlaygroundState = {
  text: string;
  modelId: ModelId;
  formatId: string;
  settings: ResolvedVoiceSettings | null;
  /** False while the voice's defaults apply (then no voice_settings are sent). */
  customSettings: boolean;
  /** The script is an SSML document (text_type ssml). */
  ssml: boolean;
  /** Pronunciation lexicons applied, in order (at most 4). */
  lexiconIds: string[];
};

/** A prompt the player can show: a fresh POST /tts result or an item of the history. */
export type PlayerPrompt = {
  sha256: string;
  bytes: number;
  output_format: string;
  file_extension: string;
  content_type: string;
  audio_url: string;
  cached: boolean;
  characters: number;
  voice_id: string;
  model_id: string;
  text: string;
  /** What the voice could not do as asked (a fresh result; the history does not keep them). */
  warnings?: string[];
  /** Where it came from: just generated, or replayed from the history (with its time). */
  source: { kind: "generated" } | { kind: "history"; id: string; createdAt: string };
};

export function promptFilename(prompt: Pick<PlayerPrompt, "sha256" | "file_extension">): string {
  // The same name the download link's Content-Disposition offers.
  return `prompt-${prompt.sha256.slice(0, 12)}${prompt.file_extension}`;
}

export function formatBytes(bytes: number): string {
  const exact = `${bytes.toLocaleString("en-US")} bytes`;
  if (bytes < 1024) return exact;
  const kb = bytes / 1024;
  return kb < 1024 ? `${exact} (${kb.toFixed(1)} KB)` : `${exact} (${(kb / 1024).toFixed(2)} MB)`;
}
