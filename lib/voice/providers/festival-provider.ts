import "server-only";
import { availableParallelism } from "node:os";
import { parseWav } from "@/lib/voice/audio/pcm";
import { runProcess } from "@/lib/voice/audio/run-process";
import { env } from "@/lib/platform/env";
import { createFestivalPool, type FestivalPool } from "@/lib/voice/providers/festival-process-pool";
import type { LexiconWord, LocalEngine, LocalVoice } from "@/lib/voice/providers/local-voice";

const FESTIVAL_TIMEOUT_MS = 30_000;
// Synthesis is CPU-bound: more processes than cores only share them; at least two so one long
// prompt does not hold up every other. A prompt set generates 4 at a time by default.
const FESTIVAL_PROCESSES = Math.min(4, Math.max(2, availableParallelism()));
const FESTIVAL_IDLE_MS = 60_000;

export type FestivalVoice = LocalVoice & { kind: "hts" | "diphone" };

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

let pool: FestivalPool | undefined;

function festivalPool(): FestivalPool {
  pool ??= createFestivalPool({
    program: () => env().FESTIVAL_PATH,
    size: FESTIVAL_PROCESSES,
    timeoutMs: FESTIVAL_TIMEOUT_MS,
    idleMs: FESTIVAL_IDLE_MS,
  });
  return pool;
}

/** Ends the waiting Festival processes (tests and scripts that want to exit promptly). */
export function stopFestivalProcesses() {
  pool?.stop();
}

/**
 * The Scheme that selects `voice` at `speed` before each prompt. Every prompt sets everything
 * it depends on (a voice function resets its own parameters; Duration_Stretch is global), so
 * a process's earlier prompts never change what the next one sounds like. HTS voices honour
 * `speed` through the engine's speech-rate option, diphone voices by stretching durations.
 */
export function festivalSetup(voice: FestivalVoice, speed: number, words: readonly LexiconWord[] = []): string {
  const rate =
    voice.kind === "hts"
      ? `(set! hts_engine_params (append hts_engine_params (list (list "-r" ${speed}))))`
      : `(Parameter.set 'Duration_Stretch ${1 / speed})`;
  // Lexicon entries outlive the prompt in the process, so they are only ever added for words
  // no script contains (lib/voice/pronounce.ts makes them from the pronunciation itself).
  const entries = words
    .filter((w) => /^[a-z]+$/.test(w.word) && /^[a-z0-9() ]+$/.test(w.pronunciation))
    .map((w) => ` (lex.add.entry '("${w.word}" nil ${w.pronunciation}))`)
    .join("");
  return `(Parameter.set 'Duration_Stretch 1) (voice_${voice.engineVoice}) ${rate}${entries}`;
}

/**
 * Festival, kept loaded in a small pool of processes (`festival-process-pool.ts`). The text goes
 * in a private file read in Festival's plain text mode (no markup is interpreted); the Scheme
 * holds only our voice names and numbers.
 */
export function createFestivalEngine(): LocalEngine {
  return {
    async voices() {
      const out = await runProcess(env().FESTIVAL_PATH, ["--pipe"], Buffer.from("(print (voice.list))\n"), {
        timeoutMs: FESTIVAL_TIMEOUT_MS,
      });
      return festivalVoicesIn(out.toString("utf8"));
    },
    async synthesize(voice, text, speed, words) {
      const known = FESTIVAL_VOICES.find((v) => v.id === voice.id);
      if (!known) throw new Error(`${voice.id} is not a Festival voice`);
      return parseWav(await festivalPool().synthesize(festivalSetup(known, speed, words), text));
    },
  };
}
