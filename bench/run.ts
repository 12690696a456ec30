// npm run bench [-- --duration <seconds> --concurrency <n> --rounds <n> --only <section title part>[,<part>...]]
//
// Measures the API against two baselines taken in the same run on the same machine: an empty
// route handler of the same app (the framework's ceiling) and a bare Node http server answering
// the same JSON. Prints a markdown table with throughput, p50/p99 latency, the ratios to the
// baselines (the figures we track) and the app's resident memory after the run.
//
// It builds nothing: run `npm run build` first (it uses NEXT_DIST_DIR, default .next). It starts
// its own database (.data/bench-postgres, or a fresh database on DATABASE_URL's server) and app
// with RATE_LIMIT_PER_MINUTE raised, and stops both when done. Loopback only.
//
// Adding a section: create bench/sections/<name>.ts whose default export is a BenchSection
// (bench/lib/context.ts). Its run(ctx) receives the stack, an organisation with keys, and the
// shared `measure` helper, and returns rows; run.ts discovers the file, runs it after the
// baselines, and adds its rows (with ratios) to the table. No change to this file is needed.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { BenchContext, BenchRow, BenchSection } from "./lib/context";
import { DEFAULTS, measure, median, type LoadResult } from "./lib/measure";
import { memoryBreakdown, prepareReportDir } from "./lib/memory-breakdown";
import { BASELINE_JSON } from "./lib/payload";
import { requireBuild, sampleProcesses, startBenchStack, type BenchStack } from "./lib/stack";
import { targetVerdict } from "./lib/target";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: String(DEFAULTS.durationMs / 1000) },
    concurrency: { type: "string", default: String(DEFAULTS.concurrency) },
    only: { type: "string" },
    rounds: { type: "string", default: "3" },
  },
});
const settings = { concurrency: Number(args.concurrency), durationMs: Number(args.duration) * 1000 };
const rounds = Number(args.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error("--rounds must be a positive integer");
if (!(settings.concurrency > 0) || !(settings.durationMs > 0))
  throw new Error("--duration and --concurrency must be positive");

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
/** Where the app writes the diagnostic reports ctx.appMemory asks for (each is read and deleted). */
const REPORT_DIR = path.resolve(".data/bench-reports");

async function startBareNode(): Promise<{ baseUrl: string; pid: number | undefined; stop: () => void }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "lib/bare-node-server.mjs"), BASELINE_JSON], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (chunk) => resolve(String(chunk).trim()));
    child.once("exit", (code) => reject(new Error(`bare node server exited with ${code}`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill("SIGTERM") };
}

/** Runs a measurement and adds the server's and the database's CPU time per measured request. */
async function withCpu(
  serverCpu: () => number,
  databaseCpu: () => number,
  run: (onPhase: (phase: "start" | "end") => void) => Promise<LoadResult>,
): Promise<LoadResult> {
  let start = { server: 0, database: 0 };
  let used = { server: NaN, database: NaN };
  const result = await run((phase) => {
    if (phase === "start") start = { server: serverCpu(), database: databaseCpu() };
    else used = { server: serverCpu() - start.server, database: databaseCpu() - start.database };
  });
  // Negative only when processes we sampled went away (a server we did not start): unknown.
  const perRequest = (seconds: number) => (result.requests && seconds >= 0 ? (seconds * 1000) / result.requests : NaN);
  return { ...result, serverCpuMs: perRequest(used.server), databaseCpuMs: perRequest(used.database) };
}

async function loadSections(): Promise<BenchSection[]> {
  const dir = path.join(import.meta.dirname, "sections");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".ts"))
    .sort();
  const sections: BenchSection[] = [];
  for (const file of files) sections.push((await import(path.join(dir, file))).default as BenchSection);
  // --only "a,b": the sections whose title contains any of the parts.
  const parts = args.only
    ?.toLowerCase()
    .split(",")
    .map((part) => part.trim());
  return sections.filter((s) => !parts || parts.some((part) => s.title.toLowerCase().includes(part)));
}

/** The rounds' outcome counts added up, like the requests and errors. */
function sumOutcomes(runs: BenchRow[]): Record<string, number> | undefined {
  if (!runs.some((row) => row.outcomes)) return undefined;
  const sum: Record<string, number> = {};
  for (const row of runs)
    for (const [outcome, count] of Object.entries(row.outcomes ?? {})) sum[outcome] = (sum[outcome] ?? 0) + count;
  return sum;
}

/** One row for several runs of a scenario: medians of the rates and times, sums of the counts. */
function medianRow(runs: BenchRow[]): BenchRow {
  if (runs.length === 1) return runs[0];
  const of = (pick: (row: BenchRow) => number | undefined) => median(runs.map((row) => pick(row) ?? NaN));
  return {
    ...runs[0],
    requests: runs.reduce((sum, row) => sum + row.requests, 0),
    errors: runs.reduce((sum, row) => sum + row.errors, 0),
    seconds: runs.reduce((sum, row) => sum + row.seconds, 0),
    rps: of((row) => row.rps),
    p50Ms: of((row) => row.p50Ms),
    p99Ms: of((row) => row.p99Ms),
    serverCpuMs: of((row) => row.serverCpuMs),
    databaseCpuMs: of((row) => row.databaseCpuMs),
    errorSample: runs.find((row) => row.errorSample)?.errorSample,
    outcomes: sumOutcomes(runs),
  };
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "-");
const times = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}×` : "-");
const pct = (n: number) => (Number.isFinite(n) ? `${(n * 100).toFixed(0)}%` : "-");

function table(rows: { row: BenchRow; section: string }[], empty: LoadResult, bare: LoadResult): string {
  const lines = [
    "| Scenario | Conns | Requests | Errors | req/s | p50 ms | p99 ms | req/s vs empty handler | req/s vs bare Node | p99 vs empty handler | Target | app CPU ms/req | DB CPU ms/req | CPU/req vs empty handler | Outcomes |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|",
  ];
  for (const { row, section } of rows) {
    const throughputRatio = row.rps / empty.rps;
    const p99Ratio = row.p99Ms / empty.p99Ms;
    const target = targetVerdict(row, empty);
    const name = section ? `${section}: ${row.name}` : row.name;
    lines.push(
      `| ${name} | ${row.concurrency} | ${row.requests} | ${row.errors} | ${fmt(row.rps)} | ${fmt(row.p50Ms, 1)} | ${fmt(row.p99Ms, 1)} | ` +
        `${pct(throughputRatio)} | ${pct(row.rps / bare.rps)} | ${times(p99Ratio)} | ${target} | ` +
        `${fmt(row.serverCpuMs ?? NaN, 2)} | ${fmt(row.databaseCpuMs ?? NaN, 2)} | ` +
        `${times(((row.serverCpuMs ?? NaN) + (row.databaseCpuMs ?? 0)) / (empty.serverCpuMs ?? NaN))} | ` +
        `${Object.entries(row.outcomes ?? {})
          .map(([outcome, count]) => `${count} ${outcome}`)
          .join(", ")} |`,
    );
  }
  return lines.join("\n");
}

async function main() {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  const cpus = os.cpus().length;
  const loadBefore = os.loadavg()[0];
  const busy = loadBefore > cpus * 0.5;
  requireBuild(distDir);
  prepareReportDir(REPORT_DIR);
  const sections = await loadSections();

  let stack: BenchStack | undefined;
  let bareNode: Awaited<ReturnType<typeof startBareNode>> | undefined;
  const cleanup = async () => {
    bareNode?.stop();
    await stack?.stop();
  };
  process.once("SIGINT", () => void cleanup().finally(() => process.exit(130)));

  try {
    log(`starting the app from ${distDir} and a bare Node server`);
    stack = await startBenchStack({
      BENCH_ROUTES: "true",
      RATE_LIMIT_PER_MINUTE: "1000000000",
      // The bench's simulated users each come from an address of their own (X-Forwarded-For, one
      // trusted hop), as real users behind a proxy do: the hosted flow's per-address photo limit
      // applies to each, not to the bench's one loopback address.
      TRUST_PROXY_HOPS: "1",
      // As in production: the in-process job runner on, at its default pace.
      JOB_RUNNER: "auto",
      JOB_POLL_INTERVAL_MS: "500",
      // Short, so the face estimation section can measure the memory given back when its worker
      // ends (production waits 10 minutes).
      FACE_ESTIMATION_IDLE_MS: "15000",
      // A diagnostic report (V8's heap figures) on SIGUSR2, for the memory notes of the sections
      // (ctx.appMemory); it costs nothing until asked.
      NODE_OPTIONS: [
        process.env.NODE_OPTIONS,
        "--report-on-signal",
        "--report-signal=SIGUSR2",
        `--report-directory=${REPORT_DIR}`,
      ]
        .filter(Boolean)
        .join(" "),
    });
    bareNode = await startBareNode();

    // Domain code (to create the organisation's keys) connects to the bench database.
    process.env.DATABASE_URL = stack.databaseUrl;
    const { createApiKeyForOrgName } = await import("@/lib/account/keys/create-api-key");
    const test = await createApiKeyForOrgName({ orgName: "bench", mode: "test" });
    const live = await createApiKeyForOrgName({ orgName: "bench", mode: "live" });

    const baseUrl = stack.baseUrl;
    const probe = await fetch(`${baseUrl}/bench/empty`);
    if (probe.status !== 200)
      throw new Error(`/bench/empty answered ${probe.status}: rebuild (npm run build) to include it`);

    const notes: string[] = [];
    const ctx: BenchContext = {
      baseUrl,
      appRssBytes: () => stack!.app().rssBytes,
      appMemory: () => memoryBreakdown(stack!.serverPid(), REPORT_DIR),
      workerProcesses: (module) => stack!.workerProcesses(module),
      note: (line) => notes.push(line),
      org: { id: test.orgId, testKey: test.key, liveKey: live.key },
      settings,
      measure: async (options) => {
        log(`measuring ${options.name}`);
        const result = await withCpu(
          () => stack!.app().cpuSeconds,
          () => stack!.database().cpuSeconds,
          (onPhase) => measure({ baseUrl, ...settings, ...options, onPhase }),
        );
        // Each run's own figures (the table shows medians over rounds).
        log(
          `  ${Math.round(result.rps)} req/s, p99 ${result.p99Ms.toFixed(1)} ms, app CPU ${(result.serverCpuMs ?? NaN).toFixed(2)} ms/req`,
        );
        return result;
      },
      call: async (method, urlPath, options = {}) => {
        const res = await fetch(`${baseUrl}${urlPath}`, {
          method,
          headers: {
            // The Age Verification API reads the bearer token, the Voice API x-api-key.
            ...(options.key ? { authorization: `Bearer ${options.key}`, "x-api-key": options.key } : {}),
            ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
          },
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
        });
        const text = await res.text();
        return { status: res.status, body: text ? JSON.parse(text) : undefined };
      },
    };

    const barePid = bareNode.pid;
    const measureBare = () =>
      withCpu(
        () => sampleProcesses((pid) => pid === barePid).cpuSeconds,
        () => 0,
        (onPhase) =>
          measure({
            name: "Baseline: bare Node http server",
            baseUrl: bareNode!.baseUrl,
            ...settings,
            expectStatus: 200,
            request: () => ({ method: "GET", path: "/" }),
            onPhase,
          }),
      );
    const measureEmpty = (name: string) =>
      ctx.measure({ name, expectStatus: 200, request: () => ({ method: "GET", path: "/bench/empty" }) });

    // Everything runs --rounds times in turn (3 unless told) and each row shows medians, which
    // steadies the figures on a machine where other work comes and goes: a single round on this
    // shared 2-core host has moved a ratio by 20 points from one run to the next.
    const collected = new Map<string, { section: string; runs: BenchRow[] }>();
    const collect = (section: string, row: BenchRow) => {
      const key = `${section}\u0000${row.name}`;
      if (!collected.has(key)) collected.set(key, { section, runs: [] });
      collected.get(key)!.runs.push(row);
    };
    let rss = 0;
    let workersRss = 0;
    for (let round = 1; round <= rounds; round++) {
      if (rounds > 1) log(`round ${round} of ${rounds}`);
      collect("", await measureBare());
      collect("", await measureEmpty("Baseline: empty route handler (same app)"));
      // Not a ratio baseline: what reading a small JSON body costs the framework before any work.
      collect(
        "",
        await ctx.measure({
          name: "Reference: empty route handler, POST reading a JSON body",
          expectStatus: 200,
          request: () => ({
            method: "POST",
            path: "/bench/empty",
            headers: { "content-type": "application/json" },
            body: '{"required_age":18,"return_url":"https://merchant.example/after?x=1","metadata":{"order":"1001"}}',
          }),
        }),
      );
      for (const section of sections) {
        for (const row of await section.run(ctx)) collect(section.title, row);
      }
      rss = stack.app().rssBytes;
      // The built-in checks' worker processes (bounded-worker.ts), still loaded or idle-ended by now.
      workersRss = stack.workerProcesses("worker-process.mjs").reduce((sum, p) => sum + p.rssBytes, 0);
      // The empty handler again at the end: the ratios use whichever of the two runs was better
      // (higher req/s, lower p99), so a slow moment during the first run cannot flatter the API.
      collect("", await measureEmpty("Baseline: empty route handler (measured again after the sections)"));
    }
    const rows = [...collected.values()].map(({ section, runs }) => ({ section, row: medianRow(runs) }));
    const find = (prefix: string) => rows.find(({ row }) => row.name.startsWith(prefix))!.row;
    const bare = find("Baseline: bare Node");
    const empty = find("Baseline: empty route handler (same app)");
    const emptyAgain = find("Baseline: empty route handler (measured again");
    const emptyBest: LoadResult = {
      ...empty,
      rps: Math.max(empty.rps, emptyAgain.rps),
      p99Ms: Math.min(empty.p99Ms, emptyAgain.p99Ms),
      serverCpuMs: Math.min(empty.serverCpuMs ?? NaN, emptyAgain.serverCpuMs ?? NaN),
    };

    const errors = rows.filter(({ row }) => row.errorSample);
    console.log(
      [
        `## Benchmark (${settings.concurrency} connections, ${settings.durationMs / 1000} s per scenario` +
          `${rounds > 1 ? `, medians of ${rounds} rounds` : ""}, ${new Date().toISOString()})`,
        "",
        table(rows, emptyBest, bare),
        "",
        "Ratios are to the better of the two empty-handler runs. Client, app and database share this machine's CPUs, so " +
          "req/s and latency move with whatever else runs; CPU time per request (app process, database server) moves less: " +
          '"CPU/req vs empty handler" is (app + DB CPU per request) / (the empty handler\'s app CPU per request).',
        ...(busy
          ? [
              "",
              `Warning: load average was ${loadBefore.toFixed(1)} on ${cpus} CPUs when the run started: other work was competing, so the figures are noisy.`,
            ]
          : []),
        `App resident memory after the run: ${fmt(rss / 1024 / 1024, 0)} MiB (RSS of the next-server process)` +
          `${workersRss ? `, and ${fmt(workersRss / 1024 / 1024, 0)} MiB in its models' worker processes` : ""}.`,
        ...(notes.length ? ["", ...notes] : []),
        ...(errors.length
          ? ["", "Unexpected answers:", ...errors.map(({ row }) => `- ${row.name}: ${row.errorSample}`)]
          : []),
      ].join("\n"),
    );
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
