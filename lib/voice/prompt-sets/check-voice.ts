import "server-only";
import { promptSetLanguageSchema } from "@/lib/voice/prompt-sets/schemas";
import { VoiceApiError } from "@/lib/voice/errors";
import { getVoiceCatalog } from "@/lib/voice/voice-catalog";

/**
 * Refuses a voice the connected account does not have (as POST /tts would, but at once rather
 * than on every prompt of a generation) and answers its language, the set's default folder.
 */
export async function checkVoice(voiceId: string): Promise<{ language: string }> {
  const catalog = getVoiceCatalog();
  if (!(await catalog.voiceDefaults(voiceId))) {
    throw new VoiceApiError("voice_not_found", `No voice ${voiceId} on the connected account; GET /voices lists them.`);
  }
  const voice = (await catalog.listVoices()).find((v) => v.id === voiceId);
  const language = promptSetLanguageSchema.safeParse(voice?.language?.replace("-", "_"));
  return { language: language.success ? language.data : "en" };
}
