// npx tsx --conditions=react-server bench/profile-hot-paths.ts [--duration=5000] [--out=.data/cpu-profiles] [--summarise-only]
// Where the hot API paths spend the app's CPU (issue 35): the bench's stack (bench/lib/stack.ts)
// with `next start` profiled as `--cpu-prof` would (lib/cpu-profile-preload.mjs), then each of the bench's hot scenarios once (its
// load generator and settings), the empty route handler first. The app writes one profile when
// it stops; each scenario's measured phase is cut out of it by time (V8's profile clock and
// process.hrtime are both the system's monotonic clock) and summarised: the share of the
// framework, of each package and of our own modules, the heaviest functions and our own stacks.
// `npm run build` first. Not part of the test suite.
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { busySamplesInWindow, summariseWindow, type WindowSummary } from "./lib/cpu-profile";
import { measure, type RequestSpec } from "./lib/measure";
import { startBenchStack } from "./lib/stack";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const DURATION_MS = Number(arg("duration", "5000"));
const OUT = path.resolve(arg("out", ".data/cpu-profiles"));
type ScenarioWindow = { name: string; fromUs: number; toUs: number; requests: number; rps: number };

/** Runs every scenario against a profiled app and returns when each measured phase ran. */
async function profileScenarios() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const nowUs = () => Number(process.hrtime.bigint() / 1000n);
  const loadAverages: number[] = [];
  const windows: ScenarioWindow[] = [];

  const stack = await startBenchStack({
    BENCH_ROUTES: "true",
    RATE_LIMIT_PER_MINUTE: "1000000000",
    TRUST_PROXY_HOPS: "1",
    JOB_RUNNER: "auto",
    JOB_POLL_INTERVAL_MS: "500",
    NODE_OPTIONS: `--import=${pathToFileURL(path.join(import.meta.dirname, "lib/cpu-profile-preload.mjs")).href}`,
    CPU_PROFILE_DIR: OUT,
    CPU_PROFILE_INTERVAL_US: "500",
  });
  try {
    process.env.DATABASE_URL = stack.databaseUrl;
    const { createApiKeyForOrgName } = await import("@/lib/account/keys/create-api-key");
    const { key } = await createApiKeyForOrgName({ orgName: "bench", mode: "test" });
    const auth = { authorization: `Bearer ${key}` };
    const json = { ...auth, "content-type": "application/json" };
    const createBody =
      '{"required_age":18,"return_url":"https://merchant.example/after?x=1","metadata":{"order":"1001"}}';

    const run = async (name: string, expectStatus: number, request: (i: number) => RequestSpec) => {
      let fromUs = 0;
      let toUs = 0;
      const result = await measure({
        name,
        baseUrl: stack.baseUrl,
        durationMs: DURATION_MS,
        expectStatus,
        request,
        onPhase: (phase) => (phase === "start" ? (fromUs = nowUs()) : (toUs = nowUs())),
      });
      if (result.errors > 0) throw new Error(`${name}: ${result.errors} errors, e.g. ${result.errorSample}`);
      loadAverages.push(os.loadavg()[0]);
      windows.push({ name, fromUs, toUs, requests: result.requests, rps: result.rps });
      console.error(`[profile] ${name}: ${Math.round(result.rps)} req/s`);
    };

    await run("empty route handler (GET /bench/empty)", 200, () => ({ method: "GET", path: "/bench/empty" }));
    await run("empty POST reading a JSON body", 200, () => ({
      method: "POST",
      path: "/bench/empty",
      headers: { "content-type": "application/json" },
      body: createBody,
    }));
    await run("create", 201, () => ({
      method: "POST",
      path: "/v1/verification-sessions",
      headers: json,
      body: createBody,
    }));
    const keyPrefix = randomUUID();
    await run("create with Idempotency-Key", 201, (i) => ({
      method: "POST",
      path: "/v1/verification-sessions",
      headers: { ...json, "idempotency-key": `profile-${keyPrefix}-${i}` },
      body: createBody,
    }));
    const pg = (await import("pg")).default;
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    await client.query(`ANALYZE "VerificationSession"`);
    await client.end();
    const listed = await fetch(`${stack.baseUrl}/v1/verification-sessions?limit=100`, { headers: auth });
    const ids = ((await listed.json()) as { data: { id: string }[] }).data.map((s) => s.id);
    await run("retrieve", 200, (i) => ({
      method: "GET",
      path: `/v1/verification-sessions/${ids[i % ids.length]}`,
      headers: auth,
    }));
    await run("list (20)", 200, () => ({ method: "GET", path: "/v1/verification-sessions", headers: auth }));
    const ttsHeaders = { "x-api-key": key, "content-type": "application/json" };
    const ttsBody = JSON.stringify({
      text: "Thank you for calling Acme Support. Press 1 for billing.",
      voice_id: "espeakEnUs",
    });
    const first = await fetch(`${stack.baseUrl}/tts`, { method: "POST", headers: ttsHeaders, body: ttsBody });
    if (first.status !== 200) throw new Error(`POST /tts answered ${first.status}`);
    await first.arrayBuffer();
    await run("cached POST /tts", 200, () => ({ method: "POST", path: "/tts", headers: ttsHeaders, body: ttsBody }));
    // Again at the end: the first run shares the server's first seconds (code still being
    // optimised) and the host's load moves, so the baseline is taken on both sides.
    await run("empty route handler, again", 200, () => ({ method: "GET", path: "/bench/empty" }));
  } finally {
    await stack.stop();
  }
  writeFileSync(path.join(OUT, "windows.json"), JSON.stringify({ windows, loadAverages }));
  return { windows, loadAverages };
}

// --summarise-only: summarise the profile an earlier run left in --out again (e.g. after changing
// the summary), without profiling anew.
const { windows, loadAverages } = process.argv.includes("--summarise-only")
  ? (JSON.parse(readFileSync(path.join(OUT, "windows.json"), "utf8")) as {
      windows: ScenarioWindow[];
      loadAverages: number[];
    })
  : await profileScenarios();

// Every Node process under `npx next start` wrote a profile; the app's is the one busy in the windows.
const files = readdirSync(OUT)
  .filter((f) => f.endsWith(".cpuprofile"))
  .map((f) => path.join(OUT, f));
const all = { fromUs: windows[0].fromUs, toUs: windows.at(-1)!.toUs };
const busy = new Map(files.map((f) => [f, busySamplesInWindow(f, all)]));
const appProfile = files.sort((a, b) => busy.get(b)! - busy.get(a)!)[0];
if (!appProfile) throw new Error(`no profile in ${OUT}: did the app exit cleanly?`);

/**
 * Next.js's own functions, time at or under each per request, one column per scenario: the
 * empty handler's against the API routes' shows what Next does more for an API route. Rows are
 * the functions with the largest difference between any API scenario and the empty handler.
 */
function nextSideBySide(summaries: Record<string, WindowSummary & { requests: number }>): string[] {
  const names = Object.keys(summaries);
  const perRequest = (name: string) =>
    new Map(summaries[name].underNextFunctions.map(([f, ms]) => [f, (ms * 1000) / summaries[name].requests]));
  const columns = new Map(names.map((name) => [name, perRequest(name)]));
  const empty = columns.get(names[0])!;
  const gap = (f: string) =>
    Math.max(...names.slice(1).map((name) => (columns.get(name)!.get(f) ?? 0) - (empty.get(f) ?? 0)));
  const functions = [...new Set(names.flatMap((name) => [...columns.get(name)!.keys()]))]
    .sort((a, b) => gap(b) - gap(a))
    .slice(0, 30);
  return [
    "## Next.js side by side: µs per request at or under each function",
    "",
    `Columns: ${names.map((name, i) => `(${i + 1}) ${name}`).join("; ")}. Rows: the 30 functions an API scenario spends most more in than the empty handler (1).`,
    "",
    `| Function | ${names.map((_, i) => `(${i + 1})`).join(" | ")} |`,
    `| --- | ${names.map(() => "---:").join(" | ")} |`,
    ...functions.map(
      (f) =>
        `| ${f.replace(/\|/g, "\\|")} | ${names.map((name) => (columns.get(name)!.get(f) ?? 0).toFixed(0)).join(" | ")} |`,
    ),
    "",
  ];
}

const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;
const report: string[] = [
  `Profile: ${appProfile}`,
  `Load average (1 min) after each scenario: ${loadAverages.map((l) => l.toFixed(1)).join(", ")}; ${os.cpus().length} CPUs.`,
  "",
];
const summaries: Record<string, WindowSummary & { requests: number; rps: number }> = {};
for (const window of windows) {
  const s = summariseWindow(appProfile, process.cwd(), window);
  summaries[window.name] = { ...s, requests: window.requests, rps: window.rps };
  const perRequest = (ms: number) => ((ms * 1000) / window.requests).toFixed(0);
  report.push(
    `## ${window.name}: ${Math.round(window.rps)} req/s, ${window.requests} requests, ` +
      `${perRequest(s.totalMs)} µs sampled CPU per request (idle ${pct(s.idleMs, s.idleMs + s.totalMs)} of the window)`,
    "",
    "| Self time in | µs/request | share |",
    "| --- | ---: | ---: |",
    ...s.byCategory.map(([c, ms]) => `| ${c} | ${perRequest(ms)} | ${pct(ms, s.totalMs)} |`),
    "",
    "| Owner (nearest package or module of ours up the stack) | µs/request | share |",
    "| --- | ---: | ---: |",
    ...s.byOwner.map(([c, ms]) => `| ${c} | ${perRequest(ms)} | ${pct(ms, s.totalMs)} |`),
    "",
    `At or under our route handlers and lib/ (proxy.ts and the job runner apart): ${pct(s.underOurHandlersMs, s.totalMs)}, ${perRequest(s.underOurHandlersMs)} µs/request.`,
    "",
    "Our modules, time at or under them:",
    "",
    ...s.underOurModules.map(([m, ms]) => `- ${pct(ms, s.totalMs)} ${perRequest(ms)} µs ${m}`),
    "",
    "Heaviest functions (self time):",
    "",
    ...s.byFunction.map(([f, ms]) => `- ${pct(ms, s.totalMs)} ${perRequest(ms)} µs ${f}`),
    "",
    "Our own stacks (time at or under them):",
    "",
    ...s.ourStacks.map(([f, ms]) => `- ${pct(ms, s.totalMs)} ${f}`),
    "",
  );
}
report.push(...nextSideBySide(summaries));
writeFileSync(path.join(OUT, "summary.json"), JSON.stringify(summaries, null, 2));
writeFileSync(path.join(OUT, "summary.md"), report.join("\n"));
console.log(report.join("\n"));
process.exit(0);
