// Webhooks (issue 5): how soon a completed session reaches its receiver, and how many signed
// deliveries per second the in-process job runner sustains. A real HTTPS receiver on loopback
// (certificate from the test CA, which the bench app trusts through NODE_EXTRA_CA_CERTS)
// answers 204 and notes when each delivery arrived. The app polls its job queue at its
// production pace (JOB_POLL_INTERVAL_MS=500), which bounds the latency figures.
//
// Rows: "latency" counts sessions completed one at a time (p50/p99 = completion request sent
// -> first successful delivery received; the req/s column is left empty); "throughput"
// completes sessions with 10 endpoints subscribed (req/s = successful deliveries per second,
// p50/p99 = completion -> delivery of each). Ratios to the HTTP baselines mean little here.
import https from "node:https";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import type { BenchContext, BenchRow, BenchSection } from "../lib/context";
import { ensureTestCertificates } from "../../tests/support/test-ca";

const LATENCY_SESSIONS = 60;
const THROUGHPUT_SESSIONS = 100;
const THROUGHPUT_ENDPOINTS = 10;
const COMPLETION_CONCURRENCY = 8;
const DRAIN_TIMEOUT_MS = 60_000;

type Arrival = { sessionId: string; at: number };

async function startReceiver() {
  const { cert, key } = ensureTestCertificates();
  const arrivals: Arrival[] = [];
  const waiters = new Set<() => void>();
  const server = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const at = performance.now();
      try {
        arrivals.push({ sessionId: JSON.parse(Buffer.concat(chunks).toString("utf8")).data.id, at });
      } catch {
        // not a delivery
      }
      res.writeHead(204).end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    arrivals,
    /** Resolves once `count` deliveries have arrived, or after the timeout. */
    waitForCount: (count: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, DRAIN_TIMEOUT_MS);
        function done() {
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
        function check() {
          if (arrivals.length >= count) done();
        }
        waiters.add(check);
        check();
      }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

async function createSessions(ctx: BenchContext, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await ctx.call("POST", "/v1/verification-sessions", {
      key: ctx.org.testKey,
      body: { required_age: 18, return_url: "https://merchant.example/done", metadata: { bench: String(i) } },
    });
    if (res.status !== 201) throw new Error(`session creation answered ${res.status}`);
    ids.push(res.body.id);
  }
  return ids;
}

/** Completes sessions with a few in flight at a time; returns when each completion was sent. */
async function completeAll(ctx: BenchContext, ids: string[], concurrency: number, spacingMs = 0) {
  const sentAt = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        sentAt.set(id, performance.now());
        const res = await ctx.call("POST", `/v1/test_helpers/verification-sessions/${id}/complete`, {
          key: ctx.org.testKey,
          body: { result: "pass" },
        });
        if (res.status !== 200) throw new Error(`complete answered ${res.status}`);
        if (spacingMs) await new Promise((r) => setTimeout(r, spacingMs));
      }
    }),
  );
  return sentAt;
}

function row(
  name: string,
  concurrency: number,
  expected: number,
  latencies: number[],
  seconds: number,
  rps: number,
): BenchRow {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    concurrency,
    requests: latencies.length,
    errors: expected - latencies.length,
    seconds,
    rps,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    errorSample:
      expected > latencies.length
        ? `${expected - latencies.length} deliveries missing after ${DRAIN_TIMEOUT_MS / 1000} s`
        : undefined,
  };
}

const section: BenchSection = {
  title: "Webhooks",
  async run(ctx) {
    const receiver = await startReceiver();
    const endpointIds: string[] = [];
    const addEndpoint = async (i: number) => {
      const res = await ctx.call("POST", "/v1/webhook-endpoints", {
        key: ctx.org.testKey,
        body: { url: `${receiver.origin}/hook/${i}`, events: ["verification_session.completed"] },
      });
      if (res.status !== 201) throw new Error(`endpoint creation answered ${res.status}: ${JSON.stringify(res.body)}`);
      endpointIds.push(res.body.id);
    };
    try {
      // 1. Latency: one endpoint, sessions completed one at a time, spaced so that completions
      //    fall at random points of the runner's poll cycle.
      await addEndpoint(0);
      const latencyIds = await createSessions(ctx, LATENCY_SESSIONS);
      const started = performance.now();
      const sentAt = await completeAll(ctx, latencyIds, 1, 37);
      await receiver.waitForCount(LATENCY_SESSIONS);
      const firstArrival = new Map<string, number>();
      for (const a of receiver.arrivals) if (!firstArrival.has(a.sessionId)) firstArrival.set(a.sessionId, a.at);
      const latencies = latencyIds
        .filter((id) => firstArrival.has(id))
        .map((id) => firstArrival.get(id)! - sentAt.get(id)!);
      const latencyRow = row(
        "completion -> first successful delivery (latency; 1 endpoint)",
        1,
        LATENCY_SESSIONS,
        latencies,
        (performance.now() - started) / 1000,
        NaN,
      );

      // 2. Throughput: 10 endpoints, completions as fast as the API takes them.
      for (let i = 1; i < THROUGHPUT_ENDPOINTS; i++) await addEndpoint(i);
      const throughputIds = await createSessions(ctx, THROUGHPUT_SESSIONS);
      receiver.arrivals.length = 0;
      const expected = THROUGHPUT_SESSIONS * THROUGHPUT_ENDPOINTS;
      const t0 = performance.now();
      const sent = await completeAll(ctx, throughputIds, COMPLETION_CONCURRENCY);
      await receiver.waitForCount(expected);
      const last = receiver.arrivals.reduce((max, a) => Math.max(max, a.at), t0);
      const seconds = (last - t0) / 1000;
      const perDelivery = receiver.arrivals
        .filter((a) => sent.has(a.sessionId))
        .map((a) => a.at - sent.get(a.sessionId)!);
      const throughputRow = row(
        `deliveries/s to ${THROUGHPUT_ENDPOINTS} endpoints (${THROUGHPUT_SESSIONS} sessions; req/s = deliveries/s)`,
        COMPLETION_CONCURRENCY,
        expected,
        perDelivery,
        seconds,
        perDelivery.length / seconds,
      );
      return [latencyRow, throughputRow];
    } finally {
      for (const id of endpointIds) await ctx.call("DELETE", `/v1/webhook-endpoints/${id}`, { key: ctx.org.testKey });
      await receiver.close();
    }
  },
};

export default section;
