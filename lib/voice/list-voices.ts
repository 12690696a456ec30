import "server-only";
import { preparedJsonFor } from "@/lib/platform/http/prepared-response";
import type { Voice } from "@/lib/voice/schemas";
import { getVoiceCatalog, type VoiceCatalog } from "@/lib/voice/voice-catalog";

/** GET /voices: every voice on the connected account, flattened for a picker. */
export async function listVoices(catalog: VoiceCatalog = getVoiceCatalog()) {
  const voices = await catalog.listVoices();
  return { voices, count: voices.length };
}

// The catalog hands out the same array until it refreshes, so the answer is encoded and
// compressed once per refresh, not once per request.
const prepareVoiceList = preparedJsonFor((voices: Voice[]) => ({ voices, count: voices.length }));

/** GET /voices as bytes prepared once (ETag, gzip, br) for the catalog's current list. */
export async function listVoicesPrepared(catalog: VoiceCatalog = getVoiceCatalog()) {
  return prepareVoiceList(await catalog.listVoices());
}
