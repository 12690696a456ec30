// Where a Node process's resident memory goes, from outside it: the kernel's view
// (/proc/<pid>/smaps_rollup: anonymous memory vs file-backed pages, i.e. code and mapped files)
// and V8's (a diagnostic report, written when the process gets the report signal; the app must
// run with --report-on-signal, see bench/soak.ts). Nothing is added to the app's request paths.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

export type MemoryBreakdown = {
  rssBytes: number;
  /** File-backed resident pages: the node binary, native add-ons (.node, .so), mapped files. */
  fileBytes: number;
  /** Anonymous resident memory: V8's heap plus everything malloc'd (buffers, native add-ons). */
  anonymousBytes: number;
  /** V8's heap as committed (all spaces), and the part holding live-or-not-yet-collected objects. */
  heapTotalBytes?: number;
  heapUsedBytes?: number;
  /** Memory outside the heap that JS objects hold (Buffers, ArrayBuffers), part of the anonymous. */
  externalBytes?: number;
  /** The largest heap spaces, committed bytes. */
  heapSpaces?: Record<string, number>;
};

const MiB = 1024 * 1024;

function smapsRollup(pid: number): { rss: number; anonymous: number } {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? NaN) * 1024;
  return { rss: field("Rss"), anonymous: field("Anonymous") };
}

/** Asks the process for a diagnostic report (SIGUSR2) and reads V8's heap figures from it. */
async function v8Heap(pid: number, reportDir: string) {
  const before = new Set(existsSync(reportDir) ? readdirSync(reportDir) : []);
  process.kill(pid, "SIGUSR2");
  for (let waited = 0; waited < 20_000; waited += 200) {
    await new Promise((r) => setTimeout(r, 200));
    const file = readdirSync(reportDir).find((f) => !before.has(f) && f.includes(`.${pid}.`) && f.endsWith(".json"));
    if (!file) continue;
    try {
      const report = JSON.parse(readFileSync(path.join(reportDir, file), "utf8"));
      rmSync(path.join(reportDir, file));
      const heap = report.javascriptHeap;
      const spaces: Record<string, number> = {};
      for (const [name, space] of Object.entries(heap.heapSpaces as Record<string, { memorySize: number }>))
        spaces[name] = space.memorySize;
      return {
        total: Number(heap.totalMemory),
        used: Number(heap.usedMemory),
        external: Number(heap.externalMemory),
        spaces,
      };
    } catch {
      // still being written
    }
  }
  return undefined;
}

/** The report directory the app is started with (created, emptied of old reports). */
export function prepareReportDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(dir)) if (file.startsWith("report.")) rmSync(path.join(dir, file));
  return dir;
}

export async function memoryBreakdown(pid: number, reportDir: string): Promise<MemoryBreakdown> {
  const heap = await v8Heap(pid, reportDir);
  const kernel = smapsRollup(pid);
  return {
    rssBytes: kernel.rss,
    fileBytes: kernel.rss - kernel.anonymous,
    anonymousBytes: kernel.anonymous,
    heapTotalBytes: heap?.total,
    heapUsedBytes: heap?.used,
    externalBytes: heap?.external,
    heapSpaces: heap?.spaces,
  };
}

/** One markdown table row: RSS = code and mapped files + V8 heap + other anonymous (native). */
export function breakdownRow(moment: string, b: MemoryBreakdown): string {
  const mib = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? "-" : (n / MiB).toFixed(0));
  const native = b.heapTotalBytes === undefined ? undefined : b.anonymousBytes - b.heapTotalBytes;
  const spaces = Object.entries(b.heapSpaces ?? {})
    .sort(([, x], [, y]) => y - x)
    .slice(0, 3)
    .map(([name, bytes]) => `${name.replace(/_space$/, "")} ${mib(bytes)}`)
    .join(", ");
  return `| ${moment} | ${mib(b.rssBytes)} | ${mib(b.fileBytes)} | ${mib(b.heapTotalBytes)} (${mib(b.heapUsedBytes)} used; ${spaces}) | ${mib(native)} | ${mib(b.externalBytes)} |`;
}

export const BREAKDOWN_HEADER = [
  "| Moment | RSS MiB | code and mapped files | V8 heap, committed (used; largest spaces) | other anonymous (native: malloc, buffers, add-ons) | of which external (Buffers, ArrayBuffers) |",
  "|---|---:|---:|---|---:|---:|",
].join("\n");
