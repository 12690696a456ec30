// npm run soak [-- --minutes <n> --concurrency <n>]
//
// A bounded load run (issue 35): about ten minutes of a mix of every API's hot routes, the
// hosted flow and the dashboard reads against one `next start` of the existing build, on the
// bench's own stack (bench/lib/stack.ts) with the bench's generator (bench/lib/measure.ts).
// Loopback only. Each minute it prints the app's resident memory, requests, errors and p50/p99;
// at the end the verdict (bench/lib/soak-verdict.ts states the rule) and where the memory went
// at rest, at the end of the load and after a minute idle. Exit code 1 when the verdict fails.
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  BREAKDOWN_HEADER,
  breakdownRow,
  HEAP_SNAPSHOT_SIGNAL,
  memoryBreakdown,
  prepareReportDir,
  takeHeapSnapshot,
} from "./lib/memory-breakdown";
import { measure, type RequestSpec } from "./lib/measure";
import { MIN_SOAK_MINUTES, soakVerdict, type SoakMinute } from "./lib/soak-verdict";
import { requireBuild, startBenchStack, type BenchStack } from "./lib/stack";
import { withServerMemoryLimits } from "../scripts/server-memory";

const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    // Without npm start's memory settings (scripts/server-memory.ts), to measure what they change.
    "unsized-heap": { type: "boolean", default: false },
    // Heap snapshots at rest and at the end of the load, for scripts/heap-summary.ts. Writing one
    // stops the app and leaves memory behind, so the run's memory figures are not comparable.
    "heap-snapshots": { type: "boolean", default: false },
    concurrency: { type: "string", default: "8" },
  },
});
const minutes = Number(args.minutes);
const concurrency = Number(args.concurrency);
if (!Number.isInteger(minutes) || minutes < MIN_SOAK_MINUTES)
  throw new Error(`--minutes must be a whole number of at least ${MIN_SOAK_MINUTES} (the verdict compares thirds)`);
if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error("--concurrency must be a positive integer");

const log = (message: string) => process.stderr.write(`[soak] ${message}\n`);
const MiB = 1024 * 1024;
const REPORT_DIR = path.resolve(".data/soak-reports");
const IDLE_AFTER_MS = 60_000;
const DASHBOARD_PAGES = ["/dashboard/api-keys", "/dashboard/webhooks", "/dashboard/deliveries", "/dashboard/settings"];

/** Every Set-Cookie of an answer as name=value pairs, merged into a Cookie header. */
function cookies(res: Response, jar: Map<string, string> = new Map()): Map<string, string> {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair.indexOf("=");
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return jar;
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

async function expectStatus(res: Response, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

/** Signs in through Auth.js's credentials endpoints, as the sign-in form does; returns the session cookie. */
async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const jar = cookies(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${baseUrl}/dashboard` }),
  });
  cookies(res, jar);
  const session = [...jar.keys()].find((name) => name.endsWith("authjs.session-token"));
  if (res.status !== 302 || !session) throw new Error(`sign-in answered ${res.status} without a session cookie`);
  return `${session}=${jar.get(session)}`;
}

type Mix = { size: number; request: (i: number) => RequestSpec };

/** The routes and the data they read, set up once; returns the request mix (one cycle, in order). */
async function prepareMix(baseUrl: string): Promise<Mix> {
  const { createApiKeyForOrgName } = await import("@/lib/account/keys/create-api-key");
  const { createUserInOrganization } = await import("@/lib/account/users/create-user");
  const { key } = await createApiKeyForOrgName({ orgName: "bench", mode: "test" });
  const bearer = { authorization: `Bearer ${key}` };
  const json = { ...bearer, "content-type": "application/json" };
  const voiceKey = { "x-api-key": key };
  const createBody = JSON.stringify({ required_age: 18, return_url: "https://merchant.example/after?x=1" });
  const post = (p: string, headers: Record<string, string>, body: string) =>
    fetch(`${baseUrl}${p}`, { method: "POST", headers, body });

  // Sessions to retrieve, and sessions opened in a "browser" (binding cookie) for the hosted flow.
  const sessionIds: string[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await post("/v1/verification-sessions", json, createBody);
    await expectStatus(res, 201, "POST /v1/verification-sessions");
    sessionIds.push(((await res.json()) as { id: string }).id);
  }
  const flows: { path: string; cookie: string }[] = [];
  for (let i = 0; i < 5; i++) {
    const created = (await (await post("/v1/verification-sessions", json, createBody)).json()) as { url: string };
    const opened = await fetch(created.url, { redirect: "manual" });
    await expectStatus(opened, 303, "the hosted link");
    flows.push({ path: opened.headers.get("location")!, cookie: cookieHeader(cookies(opened)) });
  }

  const ttsBody = JSON.stringify({ text: `Thank you for calling. Reference ${randomUUID()}.`, voice_id: "espeakEnUs" });
  await expectStatus(
    await post("/tts", { ...voiceKey, "content-type": "application/json" }, ttsBody),
    200,
    "POST /tts",
  );

  const set = await post(
    "/prompt-sets",
    { ...voiceKey, "content-type": "application/json" },
    JSON.stringify({
      name: `Soak ${randomUUID().slice(0, 8)}`,
      voice_id: "espeakEnUs",
      output_format: "ulaw_8000",
      prompts: Array.from({ length: 10 }, (_, i) => ({
        name: `prompt-${i + 1}`,
        text: `For option ${i + 1}, press ${i + 1}.`,
      })),
    }),
  );
  await expectStatus(set, 201, "POST /prompt-sets");
  const setId = ((await set.json()) as { id: string }).id;

  const password = `soak-${randomUUID()}`;
  const email = `soak-${randomUUID().slice(0, 8)}@bench.example`;
  await createUserInOrganization({ email, organization: "bench", password });
  const dashboard = { cookie: await signIn(baseUrl, email, password), accept: "text/html" };
  await expectStatus(await fetch(`${baseUrl}/dashboard`, { headers: dashboard }), 200, "GET /dashboard");

  // One cycle of the mix: reads outnumber writes, as on a live server.
  const get = (p: string, headers: Record<string, string>): RequestSpec => ({ method: "GET", path: p, headers });
  // Entries that rotate through their data take the cycle's number.
  const cycle: (RequestSpec | ((c: number) => RequestSpec))[] = [
    { method: "POST", path: "/v1/verification-sessions", headers: json, body: createBody, expectStatus: 201 },
    { method: "POST", path: "/v1/verification-sessions", headers: json, body: createBody, expectStatus: 201 },
    ...[0, 1, 2].map((k) => (c: number) => get(`/v1/verification-sessions/${sessionIds[(3 * c + k) % 20]}`, bearer)),
    get("/v1/verification-sessions?limit=20", bearer),
    get("/v1/verification-sessions?limit=20", bearer),
    ...Array.from({ length: 3 }, () => ({
      method: "POST",
      path: "/tts",
      headers: { ...voiceKey, "content-type": "application/json" },
      body: ttsBody,
    })),
    get("/voices", { ...voiceKey, "accept-encoding": "br, gzip" }),
    get("/voices", { ...voiceKey, "accept-encoding": "gzip" }),
    get("/formats", voiceKey),
    get(`/prompt-sets/${setId}`, voiceKey),
    get("/prompt-sets?limit=20", voiceKey),
    get(`/prompt-sets/${setId}/status`, voiceKey),
    ...[0, 1].map((k) => (c: number) => {
      const flow = flows[(2 * c + k) % flows.length];
      return get(flow.path, { cookie: flow.cookie, accept: "text/html" });
    }),
    get("/dashboard", dashboard),
    get("/dashboard/sessions", dashboard),
    (c: number) => get(DASHBOARD_PAGES[c % DASHBOARD_PAGES.length], dashboard),
  ];
  return {
    size: cycle.length,
    request: (i) => {
      const entry = cycle[i % cycle.length];
      return typeof entry === "function" ? entry(Math.floor(i / cycle.length)) : entry;
    },
  };
}

const breakdown = (stack: BenchStack) => memoryBreakdown(stack.serverPid(), REPORT_DIR);

async function heapSnapshot(stack: BenchStack, name: string) {
  if (!args["heap-snapshots"]) return;
  log(`writing a heap snapshot (${name})`);
  log(`heap snapshot: ${await takeHeapSnapshot(stack.serverPid(), REPORT_DIR, name)}`);
}

async function main() {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  requireBuild(distDir);
  prepareReportDir(REPORT_DIR);
  let stack: BenchStack | undefined;
  process.once("SIGINT", () => void stack?.stop().finally(() => process.exit(130)));
  try {
    log(`starting the app from ${distDir}`);
    // As npm start runs the server, unless told otherwise.
    const memory = args["unsized-heap"]
      ? { NODE_OPTIONS: process.env.NODE_OPTIONS ?? "", MALLOC_ARENA_MAX: "" }
      : withServerMemoryLimits({ NODE_OPTIONS: process.env.NODE_OPTIONS });
    stack = await startBenchStack({
      RATE_LIMIT_PER_MINUTE: "1000000000",
      JOB_RUNNER: "auto",
      JOB_POLL_INTERVAL_MS: "500",
      ...(memory.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: memory.MALLOC_ARENA_MAX } : {}),
      // A report (V8 heap figures) on SIGUSR2, for the memory breakdown; it costs nothing until asked.
      NODE_OPTIONS: [
        memory.NODE_OPTIONS,
        "--report-on-signal",
        "--report-signal=SIGUSR2",
        `--report-directory=${REPORT_DIR}`,
        ...(args["heap-snapshots"]
          ? [`--heapsnapshot-signal=${HEAP_SNAPSHOT_SIGNAL}`, `--diagnostic-dir=${REPORT_DIR}`]
          : []),
      ]
        .filter(Boolean)
        .join(" "),
    });
    process.env.DATABASE_URL = stack.databaseUrl;
    await new Promise((r) => setTimeout(r, 5_000));
    const atRest = await breakdown(stack);
    log(`at rest after start-up: ${(atRest.rssBytes / MiB).toFixed(0)} MiB`);
    await heapSnapshot(stack, "heap-at-rest.heapsnapshot");

    const mix = await prepareMix(stack.baseUrl);
    const lines = [
      `## Soak (${minutes} minutes, ${concurrency} connections, ${mix.size}-request mix, ${new Date().toISOString()})`,
      "",
      `Server memory settings: ${args["unsized-heap"] ? "none (--unsized-heap)" : `npm start's (NODE_OPTIONS ${memory.NODE_OPTIONS}, MALLOC_ARENA_MAX ${memory.MALLOC_ARENA_MAX})`}.`,
      "",
      "| Minute | App RSS MiB | Requests | Errors | req/s | p50 ms | p99 ms | app CPU ms per request | load average (1 min) |",
      "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ];
    const samples: SoakMinute[] = [];
    // The app's own CPU time per request: the work a setting costs, less noisy than latency here.
    let cpuSeconds = stack.app().cpuSeconds;
    const errorSamples: string[] = [];
    for (let minute = 1; minute <= minutes; minute++) {
      const result = await measure({
        name: `minute ${minute}`,
        baseUrl: stack.baseUrl,
        concurrency,
        durationMs: 60_000,
        maxRequests: Number.MAX_SAFE_INTEGER,
        // Warm-up before the first minute only: later minutes continue the same load.
        ...(minute === 1 ? {} : { warmupRequests: 0, warmupMs: 0 }),
        expectStatus: 200,
        request: mix.request,
      });
      const app = stack.app();
      const sample = { ...result, rssBytes: app.rssBytes };
      const cpuMsPerRequest = ((app.cpuSeconds - cpuSeconds) * 1000) / Math.max(1, result.requests);
      cpuSeconds = app.cpuSeconds;
      samples.push(sample);
      if (result.errorSample) errorSamples.push(`- minute ${minute}: ${result.errorSample}`);
      const row =
        `| ${minute} | ${(sample.rssBytes / MiB).toFixed(0)} | ${result.requests} | ${result.errors} | ${result.rps.toFixed(0)} | ` +
        `${result.p50Ms.toFixed(1)} | ${result.p99Ms.toFixed(1)} | ${cpuMsPerRequest.toFixed(1)} | ${os.loadavg()[0].toFixed(1)} |`;
      lines.push(row);
      log(row);
    }
    const underLoad = await breakdown(stack);
    await heapSnapshot(stack, "heap-after-load.heapsnapshot");
    log(`idle for ${IDLE_AFTER_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, IDLE_AFTER_MS));
    const idle = await breakdown(stack);

    const verdict = soakVerdict(samples);
    lines.push(
      "",
      ...verdict.lines,
      `Verdict: ${verdict.ok ? "passed" : `FAILED: ${verdict.reasons.join("; ")}`}.`,
      "",
      `The machine has ${os.cpus().length} CPUs shared by the generator, the app and the database (and whatever else runs).`,
      "",
      BREAKDOWN_HEADER,
      breakdownRow("at rest after start-up", atRest),
      breakdownRow("end of the load", underLoad),
      breakdownRow(`after ${IDLE_AFTER_MS / 1000} s idle`, idle),
      ...(errorSamples.length ? ["", "Unexpected answers:", ...errorSamples] : []),
    );
    console.log(lines.join("\n"));
    return verdict.ok;
  } finally {
    await stack?.stop();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
