// npx tsx --conditions=react-server bench/compare-festival-pool.ts [--rounds=3] [--prompts=8]
// Festival kept loaded against Festival started per prompt (text2wave, what the app did before
// issue 32's pool), on the same prompts in the same run, interleaved prompt by prompt so both see
// the same machine load. Prints each round's median milliseconds per prompt and the ratio, then
// the median of the rounds. Engine only (no HTTP, no encoding): the difference is the start-up.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { FESTIVAL_VOICES, festivalSetup } from "@/lib/voice/providers/festival-provider";
import { createFestivalPool } from "@/lib/voice/providers/festival-process-pool";

const run = promisify(execFile);
const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const rounds = arg("rounds", 3);
const prompts = readFileSync(path.resolve("eval/voice/ivr-prompts.txt"), "utf8")
  .trim()
  .split("\n")
  .slice(0, arg("prompts", 8));
const voice = FESTIVAL_VOICES[0];
const setup = festivalSetup(voice, 1);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function time(work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const pool = createFestivalPool({ program: () => "festival", size: 1, timeoutMs: 60_000, idleMs: 60_000 });
await pool.synthesize(setup, "Warming up."); // the pool's one start, paid before the first prompt
const results: { perProcess: number; pooled: number }[] = [];
for (let round = 1; round <= rounds; round++) {
  const perProcess: number[] = [];
  const pooled: number[] = [];
  for (const text of prompts) {
    const child = run("text2wave", ["-eval", `(begin ${setup})`, "-o", "/dev/null"], { encoding: "buffer" });
    perProcess.push(await time(async () => (child.child.stdin!.end(text), await child)));
    pooled.push(await time(() => pool.synthesize(setup, text)));
  }
  const row = { perProcess: median(perProcess), pooled: median(pooled) };
  results.push(row);
  console.error(
    `[round ${round}] text2wave per prompt ${row.perProcess.toFixed(0)} ms, pool ${row.pooled.toFixed(0)} ms, ` +
      `ratio ${(row.pooled / row.perProcess).toFixed(2)}`,
  );
}
pool.stop();
const perProcess = median(results.map((r) => r.perProcess));
const pooled = median(results.map((r) => r.pooled));
console.log(`| Festival (${voice.id}), ${prompts.length} IVR prompts, median of ${rounds} rounds | ms per prompt |`);
console.log("|---|---:|");
console.log(`| started per prompt (text2wave) | ${perProcess.toFixed(0)} |`);
console.log(`| kept loaded (pool) | ${pooled.toFixed(0)} |`);
console.log(`| ratio, pool / per prompt | ${(pooled / perProcess).toFixed(2)} |`);
