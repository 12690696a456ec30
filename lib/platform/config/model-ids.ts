// The Voice API's model ids, the one list: configuration (lib/platform/env.ts maps each to an
// ElevenLabs model) and the Voice API's schemas both read it, so it sits below both.
export const modelIds = ["tts_multilingual_v2", "tts_flash_v2_5", "tts_turbo_v2_5", "tts_v3"] as const;
export type ModelId = (typeof modelIds)[number];
