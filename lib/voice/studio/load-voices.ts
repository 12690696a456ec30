import "server-only";
import { describeVoiceError } from "@/lib/voice/errors";
import { listVoices } from "@/lib/voice/list-voices";
import type { Voice } from "@/lib/voice/schemas";

/** The voices for a studio page; when the provider is down and nothing is cached, the reason instead. */
export async function loadStudioVoices(): Promise<{ voices: Voice[]; error: string | null }> {
  try {
    return { voices: (await listVoices()).voices, error: null };
  } catch (error) {
    // The provider is down and no earlier list is cached: say so, keep the rest of the page.
    return { voices: [], error: describeVoiceError(error).message };
  }
}
