// Spec part 7, row by row: each error type, status and code, in the envelope
// { error: { type, code, message } } (plus `param` where a field is to blame).
import { describe, expect, it, vi } from "vitest";
import { withApiKey } from "@/lib/edge/api/with-api-key";
import { v1, baseUrl } from "../support/api";
import { expectError, expectRateLimitHeaders, validBody, waitForRoomInWindow } from "./support";
import { db } from "@/lib/platform/db";
import { logger } from "@/lib/platform/log";
import { createSessionJson } from "@/lib/verification/create-session";
import { createSessionBodySchema } from "@/lib/verification/schemas";
import { newOrg } from "../support/fixtures";

describe("spec part 7", () => {
  it("authentication_error 401 invalid_api_key: bearer token missing or not matching a key on file", async () => {
    expectError(await v1("GET", "/v1/verification-sessions", {}), {
      status: 401,
      type: "authentication_error",
      code: "invalid_api_key",
    });
    expectError(await v1("GET", "/v1/verification-sessions", { key: `sk_live_${"x".repeat(40)}` }), {
      status: 401,
      type: "authentication_error",
      code: "invalid_api_key",
    });
  });

  it("invalid_request_error 400 parameter_invalid: body or query failed validation", async () => {
    const { testKey } = await newOrg();
    expectError(
      await v1("POST", "/v1/verification-sessions", { key: testKey, body: { ...validBody, required_age: 21 } }),
      {
        status: 400,
        type: "invalid_request_error",
        code: "parameter_invalid",
        param: "required_age",
      },
    );
    expectError(await v1("GET", "/v1/verification-sessions?limit=500", { key: testKey }), {
      status: 400,
      type: "invalid_request_error",
      code: "parameter_invalid",
      param: "limit",
    });
  });

  it("invalid_request_error 400 cursor_invalid: list cursor malformed or expired", async () => {
    const { testKey } = await newOrg();
    expectError(await v1("GET", "/v1/verification-sessions?cursor=not-a-cursor", { key: testKey }), {
      status: 400,
      type: "invalid_request_error",
      code: "cursor_invalid",
      param: "cursor",
    });
  });

  it("invalid_request_error 404 resource_missing: no session with that id for the organisation", async () => {
    const { testKey } = await newOrg();
    expectError(await v1("GET", "/v1/verification-sessions/vs_missing", { key: testKey }), {
      status: 404,
      type: "invalid_request_error",
      code: "resource_missing",
    });
    // Unknown paths answer in the same envelope, not with an HTML page.
    for (const [method, path] of [
      ["GET", "/v1/sessions"],
      ["GET", "/v1"],
      ["POST", "/v1"],
      ["PUT", "/v1/verification-sessions/vs_x/extra"],
      ["OPTIONS", "/v1/no-such-thing"],
    ]) {
      const res = await v1(method, path, { key: testKey });
      expectError(res, { status: 404, type: "invalid_request_error", code: "resource_missing" });
      expect(res.body.error.message).toContain(path);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("allow")).toBeNull();
    }
  });

  it("invalid_request_error 405 method_not_allowed: a documented path asked with another method, with a true Allow", async () => {
    const { testKey } = await newOrg();
    const sessions = "GET, HEAD, POST, OPTIONS";
    const one = "GET, HEAD, OPTIONS";
    const helper = "POST, OPTIONS";
    for (const [method, path, allow] of [
      ["DELETE", "/v1/verification-sessions", sessions],
      ["PUT", "/v1/verification-sessions", sessions],
      ["PATCH", "/v1/verification-sessions/vs_x", one],
      ["POST", "/v1/verification-sessions/vs_x", one],
      ["GET", "/v1/test_helpers/verification-sessions/vs_x/complete", helper],
      ["PUT", "/v1/webhook-endpoints", sessions],
      ["PATCH", "/v1/webhook-endpoints", sessions],
      ["GET", "/v1/webhook-endpoints/whe_x", "DELETE, OPTIONS"],
      ["POST", "/v1/webhook-endpoints/whe_x", "DELETE, OPTIONS"],
    ]) {
      const res = await v1(method, path, { key: testKey });
      expectError(res, { status: 405, type: "invalid_request_error", code: "method_not_allowed" });
      expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow);
      expect(res.body.error.message).toContain(method);
      expectRateLimitHeaders(res);
    }
    // OPTIONS on a documented path says what it serves, with no body.
    const options = await fetch(`${baseUrl()}/v1/verification-sessions/vs_x`, {
      method: "OPTIONS",
      headers: { authorization: `Bearer ${testKey}` },
    });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe(one);
    expect(await options.text()).toBe("");
    // Authentication still comes first: without a key it is 401, whatever the method.
    expectError(await v1("PUT", "/v1/verification-sessions"), {
      status: 401,
      type: "authentication_error",
      code: "invalid_api_key",
    });
  });

  it("HEAD and OPTIONS are authenticated and counted like every other /v1 request", async () => {
    const { testKey } = await newOrg();
    for (const path of ["/v1/verification-sessions", "/v1/webhook-endpoints/whe_x", "/v1"]) {
      const anonymous = await v1("OPTIONS", path);
      expectError(anonymous, { status: 401, type: "authentication_error", code: "invalid_api_key" });
      expectRateLimitHeaders(anonymous);
      const options = await fetch(`${baseUrl()}${path}`, {
        method: "OPTIONS",
        headers: { authorization: `Bearer ${testKey}` },
      });
      expect(options.status).toBe(path === "/v1" ? 404 : 204);
      expectRateLimitHeaders(options);
    }
    // HEAD answers as GET would, without the body: 405 where the path serves no GET.
    const head = await fetch(`${baseUrl()}/v1/webhook-endpoints/whe_x`, {
      method: "HEAD",
      headers: { authorization: `Bearer ${testKey}` },
    });
    expect(head.status).toBe(405);
    expect(head.headers.get("allow")).toBe("DELETE, OPTIONS");
    expectRateLimitHeaders(head);
    const list = await fetch(`${baseUrl()}/v1/webhook-endpoints`, {
      method: "HEAD",
      headers: { authorization: `Bearer ${testKey}` },
    });
    expect(list.status).toBe(200);
    expectRateLimitHeaders(list);
  });

  it("rate_limit_error 429 rate_limited: rate limit exceeded", async () => {
    const { testKey } = await newOrg();
    await waitForRoomInWindow();
    for (let start = 0; start < 100; start += 20) {
      await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${baseUrl()}/v1/verification-sessions/vs_x`, {
            headers: { authorization: `Bearer ${testKey}` },
          }).then((r) => r.arrayBuffer()),
        ),
      );
    }
    const res = await v1("GET", "/v1/verification-sessions", { key: testKey });
    expectError(res, { status: 429, type: "rate_limit_error", code: "rate_limited" });
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  describe("api_error 500 internal_error: failure on the service side", () => {
    // No route of the API fails on purpose, so this drives the wrapper every /v1 route uses
    // with a handler that throws, in-process, against the suite's database.
    const request = (key: string, init: RequestInit = {}) =>
      new Request("http://localhost/v1/verification-sessions", {
        ...init,
        headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
      });
    const noParams = { params: Promise.resolve({}) };

    it("answers the generic envelope, logs the details and leaks none of them", async () => {
      const { testKey } = await newOrg();
      const logged = vi.spyOn(logger(), "error").mockImplementation(() => {});
      try {
        const secret = "connect ECONNREFUSED 10.1.2.3:5432 user=admin password=hunter2";
        const handler = withApiKey(async () => {
          throw new Error(secret);
        });
        const res = await handler(request(testKey), noParams);
        expect(res.status).toBe(500);
        const text = await res.text();
        expect(JSON.parse(text)).toEqual({
          error: {
            type: "api_error",
            code: "internal_error",
            message: "Something went wrong on our side. It is safe to retry.",
          },
        });
        expect(text).not.toMatch(/ECONNREFUSED|10\.1\.2\.3|hunter2|Error|at /);
        expectRateLimitHeaders(res);
        expect(logged).toHaveBeenCalledWith({ err: expect.objectContaining({ message: secret }) }, "unexpected error");

        const throwsString = withApiKey(async () => {
          throw "not even an Error";
        });
        const res2 = await throwsString(request(testKey), noParams);
        expect(res2.status).toBe(500);
        expect(await res2.text()).not.toContain("not even");
      } finally {
        logged.mockRestore();
      }
    });

    it("does not store a 500 under an Idempotency-Key: the retry runs again", async () => {
      const { testKey } = await newOrg();
      const logged = vi.spyOn(logger(), "error").mockImplementation(() => {});
      try {
        let calls = 0;
        const handler = withApiKey(async () => {
          calls++;
          if (calls === 1) throw new Error("transient");
          return Response.json({ ok: true }, { status: 201 });
        });
        const post = () =>
          handler(
            request(testKey, {
              method: "POST",
              body: "{}",
              headers: { "content-type": "application/json", "idempotency-key": "retry-after-500" },
            }),
            noParams,
          );
        expect((await post()).status).toBe(500);
        await expectRunThenReplay(post);
        expect(calls).toBe(2);
      } finally {
        logged.mockRestore();
      }
    });

    it("a route that stores its answer in its own statement: a 500 there claims nothing, and the retry runs again", async () => {
      const { orgId, testKey } = await newOrg();
      const logged = vi.spyOn(logger(), "error").mockImplementation(() => {});
      try {
        let calls = 0;
        const handler = withApiKey(
          async ({ principal, json, idempotency }) => {
            calls++;
            if (calls === 1) throw new Error("transient");
            const body = createSessionBodySchema.parse(json());
            const text = await createSessionJson(
              { orgId: principal.orgId, mode: principal.mode, ...body },
              idempotency,
            );
            return new Response(text, { status: 201 });
          },
          { storesIdempotentAnswer: true },
        );
        const post = () =>
          handler(
            request(testKey, {
              method: "POST",
              body: JSON.stringify(validBody),
              headers: { "content-type": "application/json", "idempotency-key": "own-statement-500" },
            }),
            noParams,
          );
        expect((await post()).status).toBe(500);
        expect(await db.idempotencyKey.count({ where: { orgId } })).toBe(0);
        const { retried, replayed } = await expectRunThenReplay(post);
        expect(await replayed.json()).toEqual(await retried.json());
        expect(calls).toBe(3); // the replay ran the handler, whose statement found the key taken
        expect(await db.verificationSession.count({ where: { orgId } })).toBe(1);
      } finally {
        logged.mockRestore();
      }
    });
  });
});

/** After a failed first try: the retry runs (a fresh answer), and the next is its replay. */
async function expectRunThenReplay(post: () => Promise<Response>) {
  const retried = await post();
  expect(retried.status).toBe(201);
  expect(retried.headers.get("idempotent-replayed")).toBeNull();
  const replayed = await post();
  expect(replayed.status).toBe(201);
  expect(replayed.headers.get("idempotent-replayed")).toBe("true");
  return { retried, replayed };
}
