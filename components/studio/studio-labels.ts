// Labels and the format shape the studio's sound controls share (the playground, the
// prompt-set forms and sound-controls.tsx), in a file of their own so none imports another.
import type { FormatGroup } from "@/lib/voice/audio/formats";
import type { ModelId } from "@/lib/platform/config/model-ids";

export type StudioFormat = {
  id: string;
  label: string;
  group: FormatGroup;
  file_extension: string;
  content_type: string;
  min_provider_plan?: "creator" | "pro";
  default: boolean;
};

export const MODEL_LABELS: Record<ModelId, string> = {
  tts_multilingual_v2: "Multilingual v2 (default)",
  tts_flash_v2_5: "Flash v2.5: lowest latency",
  tts_turbo_v2_5: "Turbo v2.5: fast",
  tts_v3: "v3: most expressive",
};

export const GROUP_LABELS: Record<FormatGroup, string> = {
  telephony: "Telephony: plays as-is on Asterisk, FreeSWITCH and most PBXs",
  wav: "WAV",
  pcm: "Raw PCM",
  mp3: "MP3",
  opus: "Opus",
};

export const PLAN_LABELS = { creator: "Creator plan", pro: "Pro plan" } as const;
