import "server-only";
import { parseWav, type PcmAudio } from "@/lib/audio/pcm";
import { ProcessError, runProcess } from "@/lib/audio/run-process";
import { env } from "@/lib/env";
import { parseEspeakVoiceList, toPublicVoice, type EspeakVoice } from "@/lib/voice/providers/espeak-voices";
import { DEFAULT_VOICE_SETTINGS, UpstreamError, type SpeechProvider, type SynthesisRequest } from "@/lib/voice/providers/speech-provider";

// eSpeak NG always renders at 22.05 kHz; its default speaking rate is 175 words per minute.
const ESPEAK_SAMPLE_RATE = 22050;
const ESPEAK_DEFAULT_WPM = 175;
const ESPEAK_TIMEOUT_MS = 15_000;

/**
 * The embedded default provider: eSpeak NG, run as a program. Robotic but instant, offline
 * and free. Of the voice settings only `speed` changes eSpeak's output (-s words per minute);
 * the others have no eSpeak counterpart and are accepted as-is (they still key the cache).
 * The model id does not change the output either.
 */
export function createLocalProvider(): SpeechProvider {
  return {
    id: "local",
    runsLocally: true,
    async listVoices() {
      const origin = env().APP_URL.replace(/\/$/, "");
      return (await espeakCatalogue()).map((voice) => toPublicVoice(voice, `${origin}/voices/${voice.id}/preview.mp3`));
    },
    async voiceDefaults(voiceId) {
      return (await findEspeakVoice(voiceId)) ? DEFAULT_VOICE_SETTINGS : null;
    },
    sourceSampleRate() {
      return ESPEAK_SAMPLE_RATE;
    },
    async synthesize(request: SynthesisRequest): Promise<PcmAudio> {
      const voice = await findEspeakVoice(request.voiceId);
      if (!voice) throw new UpstreamError("voice_not_found", `No voice ${request.voiceId}.`);
      const wpm = Math.round(ESPEAK_DEFAULT_WPM * request.settings.speed);
      // Text goes in on stdin, never as an argument, so a script starting with "-" is just text.
      // Without -m, markup in the script is read out rather than interpreted.
      const args = ["-v", voice.espeakName, "-s", String(wpm), "-b", "1", "--stdout"];
      try {
        return parseWav(await runProcess(env().ESPEAK_NG_PATH, args, Buffer.from(request.text, "utf8"), { timeoutMs: ESPEAK_TIMEOUT_MS }));
      } catch (error) {
        const detail = error instanceof ProcessError ? error.message : String(error);
        throw new UpstreamError("failed", `The local speech engine failed: ${detail}`, { cause: error });
      }
    },
  };
}

let catalogue: Promise<EspeakVoice[]> | undefined;

/** The installed voices never change while the process runs, so they are read once. */
export function espeakCatalogue(): Promise<EspeakVoice[]> {
  catalogue ??= runProcess(env().ESPEAK_NG_PATH, ["--voices"], new Uint8Array(), { timeoutMs: ESPEAK_TIMEOUT_MS })
    .then((out) => parseEspeakVoiceList(out.toString("utf8")))
    .catch((error) => {
      catalogue = undefined;
      throw new UpstreamError("failed", `Could not list eSpeak NG voices: ${error instanceof Error ? error.message : error}`, {
        cause: error,
      });
    });
  return catalogue;
}

export async function findEspeakVoice(voiceId: string): Promise<EspeakVoice | undefined> {
  return (await espeakCatalogue()).find((voice) => voice.id === voiceId);
}
