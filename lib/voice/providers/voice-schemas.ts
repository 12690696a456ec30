// The shapes a speech provider answers in: a voice of its catalogue and the settings synthesis
// used. Providers own them; lib/voice/schemas.ts builds the API's schemas on them. Importable by
// client and server.
import { z } from "zod";

/** Every setting filled in: what synthesis actually used (request over the voice's defaults). */
export const resolvedVoiceSettingsSchema = z.strictObject({
  stability: z.number().min(0).max(1),
  similarity_boost: z.number().min(0).max(1),
  style: z.number().min(0).max(1),
  speed: z.number().min(0.7).max(1.2),
  use_speaker_boost: z.boolean(),
});
export type ResolvedVoiceSettings = z.infer<typeof resolvedVoiceSettingsSchema>;

export const voiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  gender: z.string().nullable(),
  age: z.string().nullable(),
  accent: z.string().nullable(),
  language: z.string().nullable(),
  locale: z.string().nullable(),
  languages: z.array(z.string()),
  preview_url: z.string().nullable(),
});
export type Voice = z.infer<typeof voiceSchema>;
