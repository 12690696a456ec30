// The playground's sliders, bounded by the API's own schema so the studio can never offer a
// value POST /tts would refuse.
import { resolvedVoiceSettingsSchema, type ResolvedVoiceSettings } from "@/lib/voice/schemas";

type SliderSetting = "stability" | "similarity_boost" | "style" | "speed";

export type SliderSpec = {
  key: SliderSetting;
  label: string;
  min: number;
  max: number;
  step: number;
  hint: string;
  format: (v: number) => string;
};

const shape = resolvedVoiceSettingsSchema.shape;
const bounds = (key: SliderSetting) => ({ min: shape[key].minValue ?? 0, max: shape[key].maxValue ?? 1 });
const percent = (v: number) => `${Math.round(v * 100)}%`;

export const SLIDERS: SliderSpec[] = [
  {
    key: "stability",
    label: "Stability",
    ...bounds("stability"),
    step: 0.01,
    format: percent,
    hint: "Low is more expressive, high is steadier.",
  },
  {
    key: "similarity_boost",
    label: "Similarity",
    ...bounds("similarity_boost"),
    step: 0.01,
    format: percent,
    hint: "How closely delivery sticks to the original voice.",
  },
  {
    key: "style",
    label: "Style exaggeration",
    ...bounds("style"),
    step: 0.01,
    format: percent,
    hint: "0 is fastest and most stable.",
  },
  {
    key: "speed",
    label: "Speed",
    ...bounds("speed"),
    step: 0.01,
    format: (v) => `${v.toFixed(2)}×`,
    hint: "Speaking-rate multiplier; 1.00× is normal.",
  },
];

export function sameSettings(a: ResolvedVoiceSettings, b: ResolvedVoiceSettings): boolean {
  return (
    a.stability === b.stability &&
    a.similarity_boost === b.similarity_boost &&
    a.style === b.style &&
    a.speed === b.speed &&
    a.use_speaker_boost === b.use_speaker_boost
  );
}
