import { describe, expect, it } from "vitest";
import { errorBody } from "@/lib/verification/errors";
import { VERIFICATION_ERRORS, verificationErrorCodes } from "@/lib/verification/errors";
import { voiceErrorBody } from "@/lib/voice/errors";
import { VOICE_ERROR_STATUS, voiceErrorCodes } from "@/lib/voice/schemas";
import { assertMatchesContract } from "../support/contract";

// The contract check itself must be able to fail, or the integration suite proves nothing.
// Every answer of either API carries a Request-Id (proxy.ts); the documents say so.
const REQUEST_ID = "req_0123456789abcdefABCDEFgh";
function withRequestId(init?: HeadersInit) {
  const headers = new Headers(init);
  headers.set("Request-Id", REQUEST_ID);
  return headers;
}

const rateHeaders = withRequestId({
  "X-RateLimit-Limit": "100",
  "X-RateLimit-Remaining": "99",
  "X-RateLimit-Reset": "1",
});
const session = {
  id: "vs_abc",
  status: "created",
  required_age: 18,
  methods: ["face_estimation"],
  return_url: "https://x.example/",
  locale: null,
  mode: "test",
  attempts: 0,
  created_at: "2026-01-01T00:00:00.000Z",
  expires_at: "2026-01-01T00:30:00.000Z",
  metadata: {},
};

describe("contract check", () => {
  it("accepts a response that matches the document", () => {
    expect(() =>
      assertMatchesContract("verification", "GET", "/v1/verification-sessions/vs_abc", 200, rateHeaders, session),
    ).not.toThrow();
  });

  it("rejects an extra field, a wrong type, a missing header and an undocumented status", () => {
    const check = (status: number, headers: Headers, body: unknown) => () =>
      assertMatchesContract("verification", "GET", "/v1/verification-sessions/vs_abc", status, headers, body);
    expect(check(200, rateHeaders, { ...session, url: "https://leak" })).toThrow(/does not match/);
    expect(check(200, rateHeaders, { ...session, attempts: "0" })).toThrow(/does not match/);
    expect(check(200, withRequestId(), session)).toThrow(/lacks header X-RateLimit-Limit/);
    const noRequestId = new Headers(rateHeaders);
    noRequestId.delete("Request-Id");
    expect(check(200, noRequestId, session)).toThrow(/lacks header Request-Id/);
    expect(check(418, rateHeaders, session)).toThrow(/does not list/);
  });

  it("checks voice responses against the voice document", () => {
    const check = (status: number, body: unknown) => () =>
      assertMatchesContract("voice", "POST", "/tts", status, withRequestId(), body);
    expect(check(404, { error: { code: "voice_not_found", message: "No voice" } })).not.toThrow();
    expect(check(404, { error: { code: "resource_missing", message: "No voice" } })).toThrow(/does not match/);
    expect(check(200, { audio_url: "x" })).toThrow(/does not match/);
    expect(check(409, { error: { code: "bad_request", message: "?" } })).toThrow(/does not list/);
  });

  it("fails a response to an operation the document does not have, unless it is a listed deliberate answer", () => {
    // Voice: no such path outside the API's roots (unknown paths under a root are the listed
    // not_found answers); a path's other methods are the deliberate 405s, held to MethodNotAllowed.
    expect(() =>
      assertMatchesContract("voice", "GET", "/nowhere/unknown", 404, withRequestId(), {
        error: { code: "not_found", message: "?" },
      }),
    ).toThrow(/has no such operation/);
    const allow = withRequestId({ Allow: "POST, OPTIONS" });
    const notAllowed = { error: { code: "method_not_allowed", message: "PUT is not supported here; use POST." } };
    expect(() => assertMatchesContract("voice", "PUT", "/tts", 405, allow, notAllowed)).not.toThrow();
    expect(() =>
      assertMatchesContract("voice", "PUT", "/tts", 405, withRequestId({ Allow: "GET, PUT" }), notAllowed),
    ).toThrow(/header Allow/);
    expect(() => assertMatchesContract("voice", "PUT", "/tts", 200, allow, {})).toThrow(/does not list/);
    expect(() =>
      assertMatchesContract(
        "voice",
        "OPTIONS",
        "/files/tts/a/b.wav",
        204,
        withRequestId({ Allow: "GET, HEAD, OPTIONS" }),
        undefined,
      ),
    ).not.toThrow();
    // /v1: the Stripe-style 404 for unknown paths and methods is allow-listed, and checked.
    const missing = {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: "Unrecognized request URL (GET /v1/nope).",
      },
    };
    expect(() => assertMatchesContract("verification", "GET", "/v1/nope", 404, rateHeaders, missing)).not.toThrow();
    // A listed /v1 path's other methods are the deliberate 405s, held to MethodNotAllowed.
    const v1NotAllowed = {
      error: { type: "invalid_request_error", code: "method_not_allowed", message: "PATCH is not supported." },
    };
    const v1Allow = withRequestId({ ...Object.fromEntries(rateHeaders), Allow: "GET, HEAD, OPTIONS" });
    expect(() =>
      assertMatchesContract("verification", "PATCH", "/v1/verification-sessions/vs_x", 405, v1Allow, v1NotAllowed),
    ).not.toThrow();
    expect(() =>
      assertMatchesContract("verification", "PATCH", "/v1/verification-sessions/vs_x", 405, rateHeaders, v1NotAllowed),
    ).toThrow(/header Allow/);
    expect(() => assertMatchesContract("verification", "PATCH", "/v1/nope", 405, v1Allow, v1NotAllowed)).toThrow(
      /does not list/,
    );
    expect(() => assertMatchesContract("verification", "GET", "/v1/nope", 200, rateHeaders, session)).toThrow(
      /does not list/,
    );
    expect(() => assertMatchesContract("verification", "GET", "/v1/nope", 404, withRequestId(), missing)).toThrow(
      /lacks header/,
    );
    expect(() => assertMatchesContract("verification", "GET", "/v2/sessions", 404, rateHeaders, missing)).toThrow(
      /has no such operation/,
    );
  });

  it("holds each status to its own error codes: a 404 carrying rate_limited fails", () => {
    const retrieve = (status: number, body: unknown) => () =>
      assertMatchesContract("verification", "GET", "/v1/verification-sessions/vs_abc", status, rateHeaders, body);
    expect(retrieve(404, errorBody("resource_missing", "No such session"))).not.toThrow();
    expect(retrieve(404, errorBody("rate_limited", "Slow down"))).toThrow(/does not match/);
    expect(retrieve(404, { error: { type: "rate_limit_error", code: "resource_missing" } })).toThrow(/does not match/);
    const unauthorized = (body: unknown) => () =>
      assertMatchesContract(
        "verification",
        "GET",
        "/v1/verification-sessions/vs_abc",
        401,
        withRequestId({ ...Object.fromEntries(rateHeaders), "WWW-Authenticate": 'Bearer realm="v1"' }),
        body,
      );
    expect(unauthorized(errorBody("invalid_api_key", "No key"))).not.toThrow();
    expect(unauthorized({ error: { type: "invalid_request_error", code: "invalid_api_key" } })).toThrow(
      /does not match/,
    );
    // An operation can narrow its status: creating a session never answers cursor_invalid.
    const create = (body: unknown) => () =>
      assertMatchesContract("verification", "POST", "/v1/verification-sessions", 400, rateHeaders, body);
    const list = (body: unknown) => () =>
      assertMatchesContract("verification", "GET", "/v1/verification-sessions", 400, rateHeaders, body);
    expect(list(errorBody("cursor_invalid", "Bad cursor"))).not.toThrow();
    expect(create(errorBody("cursor_invalid", "Bad cursor"))).toThrow(/does not match/);
    expect(create(errorBody("parameter_invalid", "Bad", "metadata"))).not.toThrow();
  });

  it("documents every /v1 error code at its own status and no other (the mapper's table)", () => {
    for (const code of verificationErrorCodes) {
      const { status } = VERIFICATION_ERRORS[code];
      const path = status === 404 ? "/v1/verification-sessions/vs_abc" : "/v1/verification-sessions";
      const headers = withRequestId({
        ...Object.fromEntries(rateHeaders),
        "WWW-Authenticate": "Bearer",
        "Retry-After": "1",
        Allow: "GET, HEAD, POST, OPTIONS",
      });
      // Only an operation that reads a body can be 413; 405 is what a listed path gives another method.
      const method = status === 413 ? "POST" : status === 405 ? "PUT" : "GET";
      const check = (at: number) => () =>
        assertMatchesContract("verification", method, path, at, headers, errorBody(code, "m"));
      expect(check(status), code).not.toThrow();
      for (const other of [400, 401, 404, 429, 500].filter((s) => s !== status)) {
        const otherPath = other === 404 ? "/v1/verification-sessions/vs_abc" : "/v1/verification-sessions";
        expect(
          () => assertMatchesContract("verification", "GET", otherPath, other, headers, errorBody(code, "m")),
          `${code} at ${other}`,
        ).toThrow(/does not match/);
      }
    }
  });

  it("documents every voice error code at its own status and no other (the mapper's table)", () => {
    // The operation that can give each status; /files gives the link errors, /tts the rest.
    const where: Record<number, [string, string]> = {
      400: ["POST", "/tts"],
      401: ["POST", "/tts"],
      403: ["GET", "/files/a.wav"],
      405: ["PUT", "/tts"],
      409: ["GET", "/prompt-sets/ps_1/archive"],
      413: ["POST", "/tts"],
      429: ["POST", "/tts"],
      500: ["POST", "/tts"],
      502: ["POST", "/tts"],
    };
    const headers = withRequestId({
      Allow: "POST, OPTIONS",
      "Retry-After": "1",
      "X-RateLimit-Limit": "100",
      "X-RateLimit-Remaining": "0",
      "X-RateLimit-Reset": "1764000000",
    });
    for (const code of voiceErrorCodes) {
      const status = VOICE_ERROR_STATUS[code];
      const [method, path] =
        status === 404 ? (code === "not_found" ? ["GET", "/files/a.wav"] : ["POST", "/tts"]) : where[status];
      expect(
        () => assertMatchesContract("voice", method, path, status, headers, voiceErrorBody(code, "m")),
        code,
      ).not.toThrow();
      for (const [other, [m, p]] of Object.entries(where).filter(([s]) => Number(s) !== status)) {
        expect(
          () => assertMatchesContract("voice", m, p, Number(other), headers, voiceErrorBody(code, "m")),
          `${code} at ${other}`,
        ).toThrow(/does not match|does not list/);
      }
    }
    // 404 is two codes, each on its own operation.
    expect(() =>
      assertMatchesContract("voice", "POST", "/tts", 404, headers, voiceErrorBody("not_found", "m")),
    ).toThrow(/does not match/);
    expect(() =>
      assertMatchesContract("voice", "GET", "/files/a/b.wav", 404, headers, voiceErrorBody("voice_not_found", "m")),
    ).toThrow(/does not match/);
  });

  it("lets a 500 lack X-RateLimit-Remaining (failed before counting) but not the limit or reset", () => {
    const failure = errorBody("internal_error", "Something went wrong on our side. It is safe to retry.");
    const check = (headers: Record<string, string>) => () =>
      assertMatchesContract("verification", "GET", "/v1/verification-sessions", 500, withRequestId(headers), failure);
    expect(check({ "X-RateLimit-Limit": "100", "X-RateLimit-Reset": "1" })).not.toThrow();
    expect(check({ "X-RateLimit-Reset": "1" })).toThrow(/lacks header X-RateLimit-Limit/);
    expect(check({ "X-RateLimit-Limit": "100" })).toThrow(/lacks header X-RateLimit-Reset/);
    expect(check({ "X-RateLimit-Limit": "many", "X-RateLimit-Reset": "1" })).toThrow(/not an integer/);
    // Every other status promises all three.
    const ok = () =>
      assertMatchesContract(
        "verification",
        "GET",
        "/v1/verification-sessions/vs_abc",
        200,
        withRequestId({ "X-RateLimit-Limit": "1", "X-RateLimit-Reset": "1" }),
        session,
      );
    expect(ok).toThrow(/lacks header X-RateLimit-Remaining/);
  });
});
