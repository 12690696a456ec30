// Issue #48, finding 4: malformed percent-encoding and odd methods answered a plain-text 500 with
// no Request-Id or CSP (Next.js's router throws on a path that is not UTF-8), /health/x an HTML
// 404 and PROPFIND an empty 400. A seeded fast-check run sends, on every route prefix (both APIs,
// the dashboard, the hosted flow, files, the docs), paths with invalid UTF-8 (lone bytes, overlong
// forms, surrogates, truncated sequences) and methods outside HTTP's usual seven, over raw HTTP
// (fetch refuses TRACE). No answer may be a 5xx; every one is JSON in the API's envelope with a
// Request-Id and the API's CSP; odd methods on API paths are 405 with a true Allow.
import http from "node:http";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/api";

const SEED = Number(process.env.FUZZ_SEED ?? 48);

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function send(method: string, path: string): Promise<Answer> {
  const url = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const PREFIXES = [
  "/v1/verification-sessions/",
  "/v1/",
  "/prompt-sets/",
  "/voices/",
  "/files/",
  "/tts/",
  "/health/",
  "/dashboard/sessions/",
  "/dashboard/",
  "/verify/",
  "/docs/",
  "/",
];
/** The issue's own paths, then generated ones. */
const MALFORMED = ["%ED%A0%80", "%C0%AF", "%FF", "%E0%A4%A", "%E0%A4", "%F4%90%80%80", "%C1%BF", "%80"];
const ODD_METHODS = ["TRACE", "PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK", "SEARCH", "PURGE"];

// A byte sequence that is not UTF-8: a continuation byte alone, an overlong lead, a surrogate, a
// code point past U+10FFFF, a lead byte cut short, or 0xFE/0xFF.
const invalidUtf8 = fc.oneof(
  fc.integer({ min: 0x80, max: 0xbf }).map((b) => [b]),
  fc.integer({ min: 0x80, max: 0xbf }).chain((c) => fc.constantFrom([0xc0, c], [0xc1, c])),
  fc.integer({ min: 0xa0, max: 0xbf }).map((c) => [0xed, c, 0x80]),
  fc.integer({ min: 0x80, max: 0x9f }).map((c) => [0xe0, c, 0x80]),
  fc.integer({ min: 0x90, max: 0xbf }).map((c) => [0xf4, c, 0x80, 0x80]),
  fc.integer({ min: 0xc2, max: 0xf4 }).map((b) => [b]),
  fc.constantFrom([0xfe], [0xff]),
);
const encoded = (bytes: readonly number[]) =>
  bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");

function expectEnvelope(answer: Answer, label: string) {
  expect(answer.status, label).toBeLessThan(500);
  expect(answer.headers["content-type"], label).toMatch(/^application\/json/);
  expect(answer.headers["request-id"], label).toMatch(/^req_/);
  expect(answer.headers["content-security-policy"], label).toContain("script-src 'none'");
  const body = JSON.parse(answer.body) as { error?: { code?: string; message?: string } };
  expect(body.error?.code, label).toEqual(expect.any(String));
  expect(body.error?.message, label).toEqual(expect.any(String));
}

describe("every URL and method answers in its envelope", () => {
  it("malformed percent-encoding is a 400 in the envelope on every prefix, for every method", async () => {
    for (const prefix of PREFIXES) {
      for (const bad of MALFORMED) {
        for (const method of ["GET", "POST", "TRACE"]) {
          const answer = await send(method, `${prefix}${bad}`);
          expectEnvelope(answer, `${method} ${prefix}${bad}`);
          expect(answer.status, `${method} ${prefix}${bad}`).toBe(400);
        }
      }
    }
    const voice = JSON.parse((await send("GET", "/files/%FF")).body);
    expect(voice).toEqual({ error: { code: "bad_request", message: expect.any(String) } });
    const v1 = JSON.parse((await send("GET", "/v1/verification-sessions/%ED%A0%80")).body);
    expect(v1.error).toMatchObject({ type: "invalid_request_error", code: "parameter_invalid" });
  });

  it("odd methods are 405 with a true Allow on API paths, and never a 5xx anywhere", async () => {
    const trace = await send("TRACE", "/v1/verification-sessions");
    expectEnvelope(trace, "TRACE /v1/verification-sessions");
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
    const propfind = await send("PROPFIND", "/prompt-sets/ps_x");
    expectEnvelope(propfind, "PROPFIND /prompt-sets/ps_x");
    expect(propfind.status).toBe(405);
    expect(propfind.headers.allow).toBe("GET, HEAD, PATCH, DELETE, OPTIONS");
    for (const prefix of PREFIXES) {
      for (const method of ODD_METHODS) {
        const answer = await send(method, `${prefix}x`);
        expectEnvelope(answer, `${method} ${prefix}x`);
        expect([404, 405], `${method} ${prefix}x`).toContain(answer.status);
        if (answer.status === 405) expect(answer.headers.allow, `${method} ${prefix}x`).toBeTruthy();
      }
    }
  });

  it("a path below /health is a JSON 404, without a key", async () => {
    for (const method of ["GET", "POST"]) {
      const answer = await send(method, "/health/x");
      expectEnvelope(answer, `${method} /health/x`);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body).error.code).toBe("not_found");
    }
    expect((await send("GET", "/health")).status).toBe(200);
  });

  it("a seeded run of generated paths: invalid UTF-8 and odd methods on every prefix, no 5xx, always the envelope", async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PREFIXES),
        fc.string({ maxLength: 8, unit: fc.constantFrom("a", "b", "1", "-", "_") }),
        invalidUtf8,
        fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", ...ODD_METHODS),
        async (prefix, before, bytes, method) => {
          const path = `${prefix}${before}${encoded(bytes)}`;
          const answer = await send(method, path);
          sent++;
          expect(answer.status, `${method} ${path}`).toBe(400);
          expect(answer.headers["request-id"], `${method} ${path}`).toMatch(/^req_/);
          expect(answer.headers["content-security-policy"], `${method} ${path}`).toContain("script-src 'none'");
          if (method !== "HEAD") expectEnvelope(answer, `${method} ${path}`);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
    expect(sent).toBe(300);
  }, 120_000);
});
