import "server-only";
import { env } from "@/lib/env";
import { createElevenLabsProvider } from "@/lib/voice/providers/elevenlabs-provider";
import { createLocalProvider } from "@/lib/voice/providers/local-provider";
import type { SpeechProvider } from "@/lib/voice/providers/speech-provider";

let provider: SpeechProvider | undefined;

/** The provider SPEECH_PROVIDER selects, built once per process. */
export function getSpeechProvider(): SpeechProvider {
  if (!provider) {
    const e = env();
    if (e.SPEECH_PROVIDER === "elevenlabs") {
      if (!e.ELEVENLABS_API_KEY) throw new Error("SPEECH_PROVIDER=elevenlabs needs ELEVENLABS_API_KEY.");
      provider = createElevenLabsProvider({
        apiKey: e.ELEVENLABS_API_KEY,
        baseUrl: e.ELEVENLABS_BASE_URL,
        timeoutMs: e.ELEVENLABS_TIMEOUT_MS,
        models: e.ELEVENLABS_MODEL_MAP,
      });
    } else {
      provider = createLocalProvider();
    }
  }
  return provider;
}
