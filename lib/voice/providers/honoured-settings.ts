// Which voice settings change each provider's audio. Client-safe: the providers declare theirs
// from here, and the studio hides the rest with one line saying why.
import type { VoiceSettingName } from "@/lib/voice/providers/speech-provider";

const ALL: readonly VoiceSettingName[] = ["stability", "similarity_boost", "style", "speed", "use_speaker_boost"];

export const HONOURED_SETTINGS: Record<string, readonly VoiceSettingName[]> = {
  // Festival, Flite and eSpeak NG only have a speaking rate among the API's settings.
  local: ["speed"],
  elevenlabs: ALL,
};

export function honouredSettings(providerId: string): readonly VoiceSettingName[] {
  return HONOURED_SETTINGS[providerId] ?? ALL;
}

/** The studio's one-line reason for the settings it hides, or null when none are hidden. */
export function hiddenSettingsNote(providerId: string): string | null {
  if (honouredSettings(providerId).length === ALL.length) return null;
  return "Stability, similarity, style and speaker boost change nothing on local voices (Festival, Flite, eSpeak NG), so they are hidden and never generate again.";
}
