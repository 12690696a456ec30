// What every bench section receives. A section is a file in bench/sections/ whose default
// export is a BenchSection; bench/run.ts finds it, runs it after the baselines, and puts its
// rows in the table with their ratios to the baselines.
import type { LoadOptions, LoadResult } from "./measure";
import type { MemoryBreakdown } from "./memory-breakdown";
import type { WorkerProcessSample } from "./stack";

export type BenchContext = {
  /** The app under test (loopback). */
  baseUrl: string;
  /** An organisation with one key of each mode, created for this run. */
  org: { id: string; testKey: string; liveKey: string };
  /** Runs one measured scenario against the app (baseUrl, concurrency and duration filled in). */
  measure: (
    options: Omit<LoadOptions, "baseUrl" | "concurrency" | "durationMs"> & Partial<LoadOptions>,
  ) => Promise<LoadResult>;
  /** One unmeasured JSON request, for setting up data. */
  call: (
    method: string,
    path: string,
    options?: { key?: string; body?: unknown },
  ) => Promise<{ status: number; body: any }>;
  /** Concurrency and duration chosen for this run. */
  settings: { concurrency: number; durationMs: number };
  /** The app's resident memory now (RSS of the next-server process; its worker processes apart). */
  appRssBytes: () => number;
  /** The server process's memory, the kernel's view and V8's (heap used and committed, external). */
  appMemory: () => Promise<MemoryBreakdown>;
  /** The app's worker processes whose command line names `module` ("face-worker.mjs"). */
  workerProcesses: (module: string) => WorkerProcessSample[];
  /** Adds a line printed under the table (figures that are not load rows, e.g. memory). */
  note: (line: string) => void;
};

export type BenchRow = LoadResult & {
  /** What the row must reach; every part given is checked (bench/lib/target.ts). */
  target?: BenchTarget;
  /**
   * How many answers of each kind a row's work got, where more than one is a success (e.g. a
   * selfie that completed the session or was inconclusive and offered another try).
   */
  outcomes?: Record<string, number>;
};

type BenchTarget = {
  /** Minimum throughput as a fraction of the empty handler's. */
  minThroughputRatio?: number;
  /** Maximum p99 as a multiple of the empty handler's p99. */
  maxP99Ratio?: number;
  /** Maximum median latency in milliseconds, absolute (e.g. uncached synthesis end to end). */
  maxP50Ms?: number;
  /** Maximum p99 in milliseconds, absolute (e.g. a dashboard search on a million sessions). */
  maxP99Ms?: number;
  /** Minimum rate, absolute (e.g. prompts per second of a prompt set generated from cold). */
  minRps?: number;
};

export type BenchSection = {
  title: string;
  run: (ctx: BenchContext) => Promise<BenchRow[]>;
};
