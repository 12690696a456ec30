// The hostile-input suite (#29): a bounded, seeded fuzz run over every operation of both OpenAPI
// documents on an app of its own (loopback, its own database), with mutated bodies, headers,
// query strings and path parameters. No answer may be a 5xx; every answer carries the API's
// Request-Id and CSP and matches the document (errors in the API's own envelope); and /health
// stays responsive throughout. FUZZ_SEED and FUZZ_REQUESTS change the run; a failure prints the
// requests that failed, and the seed replays the same run.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiHeaderProblems,
  apiOperations,
  keyHeader,
  startIsolatedApp,
  type ApiOperation,
} from "../support/api-operations";
import { assertMatchesContract } from "../support/contract";
import { newOrg } from "../support/fixtures";

const SEED = Number(process.env.FUZZ_SEED ?? 29);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2500);
/** Requests in flight at once: enough to overlap work, few enough for two shared cores. */
const CONCURRENCY = 4;
/** "Responsive": a /health under the fuzz load never waits this long (the stall it guards against took 23 s). */
const HEALTH_BOUND_MS = 2000;

const operations = apiOperations();
let isolated: Awaited<ReturnType<typeof startIsolatedApp>>;
let keys: { test: string; live: string };
/** Ids that exist, so that mutated requests also reach the code behind the 404s. */
const real: Record<string, string> = {};

beforeAll(async () => {
  // A high limit: the run is about what handlers do with bad input, not about being refused early.
  isolated = await startIsolatedApp({ RATE_LIMIT_PER_MINUTE: "1000000" });
  const org = await newOrg("fuzz", { databaseUrl: isolated.databaseUrl });
  keys = { test: org.testKey, live: org.liveKey };
  const origin = isolated.app.baseUrl;
  const set = await fetch(`${origin}/prompt-sets`, {
    method: "POST",
    headers: { "x-api-key": keys.test, "content-type": "application/json" },
    body: JSON.stringify({ name: "Fuzz", voice_id: "espeakEnUs", prompts: [{ name: "hello", text: "Hello." }] }),
  });
  expect(set.status).toBe(201);
  real.ps = ((await set.json()) as { id: string }).id;
  const session = await fetch(`${origin}/v1/verification-sessions`, {
    method: "POST",
    headers: { authorization: `Bearer ${keys.test}`, "content-type": "application/json" },
    body: JSON.stringify({ required_age: 18, return_url: "https://merchant.example/done" }),
  });
  expect(session.status).toBe(201);
  real.vs = ((await session.json()) as { id: string }).id;
}, 180_000);

afterAll(async () => {
  await isolated?.stop();
});

type FuzzRequest = {
  operation: ApiOperation;
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
};

const nasty = fc.constantFrom(
  "__proto__",
  "constructor",
  "toString",
  "prototype",
  "hasOwnProperty",
  "..",
  ".",
  "%00",
  "\u0000",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1e309",
  "9".repeat(400),
  "ps_",
  "vs_",
  "we_",
  "psp_",
  "x".repeat(5000),
  "' OR 1=1 --",
  "<script>",
  "\u202e",
  "😀",
  "\ud800",
);
/** URL-encoded, lone surrogates made whole first (encodeURIComponent throws on them). */
const encode = (text: string) => encodeURIComponent(text.toWellFormed());
const word = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: "binary", maxLength: 20 }));

/** A path parameter: the real id, the filler, or something hostile (never a slash: the path keeps its template). */
const parameter = (real: string | undefined, filler: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(real ?? filler) },
    { weight: 1, arbitrary: fc.constant(filler) },
    // A URL client resolves `.` and `..` (encoded or not) before sending: those would test fetch, not us.
    {
      weight: 3,
      arbitrary: word.map((w) => encode(w.replace(/\//g, ""))).map((p) => (/^(\.|%2e){0,2}$/i.test(p) ? `x${p}` : p)),
    },
  );

function pathArbitrary(operation: ApiOperation) {
  const segments = operation.template.split("/");
  const filled = operation.path.split("/");
  const realFor = (template: string) =>
    template.startsWith("/prompt-sets/")
      ? real.ps
      : template.startsWith("/v1/verification-sessions/") || template.includes("/test_helpers/")
        ? real.vs
        : undefined;
  return fc
    .tuple(
      ...segments.map((segment, i) =>
        /^\{.+\}$/.test(segment) ? parameter(realFor(operation.template), filled[i]) : fc.constant(segment),
      ),
    )
    .map((parts) => parts.join("/"));
}

const query = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          "limit",
          "starting_after",
          "ending_before",
          "layout",
          "mode",
          "status",
          "only",
          "expires",
          "signature",
          "__proto__",
        ),
        word,
      ),
      word,
    ),
    { maxLength: 4 },
  )
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&")}` : ""));

const printable = fc.string({ maxLength: 300 }).map((s) => s.replace(/[^\x20-\x7e]/g, "a"));
const keyValue = fc.oneof(
  fc.constant("valid"),
  fc.constant("valid-live"),
  fc.constant(""),
  fc.constantFrom("sk_test_", "sk_live_" + "x".repeat(200), "Bearer", "sk_test_" + "0".repeat(40)),
  printable,
);
const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "text/csv",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "text/plain",
  "application/merge-patch+json",
  "",
  "application/json; charset=latin1",
);

const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const body = (operation: ApiOperation) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.json({ maxDepth: 4 }) },
    {
      weight: 4,
      arbitrary: fc
        .dictionary(
          fc.oneof(
            fc.constantFrom(
              "name",
              "text",
              "prompts",
              "voice_id",
              "required_age",
              "return_url",
              "locale",
              "metadata",
              "url",
              "enabled_events",
              "result",
              "only",
              "output_format",
              "voice_settings",
              "model_id",
              "language",
            ),
            word,
          ),
          fc.jsonValue({ maxDepth: 3 }),
        )
        .map((o) => JSON.stringify(o)),
    },
    { weight: 2, arbitrary: fc.constant(operation.body?.raw ?? "{}") },
    { weight: 2, arbitrary: fc.string({ maxLength: 500 }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        deep(5000),
        '{"__proto__":{"x":1}}',
        '{"a":1,"a":2}',
        "name,text\n" + "a,=1\n".repeat(50),
        `{"text":"${"\\ud83d".repeat(2000)}"}`,
        "1e999",
        "",
      ),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }).map((n) => "x".repeat(n * 300 * 1024)) },
  );

function requestArbitrary(operation: ApiOperation) {
  const hasBody = operation.body !== undefined || ["POST", "PUT", "PATCH"].includes(operation.method);
  return fc
    .record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(operation.method) },
        { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD") },
      ),
      path: pathArbitrary(operation),
      query,
      key: keyValue,
      contentType: hasBody ? contentType : fc.constant(""),
      idempotencyKey: fc.option(printable, { nil: undefined }),
      range: fc.option(
        fc.constantFrom("bytes=0-0", "bytes=-1", "bytes=99999999-", "bytes=5-1", "bytes=a-b", "bytes=0-1,2-3"),
        { nil: undefined },
      ),
      body: hasBody ? fc.option(body(operation), { nil: undefined, freq: 8 }) : fc.constant(undefined),
    })
    .map((r): FuzzRequest => {
      const headers: Record<string, string> = {};
      const key = r.key === "valid" ? keys.test : r.key === "valid-live" ? keys.live : r.key;
      if (key) Object.assign(headers, keyHeader(operation.api, key));
      if (r.contentType) headers["content-type"] = r.contentType;
      if (r.idempotencyKey !== undefined) headers["idempotency-key"] = r.idempotencyKey;
      if (r.range) headers.range = r.range;
      const canHaveBody = !["GET", "HEAD"].includes(r.method);
      return {
        operation,
        method: r.method,
        path: r.path,
        query: r.query,
        headers,
        body: canHaveBody ? r.body : undefined,
      };
    });
}

function describeRequest(r: FuzzRequest): string {
  const body =
    r.body === undefined
      ? ""
      : ` body(${typeof r.body === "string" ? r.body.length : r.body.byteLength}): ${JSON.stringify(typeof r.body === "string" ? r.body.slice(0, 120) : [...r.body.slice(0, 40)])}`;
  return `${r.method} ${r.path}${r.query.slice(0, 200)} headers ${JSON.stringify(r.headers).slice(0, 300)}${body}`;
}

/** What is wrong with one answer, or nothing. */
async function problemsOf(r: FuzzRequest): Promise<string[]> {
  const res = await fetch(`${isolated.app.baseUrl}${r.path}${r.query}`, {
    method: r.method,
    headers: r.headers,
    body: r.body as BodyInit | undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const problems = apiHeaderProblems(res.headers);
  if (res.status >= 500) problems.push(`answered ${res.status}: ${bytes.toString("utf8").slice(0, 300)}`);
  const json = res.headers.get("content-type")?.startsWith("application/json");
  let parsed: unknown = bytes.length ? "(file)" : undefined;
  if (json && r.method !== "HEAD") {
    try {
      parsed = JSON.parse(bytes.toString("utf8"));
    } catch {
      problems.push(`answered ${res.status} with JSON that does not parse`);
    }
  } else if (res.status >= 400 && r.method !== "HEAD") {
    problems.push(`answered ${res.status} without the API's JSON envelope (${res.headers.get("content-type")})`);
  }
  try {
    assertMatchesContract(
      r.operation.api,
      r.method,
      new URL(r.path, "http://x").pathname,
      res.status,
      res.headers,
      parsed,
    );
  } catch (error) {
    problems.push((error as Error).message.slice(0, 400));
  }
  return problems;
}

describe("hostile input", () => {
  it(`${REQUESTS} mutated requests over every operation: no 5xx, the documented envelope, a responsive /health`, async () => {
    const perOperation = Math.ceil(REQUESTS / operations.length);
    const requests = operations.flatMap((operation, i) =>
      fc.sample(requestArbitrary(operation), { numRuns: perOperation, seed: SEED + i }),
    );
    const failures: string[] = [];
    const healthTimes: number[] = [];
    let sent = 0;
    let finished = false;

    const health = (async () => {
      while (!finished) {
        const start = performance.now();
        const res = await fetch(`${isolated.app.baseUrl}/health`, { signal: AbortSignal.timeout(60_000) });
        await res.arrayBuffer();
        healthTimes.push(performance.now() - start);
        if (res.status !== 200) failures.push(`/health answered ${res.status}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const r = requests[next++];
        sent++;
        try {
          for (const problem of await problemsOf(r)) failures.push(`${problem}\n    ${describeRequest(r)}`);
        } catch (error) {
          failures.push(`request failed: ${(error as Error).message}\n    ${describeRequest(r)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    finished = true;
    await health;

    const slowest = Math.round(Math.max(...healthTimes));
    console.log(
      `hostile input: ${sent} requests over ${operations.length} operations (seed ${SEED}), ${healthTimes.length} /health probes, slowest ${slowest} ms, ${failures.length} problems`,
    );
    expect(sent).toBe(requests.length);
    expect(failures.slice(0, 25), `${failures.length} problems (seed ${SEED})`).toEqual([]);
    expect(slowest).toBeLessThan(HEALTH_BOUND_MS);
  }, 600_000);
});
