// An unexpected failure inside authentication (the database unreachable while the key is
// checked) is the spec's 500 api_error/internal_error: the envelope, nothing of the cause, and
// the X-RateLimit-* headers the document promises for a 500 (limit and reset; remaining is not
// known when the request could not be counted). A second app instance of the same build runs
// with DATABASE_URL pointing at a port nothing listens on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startAppInstance, type AppProcess } from "../support/test-stack";
import { v1At } from "./support";

let app: AppProcess;
let deadPort: number;

beforeAll(async () => {
  deadPort = await freePort();
  app = await startAppInstance({ databaseUrl: `postgresql://postgres:secret-password@127.0.0.1:${deadPort}/nowhere` });
});

afterAll(async () => {
  await app?.stop();
});

describe("/v1 with the database down", () => {
  it.each([
    ["a well-formed key", { authorization: `Bearer sk_test_${"a".repeat(40)}` }],
    ["no key", {}],
  ])("answers 500 internal_error with %s, leaking nothing", async (_label, headers) => {
    const windowEnd = Math.ceil((Math.floor(Date.now() / 60_000) + 1) * 60);
    // v1At checks the response against the document (500: envelope, Limit and Reset required).
    const res = await v1At(app.baseUrl, "GET", "/v1/verification-sessions", { headers });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: {
        type: "api_error",
        code: "internal_error",
        message: "Something went wrong on our side. It is safe to retry.",
      },
    });
    expect(res.headers.get("x-ratelimit-limit")).toBe("100");
    expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThanOrEqual(windowEnd - 1);
    expect(Number(res.headers.get("x-ratelimit-reset"))).toBeLessThanOrEqual(windowEnd + 60);
    expect(res.headers.get("x-ratelimit-remaining")).toBeNull();
    const everything = JSON.stringify(res.body) + JSON.stringify([...res.headers]);
    for (const secret of [String(deadPort), "ECONNREFUSED", "secret-password", "nowhere", "prisma", "postgres"]) {
      expect(everything.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  });

  it("answers a POST (with an Idempotency-Key) the same way", async () => {
    const res = await v1At(app.baseUrl, "POST", "/v1/verification-sessions", {
      key: `sk_live_${"b".repeat(40)}`,
      headers: { "idempotency-key": "retry-me" },
      body: { required_age: 18, return_url: "https://shop.example/done" },
    });
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({ type: "api_error", code: "internal_error" });
    expect(res.headers.get("x-ratelimit-limit")).toBe("100");
  });
});
