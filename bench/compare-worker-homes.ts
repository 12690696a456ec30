// nice -n 10 npx tsx --conditions=react-server bench/compare-worker-homes.ts [--rounds=3] [--photos=15]
// The face estimator's worker as a child process (what the app runs) against a worker thread (what
// it ran before), engine and worker only (no HTTP):
// - time, in one process, interleaved so both homes see the same machine load: each round, a fresh
//   estimator of each home in turn (the order alternates by round) takes its first selfie (the
//   process or thread start, the models' load, the first inference), then `photos` selfies one at a
//   time, alternating between the homes photo by photo;
// - memory, from the kernel (/proc), each home in a fresh process of this script (so neither sees
//   what the other left): its RSS before the first selfie, with the models loaded after 10
//   selfies, and 5 s after the worker was stopped; and the worker process's RSS and PSS (shared
//   pages split among the processes that map them) while loaded.
// The fixture photos are read as files, so this process never loads the image decoder itself.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createFaceEstimator } from "@/lib/verification/methods/face/face-estimator";

type Home = "process" | "thread";
const HOMES: Home[] = ["thread", "process"];

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const rounds = Number(arg("rounds") ?? 3);
const photosPerRound = Number(arg("photos") ?? 15);
const PHOTOS = ["adult-70-plus", "adult-50-59", "adult-20-29", "teen-10-19", "child-3-9"].map(
  (name) => new Uint8Array(readFileSync(path.resolve("tests/fixtures/faces", `${name}.jpg`))),
);
const MiB = 1024 * 1024;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process, from the kernel. */
function memoryOf(pid: number | "self"): { rss: number; pss: number } {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? NaN) * 1024;
  return { rss: field("Rss"), pss: field("Pss") };
}

async function time(work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

type Memory = { before: number; loaded: number; after: number; workerRss?: number; workerPss?: number };

/** One home's memory, in this (fresh) process; printed as JSON for the parent run. */
async function measureMemory(home: Home): Promise<Memory> {
  const estimator = createFaceEstimator(undefined, { home });
  const before = memoryOf("self").rss;
  for (let i = 0; i < 10; i++) await estimator.measure(PHOTOS[i % PHOTOS.length], true);
  const loaded = memoryOf("self").rss;
  const worker = estimator.pid === undefined ? undefined : memoryOf(estimator.pid);
  estimator.stop();
  await pause(5000);
  return { before, loaded, after: memoryOf("self").rss, workerRss: worker?.rss, workerPss: worker?.pss };
}

const only = arg("memory") as Home | undefined;
if (only) {
  console.log(JSON.stringify(await measureMemory(only)));
  process.exit(0);
}

const startMs: Record<Home, number[]> = { process: [], thread: [] };
const photoMs: Record<Home, number[]> = { process: [], thread: [] };
for (let round = 1; round <= rounds; round++) {
  const homes = round % 2 ? HOMES : [...HOMES].reverse();
  const estimators = Object.fromEntries(homes.map((home) => [home, createFaceEstimator(undefined, { home })]));
  for (const home of homes) startMs[home].push(await time(() => estimators[home].measure(PHOTOS[0], true)));
  for (let i = 0; i < photosPerRound; i++) {
    for (const home of i % 2 ? [...homes].reverse() : homes)
      photoMs[home].push(await time(() => estimators[home].measure(PHOTOS[i % PHOTOS.length], true)));
  }
  for (const home of homes) estimators[home].stop();
  console.error(
    `[round ${round}] first selfie: ${homes.map((h) => `${h} ${startMs[h].at(-1)!.toFixed(0)} ms`).join(", ")}; ` +
      `selfie p50 so far: ${homes.map((h) => `${h} ${median(photoMs[h]).toFixed(0)} ms`).join(", ")}`,
  );
}

// Memory: each home twice, alternating, each in a fresh process of this script.
const memory: Record<Home, Memory[]> = { process: [], thread: [] };
for (const home of [...HOMES, ...[...HOMES].reverse()]) {
  const output = execFileSync(process.execPath, [...process.execArgv, process.argv[1], `--memory=${home}`], {
    encoding: "utf8",
  });
  memory[home].push(JSON.parse(output.trim().split("\n").at(-1)!));
  console.error(`[memory] ${home}: ${output.trim()}`);
}

const mib = (bytes: number | undefined) => (bytes === undefined ? "-" : (bytes / MiB).toFixed(0));
const m = (home: Home, pick: (x: Memory) => number | undefined) => {
  const values = memory[home].map(pick).filter((v): v is number => v !== undefined);
  return values.length ? median(values) : undefined;
};
console.log(
  `Face estimator's worker: ${rounds} rounds of ${photosPerRound} selfies per home (medians; memory: ` +
    `medians of 2 fresh processes per home). Load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")} at the end.`,
);
console.log("");
console.log(
  "| Home | first selfie ms | selfie p50 ms | this process's RSS before MiB | with the models loaded MiB | 5 s after the worker ended MiB | worker process RSS MiB | its PSS MiB |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const home of HOMES)
  console.log(
    `| ${home} | ${median(startMs[home]).toFixed(0)} | ${median(photoMs[home]).toFixed(0)} | ` +
      `${mib(m(home, (x) => x.before))} | ${mib(m(home, (x) => x.loaded))} | ${mib(m(home, (x) => x.after))} | ` +
      `${mib(m(home, (x) => x.workerRss))} | ${mib(m(home, (x) => x.workerPss))} |`,
  );
