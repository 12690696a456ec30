import "server-only";
import { getVoiceCatalog, type VoiceCatalog } from "@/lib/voice/voice-catalog";

/** GET /voices: every voice on the connected account, flattened for a picker. */
export async function listVoices(catalog: VoiceCatalog = getVoiceCatalog()) {
  const voices = await catalog.listVoices();
  return { voices, count: voices.length };
}
