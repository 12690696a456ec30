import "server-only";
import { parseWav } from "@/lib/voice/audio/pcm";
import { runProcess } from "@/lib/voice/audio/run-process";
import { env } from "@/lib/platform/env";
import { parseEspeakVoiceList, toLocalVoice } from "@/lib/voice/providers/espeak-voices";
import type { LocalEngine, LocalVoice } from "@/lib/voice/providers/local-voice";

// eSpeak NG's default speaking rate is 175 words per minute.
const ESPEAK_DEFAULT_WPM = 175;
const ESPEAK_TIMEOUT_MS = 15_000;

/**
 * eSpeak NG, run as a program: robotic but instant, and the only local engine for most
 * languages. Honours `speed` (-s words per minute).
 */
export function createEspeakEngine(): LocalEngine {
  return {
    async voices(): Promise<LocalVoice[]> {
      const out = await runProcess(env().ESPEAK_NG_PATH, ["--voices"], new Uint8Array(), {
        timeoutMs: ESPEAK_TIMEOUT_MS,
      });
      return parseEspeakVoiceList(out.toString("utf8")).map(toLocalVoice);
    },
    async synthesize(voice, text, speed) {
      const wpm = Math.round(ESPEAK_DEFAULT_WPM * speed);
      // Text goes in on stdin, never as an argument, so a script starting with "-" is just text.
      // Without -m, markup in the script is read out rather than interpreted.
      const args = ["-v", voice.engineVoice, "-s", String(wpm), "-b", "1", "--stdout"];
      return parseWav(
        await runProcess(env().ESPEAK_NG_PATH, args, Buffer.from(text, "utf8"), { timeoutMs: ESPEAK_TIMEOUT_MS }),
      );
    },
  };
}
