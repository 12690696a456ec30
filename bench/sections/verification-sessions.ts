// Age Verification API: create, retrieve and list sessions (issue 3). Targets: create at least
// 50% and retrieve/list at least 70% of the empty handler's throughput, p99 at most twice its.
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { BenchSection } from "../lib/context";

/**
 * ANALYZE what the creates just wrote. The bench's database is minutes old, and PostgreSQL has
 * no statistics for a table until autovacuum's first ANALYZE, about a minute after it fills;
 * until then list's cached plan can scan and sort all of the organisation's sessions (see
 * lib/verification/list-sessions.ts). A live server has statistics, so the reads are measured
 * with them, whether or not autovacuum got there first during this run.
 */
async function analyzeSessions() {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`ANALYZE "VerificationSession"`);
  } finally {
    await client.end();
  }
}

const createBody = JSON.stringify({
  required_age: 18,
  return_url: "https://merchant.example/after?x=1",
  metadata: { order: "1001" },
});

const section: BenchSection = {
  title: "Age Verification API",
  async run(ctx) {
    const auth = { authorization: `Bearer ${ctx.org.testKey}` };
    const json = { ...auth, "content-type": "application/json" };

    const create = await ctx.measure({
      name: "POST /v1/verification-sessions",
      expectStatus: 201,
      request: () => ({ method: "POST", path: "/v1/verification-sessions", headers: json, body: createBody }),
    });
    // Fresh keys on every run: with --rounds, a key from an earlier round would be a replay.
    const keyPrefix = randomUUID();
    const withKey = await ctx.measure({
      name: "POST /v1/verification-sessions (Idempotency-Key)",
      expectStatus: 201,
      request: (i) => ({
        method: "POST",
        path: "/v1/verification-sessions",
        headers: { ...json, "idempotency-key": `bench-${keyPrefix}-${i}` },
        body: createBody,
      }),
    });

    await analyzeSessions();
    const listed = await ctx.call("GET", "/v1/verification-sessions?limit=100", { key: ctx.org.testKey });
    const ids: string[] = listed.body.data.map((s: { id: string }) => s.id);
    if (ids.length === 0) throw new Error("no sessions to retrieve");
    const retrieve = await ctx.measure({
      name: "GET /v1/verification-sessions/:id",
      expectStatus: 200,
      request: (i) => ({ method: "GET", path: `/v1/verification-sessions/${ids[i % ids.length]}`, headers: auth }),
    });
    const list = await ctx.measure({
      name: "GET /v1/verification-sessions (20 per page)",
      expectStatus: 200,
      request: () => ({ method: "GET", path: "/v1/verification-sessions", headers: auth }),
    });

    return [
      { ...create, target: { minThroughputRatio: 0.5, maxP99Ratio: 2 } },
      withKey,
      { ...retrieve, target: { minThroughputRatio: 0.7, maxP99Ratio: 2 } },
      { ...list, target: { minThroughputRatio: 0.7, maxP99Ratio: 2 } },
    ];
  },
};

export default section;
