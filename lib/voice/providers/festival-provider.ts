import "server-only";
import { parseWav } from "@/lib/audio/pcm";
import { runProcess } from "@/lib/audio/run-process";
import { env } from "@/lib/env";
import type { LocalEngine, LocalVoice } from "@/lib/voice/providers/local-voice";

const FESTIVAL_TIMEOUT_MS = 30_000;

type FestivalVoice = LocalVoice & { kind: "hts" | "diphone" };

const englishUs = { language: "en", locale: "en-US", languages: ["en"], accent: "America", age: "adult" };

/**
 * The Festival voices Debian packages, described honestly. Only voices named here are offered
 * (an unknown one would have no truthful description); which of them exist is asked of
 * Festival at start-up.
 */
export const FESTIVAL_VOICES: readonly FestivalVoice[] = [
  {
    ...englishUs,
    id: "festivalSlt",
    name: "Slt (Festival HTS)",
    description:
      "US English female, statistical parametric (HTS) voice from CMU's ARCTIC recordings, run by Festival. " +
      "Natural intonation, slightly buzzy; the clearest local voice by word error rate. Free and fully offline.",
    category: "festival",
    gender: "female",
    engineVoice: "cmu_us_slt_arctic_hts",
    sampleRate: 32000,
    kind: "hts",
  },
  {
    ...englishUs,
    id: "festivalKal",
    name: "Kal (Festival diphone)",
    description:
      "US English male diphone voice (Festival, 16 kHz LPC): joined recorded sounds, so it sounds choppy and dated, " +
      "but it stays intelligible. Free and fully offline.",
    category: "festival",
    gender: "male",
    engineVoice: "kal_diphone",
    sampleRate: 16000,
    kind: "diphone",
  },
  {
    ...englishUs,
    id: "festivalKed",
    name: "Ked (Festival diphone)",
    description:
      "US English male diphone voice (Festival, 16 kHz LPC), deeper than Kal: choppy and dated, intelligible. " +
      "Free and fully offline.",
    category: "festival",
    gender: "male",
    engineVoice: "ked_diphone",
    sampleRate: 16000,
    kind: "diphone",
  },
];

/** The Festival voices of `voice.list` output ("(cmu_us_slt_arctic_hts kal_diphone)"). */
export function festivalVoicesIn(listing: string): LocalVoice[] {
  const installed = new Set(listing.replace(/[()]/g, " ").split(/\s+/).filter(Boolean));
  return FESTIVAL_VOICES.filter((voice) => installed.has(voice.engineVoice));
}

/**
 * Festival through its text2wave script. Text goes in on stdin (Festival's plain text mode: no
 * markup is interpreted); the -eval expressions hold only our voice names and numbers.
 * Honours `speed`: HTS voices through the engine's speech-rate option, diphone voices by
 * stretching durations.
 */
export function createFestivalEngine(): LocalEngine {
  const program = () => env().FESTIVAL_TEXT2WAVE_PATH;
  return {
    async voices() {
      const out = await runProcess(program(), ["-eval", "(begin (print (voice.list)) (quit))"], new Uint8Array(), {
        timeoutMs: FESTIVAL_TIMEOUT_MS,
      });
      return festivalVoicesIn(out.toString("utf8"));
    },
    async synthesize(voice, text, speed) {
      const known = FESTIVAL_VOICES.find((v) => v.id === voice.id);
      if (!known) throw new Error(`${voice.id} is not a Festival voice`);
      const rate =
        known.kind === "hts"
          ? `(set! hts_engine_params (append hts_engine_params (list (list "-r" ${speed}))))`
          : `(Parameter.set 'Duration_Stretch ${1 / speed})`;
      const args = ["-eval", `(voice_${known.engineVoice})`, "-eval", rate, "-o", "-"];
      return parseWav(await runProcess(program(), args, Buffer.from(text, "utf8"), { timeoutMs: FESTIVAL_TIMEOUT_MS }));
    },
  };
}
