// Rate limit (spec part 8): 100 requests per minute per organisation across /v1/*, test and live
// keys sharing the budget; 429 rate_limit_error / rate_limited with Retry-After; X-RateLimit-*
// on every /v1 response. (Two app instances sharing it: two-instances.test.ts.)
import http from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/platform/db";
import { v1 } from "../support/api";
import { createSession, expectError, expectRateLimitHeaders, validBody, waitForRoomInWindow } from "./support";
import { newOrg } from "../support/fixtures";
import { startAppInstance, type AppProcess } from "../support/test-stack";

const LIMIT = 100; // TEST_APP_ENV.RATE_LIMIT_PER_MINUTE

async function inBatches<T>(count: number, batch: number, run: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += batch) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - start) }, (_, j) => run(start + j)))));
  }
  return out;
}

describe("X-RateLimit-* headers", () => {
  it("are on every /v1 response, success or error, and count down one per request", async () => {
    const { testKey } = await newOrg("headers");
    await waitForRoomInWindow();
    const session = await v1("POST", "/v1/verification-sessions", { key: testKey, body: validBody });
    const responses = [
      session,
      await v1("GET", `/v1/verification-sessions/${session.body.id}`, { key: testKey }),
      await v1("GET", "/v1/verification-sessions", { key: testKey }),
      await v1("POST", "/v1/verification-sessions", { key: testKey, body: { required_age: 1 } }),
      await v1("GET", "/v1/verification-sessions?cursor=nope", { key: testKey }),
      await v1("GET", "/v1/verification-sessions/vs_unknown", { key: testKey }),
      await v1("POST", `/v1/test_helpers/verification-sessions/${session.body.id}/complete`, {
        key: testKey,
        body: { result: "fail" },
      }),
      await v1("DELETE", "/v1/verification-sessions", { key: testKey }),
      await v1("GET", "/v1/no-such-thing", { key: testKey }),
    ];
    expect(responses.map((r) => r.status)).toEqual([201, 200, 200, 400, 400, 404, 200, 405, 404]);
    responses.forEach(expectRateLimitHeaders);
    expect(responses.map((r) => Number(r.headers.get("x-ratelimit-remaining")))).toEqual(
      responses.map((_, i) => LIMIT - 1 - i),
    );
    for (const r of responses) {
      expect(r.headers.get("x-ratelimit-limit")).toBe(String(LIMIT));
      // Reset is the end of the current one-minute window, in unix seconds.
      const reset = Number(r.headers.get("x-ratelimit-reset"));
      expect(reset % 60).toBe(0);
      expect(reset * 1000 - Date.now()).toBeLessThanOrEqual(60_000);
      expect(r.headers.get("retry-after")).toBeNull();
    }
  });
});

describe("the shared budget", () => {
  it("test and live keys of one organisation share 100 per minute; the 101st request is a 429 with Retry-After", async () => {
    const { orgId, testKey, liveKey } = await newOrg("budget");
    const bystander = await newOrg("bystander");
    await waitForRoomInWindow();

    const results = await inBatches(LIMIT, 10, (i) =>
      v1("GET", "/v1/verification-sessions?limit=1", { key: i % 2 === 0 ? testKey : liveKey }),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.map((r) => Number(r.headers.get("x-ratelimit-remaining"))).sort((a, b) => a - b)).toEqual(
      Array.from({ length: LIMIT }, (_, i) => i),
    );

    for (const key of [testKey, liveKey]) {
      const limited = await v1("GET", "/v1/verification-sessions", { key });
      expectError(limited, { status: 429, type: "rate_limit_error", code: "rate_limited" });
      expectRateLimitHeaders(limited);
      expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }

    // A refused create creates nothing, test helpers are limited too, and another org is unaffected.
    const refused = await v1("POST", "/v1/verification-sessions", { key: testKey, body: validBody });
    expect(refused.status).toBe(429);
    expect(await db.verificationSession.count({ where: { orgId } })).toBe(0);
    expect((await v1("POST", "/v1/test_helpers/verification-sessions/vs_x/expire", { key: testKey })).status).toBe(429);
    expect((await v1("GET", "/v1/verification-sessions", { key: bystander.testKey })).status).toBe(200);
    await createSession(bystander.liveKey);
  });

  it("requests without a valid key are counted per client address, with the same limit", async () => {
    // A made-up forwarded address keeps this budget apart from the rest of the suite's (the test
    // app trusts one proxy hop: TEST_APP_ENV.TRUST_PROXY_HOPS).
    const headers = { "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}` };
    await waitForRoomInWindow();
    const results = await inBatches(LIMIT, 10, () => v1("GET", "/v1/verification-sessions", { headers }));
    expect(results.every((r) => r.status === 401)).toBe(true);
    results.forEach(expectRateLimitHeaders);
    const limited = await v1("GET", "/v1/verification-sessions", { headers });
    expectError(limited, { status: 429, type: "rate_limit_error", code: "rate_limited" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // A valid key from that same address is not affected: it has its organisation's budget.
    const { testKey } = await newOrg();
    expect((await v1("GET", "/v1/verification-sessions", { key: testKey, headers })).status).toBe(200);
  });
});

describe("the client address without a trusted proxy (TRUST_PROXY_HOPS unset)", () => {
  let app: AppProcess;
  beforeAll(async () => {
    app = await startAppInstance({ databaseUrl: inject("databaseUrl"), env: { TRUST_PROXY_HOPS: "0" } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  // Linux answers all of 127.0.0.0/8, so a connection from its own loopback address gets a bucket
  // no other test's requests (all from 127.0.0.1) touch.
  function fromAddress(localAddress: string, forwardedFor: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${app.baseUrl}/v1/verification-sessions`,
        { localAddress, headers: { "x-forwarded-for": forwardedFor } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.end();
    });
  }

  it("ignores a forged X-Forwarded-For: the connection's peer is counted", async () => {
    const peer = `127.0.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 2}`;
    await waitForRoomInWindow();
    const statuses = await inBatches(LIMIT, 10, (i) => fromAddress(peer, `203.0.113.${(i % 250) + 1}, 198.51.100.7`));
    expect(statuses.every((status) => status === 401)).toBe(true);
    // Yet another forged address does not buy a new budget...
    expect(await fromAddress(peer, "192.0.2.99")).toBe(429);
    // ...while another peer has its own.
    expect(
      await fromAddress(
        peer.replace(/\.\d+$/, (last) => `.${(Number(last.slice(1)) % 250) + 2}`),
        "192.0.2.99",
      ),
    ).toBe(401);
  });
});
