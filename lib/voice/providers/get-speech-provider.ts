import "server-only";
import { env } from "@/lib/platform/env";
import { lazy } from "@/lib/platform/lazy";
import { createElevenLabsProvider } from "@/lib/voice/providers/elevenlabs-provider";
import { createLocalProvider } from "@/lib/voice/providers/local-provider";
import type { SpeechProvider } from "@/lib/voice/providers/speech-provider";

/** The provider SPEECH_PROVIDER selects, built once per process. */
export const getSpeechProvider = lazy((): SpeechProvider => {
  const e = env();
  if (e.SPEECH_PROVIDER !== "elevenlabs") return createLocalProvider();
  // lib/platform/env.ts refuses SPEECH_PROVIDER=elevenlabs without ELEVENLABS_API_KEY at boot.
  return createElevenLabsProvider({
    apiKey: e.ELEVENLABS_API_KEY!,
    baseUrl: e.ELEVENLABS_BASE_URL,
    timeoutMs: e.ELEVENLABS_TIMEOUT_MS,
    models: e.ELEVENLABS_MODEL_MAP,
  });
});
