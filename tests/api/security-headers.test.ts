// Security headers on every page and Request-Id on every API answer, errors included, and the
// log lines of a failing request: they carry its Request-Id and never the key it presented.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { freePort, startAppInstance, type AppProcess } from "../support/test-stack";
import { newOrg } from "../support/fixtures";

let app: AppProcess;
let down: AppProcess;
const KEY = `sk_test_${"s3cr3t".repeat(7)}`;

beforeAll(async () => {
  app = await startAppInstance({ databaseUrl: inject("databaseUrl") });
  const deadPort = await freePort();
  down = await startAppInstance({ databaseUrl: `postgresql://postgres:pw@127.0.0.1:${deadPort}/nowhere` });
});

afterAll(async () => {
  await app?.stop();
  await down?.stop();
});

const PAGES = [
  "/",
  "/docs",
  "/docs/verification",
  "/docs/voice",
  "/sign-in",
  "/sign-up",
  "/dashboard",
  "/dashboard/api-keys",
  "/dashboard/webhooks",
  "/dashboard/sessions",
  "/dashboard/deliveries",
  "/dashboard/dead-letters",
  "/studio",
  "/verify/not-a-token",
  "/verify/link/expired",
];

describe("security headers", () => {
  it.each(PAGES)("%s denies framing and sets the policy headers", async (path) => {
    const res = await fetch(`${app.baseUrl}${path}`, { redirect: "manual" });
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    const hosted = path.startsWith("/verify");
    expect(res.headers.get("referrer-policy")).toBe(hosted ? "no-referrer" : "strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain(hosted ? "camera=(self)" : "camera=()");
    // APP_URL is http in tests: no HSTS.
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.get("request-id")).toBeNull();
    // Scripts only with this response's nonce; a second request gets another.
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).toContain("default-src 'self'");
    const again = await fetch(`${app.baseUrl}${path}`, { redirect: "manual" });
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it("lets no script run from an API answer", async () => {
    for (const path of ["/health", "/v1/verification-sessions", "/tts"]) {
      const csp = (await fetch(`${app.baseUrl}${path}`)).headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("script-src 'none'");
      expect(csp, path).toContain("frame-ancestors 'none'");
    }
  });
});

describe("Request-Id", () => {
  it.each([
    ["GET", "/health", 200],
    ["GET", "/voices", 401],
    ["GET", "/formats", 401],
    ["POST", "/tts", 401],
    ["GET", "/voices/nope/preview.mp3", 404],
    ["GET", "/v1/verification-sessions", 401],
    ["POST", "/v1/verification-sessions", 401],
    ["GET", "/v1/verification-sessions/vs_nope", 401],
    ["GET", "/v1/webhook-endpoints", 401],
    ["POST", "/v1/webhook-endpoints", 401],
    ["DELETE", "/v1/webhook-endpoints/we_nope", 401],
    ["POST", "/v1/test_helpers/verification-sessions/vs_nope/complete", 401],
    ["POST", "/v1/test_helpers/verification-sessions/vs_nope/expire", 401],
    ["GET", "/v1/no-such-thing", 401],
    ["DELETE", "/tts", 405],
  ] as const)("%s %s answers %i with a Request-Id", async (method, path, status) => {
    const res = await fetch(`${app.baseUrl}${path}`, { method });
    expect(res.status).toBe(status);
    expect(res.headers.get("request-id")).toMatch(/^req_[A-Za-z0-9]{24}$/);
  });

  it("is on a 404 and 200 with a valid key", async () => {
    const { testKey } = await newOrg("reqid");
    for (const [path, status] of [
      ["/v1/no-such-thing", 404],
      ["/v1/verification-sessions", 200],
    ] as const) {
      const res = await fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${testKey}` } });
      expect(res.status).toBe(status);
      expect(res.headers.get("request-id")).toMatch(/^req_[A-Za-z0-9]{24}$/);
    }
    expect(app.output()).not.toContain(testKey);
  });

  it("each API request is summed up in one JSON log line under its Request-Id, with its route and status", async () => {
    const { testKey } = await newOrg("reqlog");
    const requests: { path: string; headers: Record<string, string>; status: number }[] = [
      { path: "/v1/verification-sessions", headers: { authorization: `Bearer ${testKey}` }, status: 200 },
      { path: "/v1/verification-sessions", headers: {}, status: 401 },
      { path: "/formats", headers: { "x-api-key": testKey }, status: 200 },
      { path: "/voices/nope/preview.mp3", headers: {}, status: 404 },
    ];
    const answered = [];
    for (const request of requests) {
      const res = await fetch(`${app.baseUrl}${request.path}`, { headers: request.headers });
      expect(res.status, request.path).toBe(request.status);
      answered.push({ ...request, id: res.headers.get("request-id")! });
    }
    await new Promise((r) => setTimeout(r, 200));
    const lines = app
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const { path, status, id } of answered) {
      const summaries = lines.filter((line) => line.requestId === id && line.msg === "request");
      expect(summaries, `${path} ${id}`).toHaveLength(1);
      expect(summaries[0]).toMatchObject({
        route: `GET ${path}`,
        status,
        durationMs: expect.any(Number),
        time: expect.any(Number),
      });
    }
  });

  it("is on a 429", async () => {
    const limited = await startAppInstance({ databaseUrl: inject("databaseUrl"), env: { RATE_LIMIT_PER_MINUTE: "1" } });
    try {
      const { testKey } = await newOrg("reqid429");
      const call = () =>
        fetch(`${limited.baseUrl}/v1/verification-sessions`, { headers: { authorization: `Bearer ${testKey}` } });
      await call();
      // The limit counts per clock minute: if the minute turned between the two calls, the
      // second started a new window and the third is the one refused.
      let res = await call();
      if (res.status !== 429) res = await call();
      expect(res.status).toBe(429);
      expect(res.headers.get("request-id")).toMatch(/^req_[A-Za-z0-9]{24}$/);
    } finally {
      await limited.stop();
    }
  });

  it("differs per request", async () => {
    const a = (await fetch(`${app.baseUrl}/health`)).headers.get("request-id");
    const b = (await fetch(`${app.baseUrl}/health`)).headers.get("request-id");
    expect(a).not.toBe(b);
  });

  it("is on a 500, and the failing request's log lines carry it and never the key", async () => {
    const res = await fetch(`${down.baseUrl}/v1/verification-sessions`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(res.status).toBe(500);
    const id = res.headers.get("request-id");
    expect(id).toMatch(/^req_/);
    await new Promise((r) => setTimeout(r, 200));
    const lines = down
      .output()
      .split("\n")
      .filter((l) => l.includes(id!));
    expect(lines.length).toBeGreaterThan(0);
    const summary = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "request");
    expect(summary).toMatchObject({ status: 500, errorCode: "internal_error", requestId: id, level: "error" });
    // The Voice API's 500 too.
    const voice = await fetch(`${down.baseUrl}/voices`, { headers: { "x-api-key": KEY } });
    expect(voice.status).toBe(500);
    expect(voice.headers.get("request-id")).toMatch(/^req_[A-Za-z0-9]{24}$/);
    for (const out of [down.output(), app.output()]) {
      expect(out).not.toContain(KEY);
      expect(out).not.toContain("s3cr3t");
      expect(out).not.toContain(":pw@");
    }
  });
});
