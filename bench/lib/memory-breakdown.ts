// Where a Node process's resident memory goes, from outside it: the kernel's view
// (/proc/<pid>/smaps_rollup: anonymous memory vs file-backed pages, i.e. code and mapped files)
// and V8's (a diagnostic report, written when the process gets the report signal; the app must
// run with --report-on-signal, see bench/soak.ts). Nothing is added to the app's request paths.
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
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
  /** V8's heap limit as the server sees it: shows whether --max-old-space-size reached it. */
  heapLimitBytes?: number;
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
        limit: Number(heap.memoryLimit),
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
  for (const file of readdirSync(dir))
    if (file.startsWith("report.") || file.endsWith(".heapsnapshot")) rmSync(path.join(dir, file));
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
    heapLimitBytes: heap?.limit,
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
  return `| ${moment} | ${mib(b.rssBytes)} | ${mib(b.fileBytes)} | ${mib(b.heapTotalBytes)} (${mib(b.heapUsedBytes)} used; ${spaces}) | ${mib(native)} | ${mib(b.externalBytes)} | ${mib(b.heapLimitBytes)} |`;
}

export const BREAKDOWN_HEADER = [
  "| Moment | RSS MiB | code and mapped files | V8 heap, committed (used; largest spaces) | other anonymous (native: malloc, buffers, add-ons) | of which external (Buffers, ArrayBuffers) | V8 heap limit |",
  "|---|---:|---:|---|---:|---:|---:|",
].join("\n");

/** The signal the app takes a heap snapshot on (soak's --heap-snapshots); SIGUSR2 is the report's, SIGUSR1 the inspector's. */
export const HEAP_SNAPSHOT_SIGNAL = "SIGURG";

/**
 * Asks the process for a heap snapshot (it must run with --heapsnapshot-signal and
 * --diagnostic-dir=dir) and waits until V8 has written all of it; returns its path, renamed to
 * `name`. The process stops serving while it writes, and its memory afterwards is not
 * comparable to a run without one.
 */
export async function takeHeapSnapshot(pid: number, dir: string, name: string, timeoutMs = 15 * 60_000) {
  const before = new Set(readdirSync(dir));
  process.kill(pid, HEAP_SNAPSHOT_SIGNAL);
  let lastSize = -1;
  for (let waited = 0; waited < timeoutMs; waited += 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    const file = readdirSync(dir).find((f) => !before.has(f) && f.includes(`.${pid}.`) && f.endsWith(".heapsnapshot"));
    if (!file) continue;
    // The file is written front to back and ends with the strings table's "]}"; done when it
    // ends so and stopped growing.
    const full = path.join(dir, file);
    const size = statSync(full).size;
    const grew = size !== lastSize;
    lastSize = size;
    if (size < 2 || grew) continue;
    const tail = Buffer.alloc(2);
    const fd = openSync(full, "r");
    readSync(fd, tail, 0, 2, size - 2);
    closeSync(fd);
    if (tail.toString() !== "]}") continue;
    const target = path.join(dir, name);
    renameSync(full, target);
    return target;
  }
  throw new Error(`no complete heap snapshot from ${pid} within ${timeoutMs / 60_000} minutes`);
}
