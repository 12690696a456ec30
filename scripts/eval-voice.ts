// npm run eval:voice [-- --voices=id,id] [--limit=N] [--prompts=fresh]: how well an independent recogniser (CMU
// PocketSphinx, US English model, Debian packages pocketsphinx and pocketsphinx-en-us) understands
// every local English voice. Each prompt of eval/voice/ivr-prompts.txt is rendered through the
// app's own pipeline (synthesis, trim, level, encode), once as wav_16000 and once as ulaw_8000
// (the phone band, decoded back to 8 kHz PCM), and transcribed; word error rates are pooled over
// all prompts after normalising numbers, money and times on both sides (lib/voice/word-error-rate).
// Also prints the real-time factor of rendering and the phone file's peak and clipping. Not part
// of the test suite; PocketSphinx is never used by the app.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parseWav } from "@/lib/voice/audio/pcm";
import { getOutputFormat } from "@/lib/voice/audio/formats";
import { stopFestivalProcesses } from "@/lib/voice/providers/festival-provider";
import { createLocalProvider } from "@/lib/voice/providers/local-provider";
import { DEFAULT_VOICE_SETTINGS } from "@/lib/voice/providers/speech-provider";
import { renderPrompt } from "@/lib/voice/render-prompt";
import { wordErrorRate } from "@/lib/voice/word-error-rate";

const run = promisify(execFile);
const MODEL = "/usr/share/pocketsphinx/model/en-us";
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];

// The prompts the voices were chosen on, or (--prompts=fresh) 40 written afterwards and never
// tuned on: the default voice is chosen on the first and reported once on the second.
const PROMPT_FILES: Record<string, string> = {
  tuned: "eval/voice/ivr-prompts.txt",
  fresh: "eval/voice/fresh-ivr-prompts.txt",
};
const promptFile = PROMPT_FILES[arg("prompts") ?? "tuned"];
if (!promptFile) throw new Error(`--prompts must be ${Object.keys(PROMPT_FILES).join(" or ")}`);
const prompts = readFileSync(path.resolve(promptFile), "utf8").trim().split("\n");
const limit = Number(arg("limit") ?? prompts.length);
const texts = prompts.slice(0, limit);
const provider = createLocalProvider();
const only = arg("voices")?.split(",");
// Every local English voice, except eSpeak's many English accents: its US voice and its female
// variants stand for them (same engine, same formant synthesis) unless --voices names others.
const voices = (await provider.listVoices()).filter((v) =>
  only ? only.includes(v.id) : v.language === "en" && (v.category !== "espeak-ng" || /^espeakEnUs(F\d)?$/.test(v.id)),
);

/** PocketSphinx over a batch of WAVE files (one model load per batch); hypotheses in file order. */
async function transcribe(dir: string, names: string[]): Promise<string[]> {
  const ctl = path.join(dir, `${names[0]}.ctl`);
  const hyp = path.join(dir, `${names[0]}.hyp`);
  writeFileSync(ctl, names.join("\n") + "\n");
  await run(
    "pocketsphinx_batch",
    [
      "-adcin",
      "yes",
      "-adchdr",
      "44",
      "-cepdir",
      dir,
      "-cepext",
      ".wav",
      "-ctl",
      ctl,
      "-hyp",
      hyp,
      "-logfn",
      "/dev/null",
      "-hmm",
      `${MODEL}/en-us`,
      "-lm",
      `${MODEL}/en-us.lm.bin`,
      "-dict",
      `${MODEL}/cmudict-en-us.dict`,
    ],
    { maxBuffer: 1 << 26 },
  );
  const byName = new Map<string, string>();
  for (const line of readFileSync(hyp, "utf8").split("\n")) {
    const match = /^(.*) \((\S+) -?\d+\)$/.exec(line);
    if (match) byName.set(match[2], match[1]);
  }
  return names.map((name) => byName.get(name) ?? "");
}

const dbfs = (x: number) => (x === 0 ? -Infinity : 20 * Math.log10(x / 32768));
const rows: string[] = [];
for (const voice of voices) {
  const dir = mkdtempSync(path.join(tmpdir(), `eval-voice-${voice.id}-`));
  let renderSeconds = 0;
  let audioSeconds = 0;
  let peak = 0;
  let clipped = 0;
  let samples = 0;
  const names: string[] = [];
  for (const [i, text] of texts.entries()) {
    const request = {
      text,
      voiceId: voice.id,
      modelId: "tts_multilingual_v2" as const,
      settings: DEFAULT_VOICE_SETTINGS,
    };
    const started = performance.now();
    const wide = await renderPrompt(provider, { ...request, format: getOutputFormat("wav_16000") });
    renderSeconds += (performance.now() - started) / 1000;
    audioSeconds += (wide.length - 44) / 2 / 16000;
    writeFileSync(path.join(dir, `w${i}.wav`), wide);
    // The phone band as a trunk carries it: the app's μ-law file, decoded back to linear PCM.
    // The model is wideband (its filterbank reaches 6.8 kHz and refuses 8 kHz input), so the
    // decoded call is resampled to 16 kHz: the recogniser hears it with nothing above 4 kHz.
    const ulaw = await renderPrompt(provider, { ...request, format: getOutputFormat("ulaw_8000") });
    writeFileSync(path.join(dir, `u${i}.ulaw`), ulaw);
    await run("ffmpeg", [
      "-v",
      "error",
      "-y",
      "-f",
      "mulaw",
      "-ar",
      "8000",
      "-ac",
      "1",
      "-i",
      path.join(dir, `u${i}.ulaw`),
      "-ar",
      "16000",
      "-c:a",
      "pcm_s16le",
      "-fflags",
      "+bitexact",
      "-map_metadata",
      "-1",
      path.join(dir, `n${i}.wav`),
    ]);
    const pcm = parseWav(readFileSync(path.join(dir, `n${i}.wav`)));
    for (const s of pcm.samples) {
      const a = Math.abs(s);
      if (a > peak) peak = a;
      if (a >= 32000) clipped++;
    }
    samples += pcm.samples.length;
    names.push(String(i));
  }
  const [wideHeard, narrowHeard] = await Promise.all([
    transcribe(
      dir,
      names.map((n) => `w${n}`),
    ),
    transcribe(
      dir,
      names.map((n) => `n${n}`),
    ),
  ]);
  const wideWer = wordErrorRate(texts.map((reference, i) => ({ reference, hypothesis: wideHeard[i] })));
  const narrowWer = wordErrorRate(texts.map((reference, i) => ({ reference, hypothesis: narrowHeard[i] })));
  if (process.argv.includes("--verbose")) {
    for (const [i, text] of texts.entries())
      console.error(`${voice.id} | ${text} | ${wideHeard[i]} | ${narrowHeard[i]}`);
  }
  const pct = (r: number) => `${(100 * r).toFixed(1)}%`;
  rows.push(
    `| ${voice.name} | \`${voice.id}\` | ${pct(wideWer.rate)} (${wideWer.errors}/${wideWer.words}) | ${pct(narrowWer.rate)} (${narrowWer.errors}/${narrowWer.words}) | ${(renderSeconds / audioSeconds).toFixed(3)} | ${dbfs(peak).toFixed(1)} dBFS, ${((100 * clipped) / samples).toFixed(3)}% |`,
  );
  console.error(`${voice.id}: ${pct(wideWer.rate)} wideband, ${pct(narrowWer.rate)} phone band`);
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `${texts.length} prompts of ${promptFile}, PocketSphinx en-us (generic language model), pooled word error rate\n`,
);
console.log(
  "| Voice | id | WER, wav_16000 | WER, ulaw_8000 round trip | Real-time factor (render) | Phone file peak, samples ≥ 32000 |",
);
console.log("|---|---|---:|---:|---:|---|");
for (const row of rows) console.log(row);
stopFestivalProcesses();
