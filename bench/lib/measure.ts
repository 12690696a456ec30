// The load generator: N keep-alive connections on loopback, each sending its next request as
// soon as the previous answer arrived (closed loop), for a bounded time and request count.
// It uses node:http with a keep-alive Agent rather than fetch: on a 2-core machine the client
// shares the CPU with the server, and node:http costs a fraction of fetch per request.
import http from "node:http";

export type RequestSpec = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** This request's expected status, where a mix of routes differs from the run's expectStatus. */
  expectStatus?: number;
};

export type LoadOptions = {
  /** Row label in the table. */
  name: string;
  baseUrl: string;
  /** The i-th request (i counts from 0 across all connections). */
  request: (i: number) => RequestSpec;
  /** Status every measured answer must have (unless its RequestSpec says); anything else counts as an error. */
  expectStatus: number;
  concurrency?: number;
  durationMs?: number;
  maxRequests?: number;
  /**
   * Sent (and not measured) first, so lazy compilation, the JIT and pools are warm: at least
   * warmupRequests and at least warmupMs (capped at 10x warmupRequests). Defaults: 1,000 and 2 s.
   */
  warmupRequests?: number;
  warmupMs?: number;
  /** Called right before and right after the measured phase (e.g. to sample CPU time). */
  onPhase?: (phase: "start" | "end") => void;
};

export type LoadResult = {
  name: string;
  concurrency: number;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** A sample of unexpected answers, for the report. */
  errorSample?: string;
  /**
   * CPU time per measured request (warm-up excluded) of the server process and of the database
   * backends. Unlike req/s, these barely move when other work competes for the machine.
   */
  serverCpuMs?: number;
  databaseCpuMs?: number;
};

export const DEFAULTS = {
  concurrency: 32,
  durationMs: 5_000,
  maxRequests: 50_000,
  warmupRequests: 1_000,
  warmupMs: 2_000,
};

/**
 * One request; the answer's body is read in full but kept as raw chunks, decoded only for the
 * error report: the generator shares the CPU with the app, so it should spend as little per
 * answer as it can (a 20-session list page is about 7 KB).
 */
function send(agent: http.Agent, url: URL, spec: RequestSpec): Promise<{ status: number; chunks: Buffer[] }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...spec.headers };
    if (spec.body !== undefined) headers["content-length"] = Buffer.byteLength(spec.body);
    const req = http.request(
      { agent, host: url.hostname, port: url.port, method: spec.method, path: spec.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, chunks }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(spec.body);
  });
}

/** The median of the finite values (NaN when there are none). */
export function median(values: number[]): number {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (finite.length === 0) return NaN;
  const mid = Math.floor(finite.length / 2);
  return finite.length % 2 ? finite[mid] : (finite[mid - 1] + finite[mid]) / 2;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function measure(options: LoadOptions): Promise<LoadResult> {
  const concurrency = options.concurrency ?? DEFAULTS.concurrency;
  const durationMs = options.durationMs ?? DEFAULTS.durationMs;
  const maxRequests = options.maxRequests ?? DEFAULTS.maxRequests;
  const warmupRequests = options.warmupRequests ?? DEFAULTS.warmupRequests;
  // A caller that sets warmupRequests alone (e.g. for expensive requests) gets just those.
  const warmupMs = options.warmupMs ?? (options.warmupRequests === undefined ? DEFAULTS.warmupMs : 0);
  const warmupUntil = performance.now() + warmupMs;
  const url = new URL(options.baseUrl);
  if (!["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) throw new Error("bench targets loopback only");
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;

  try {
    // Warm-up on the same connections, unmeasured.
    const warmupDone = () =>
      next >= warmupRequests * 10 || (next >= warmupRequests && performance.now() >= warmupUntil);
    const warm = Array.from({ length: Math.min(concurrency, Math.max(1, warmupRequests)) }, async () => {
      while (!warmupDone()) await send(agent, url, options.request(next++));
    });
    await Promise.all(warm);

    const latencies: number[] = [];
    let errors = 0;
    let errorSample: string | undefined;
    options.onPhase?.("start");
    const started = performance.now();
    const deadline = started + durationMs;
    const stopAt = next + maxRequests;
    const workers = Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline && next < stopAt) {
        const spec = options.request(next++);
        const t0 = performance.now();
        try {
          const res = await send(agent, url, spec);
          latencies.push(performance.now() - t0);
          if (res.status !== (spec.expectStatus ?? options.expectStatus)) {
            errors++;
            errorSample ??= `${spec.method} ${spec.path}: ${res.status} ${Buffer.concat(res.chunks).toString("utf8").slice(0, 200)}`;
          }
        } catch (error) {
          errors++;
          errorSample ??= String(error);
        }
      }
    });
    await Promise.all(workers);
    options.onPhase?.("end");
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      name: options.name,
      concurrency,
      requests: latencies.length,
      errors,
      seconds,
      rps: latencies.length / seconds,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      errorSample,
    };
  } finally {
    agent.destroy();
  }
}
