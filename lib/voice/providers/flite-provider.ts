import "server-only";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseWav } from "@/lib/voice/audio/pcm";
import { runProcess } from "@/lib/voice/audio/run-process";
import { env } from "@/lib/platform/env";
import type { LocalEngine, LocalVoice } from "@/lib/voice/providers/local-voice";

const FLITE_TIMEOUT_MS = 15_000;

const english = { language: "en", languages: ["en"], age: "adult", category: "flite", sampleRate: 16000 };

/**
 * The voices Debian's flite is built with, described honestly. `kal` (8 kHz) and `awb_time`
 * (it can only say times of day) are left out: `kal16` is the same speaker at 16 kHz.
 */
export const FLITE_VOICES: readonly LocalVoice[] = [
  {
    ...english,
    id: "fliteSlt",
    name: "Slt (Flite)",
    description:
      "US English female, unit selection from CMU's ARCTIC recordings, run by Flite: natural voice quality with " +
      "audible joins. Very fast, free and fully offline.",
    gender: "female",
    accent: "America",
    locale: "en-US",
    engineVoice: "slt",
  },
  {
    ...english,
    id: "fliteRms",
    name: "Rms (Flite)",
    description:
      "US English male, unit selection from CMU's ARCTIC recordings, run by Flite: natural voice quality with " +
      "audible joins. Very fast, free and fully offline.",
    gender: "male",
    accent: "America",
    locale: "en-US",
    engineVoice: "rms",
  },
  {
    ...english,
    id: "fliteAwb",
    name: "Awb (Flite)",
    description:
      "English male with a Scottish accent, unit selection from CMU's ARCTIC recordings, run by Flite. " +
      "Very fast, free and fully offline.",
    gender: "male",
    accent: "Scotland",
    locale: "en-GB",
    engineVoice: "awb",
  },
  {
    ...english,
    id: "fliteKal",
    name: "Kal (Flite diphone)",
    description:
      "US English male diphone voice, run by Flite: flat and robotic but intelligible. Very fast, free and fully offline.",
    gender: "male",
    accent: "America",
    locale: "en-US",
    engineVoice: "kal16",
  },
];

/** The Flite voices of `flite -lv` output ("Voices available: kal awb_time kal16 awb rms slt"). */
export function fliteVoicesIn(listing: string): LocalVoice[] {
  const installed = new Set(listing.replace(/^.*?:/, "").split(/\s+/).filter(Boolean));
  return FLITE_VOICES.filter((voice) => installed.has(voice.engineVoice));
}

/**
 * Flite, run as a program. It cannot read text from a pipe or write a WAVE file to one, so
 * both go through a private temporary directory; the script is a file, never an argument.
 * Honours `speed` (duration_stretch).
 */
export function createFliteEngine(): LocalEngine {
  return {
    async voices() {
      const out = await runProcess(env().FLITE_PATH, ["-lv"], new Uint8Array(), { timeoutMs: FLITE_TIMEOUT_MS });
      return fliteVoicesIn(out.toString("utf8"));
    },
    async synthesize(voice, text, speed) {
      const dir = await mkdtemp(path.join(tmpdir(), "flite-"));
      try {
        const input = path.join(dir, "script.txt");
        const output = path.join(dir, "speech.wav");
        await writeFile(input, text, "utf8");
        const args = [
          "-voice",
          voice.engineVoice,
          "--setf",
          `duration_stretch=${1 / speed}`,
          "-f",
          input,
          "-o",
          output,
        ];
        await runProcess(env().FLITE_PATH, args, new Uint8Array(), { timeoutMs: FLITE_TIMEOUT_MS });
        return parseWav(await readFile(output));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
