// Shared pieces of the /v1 integration tests (not a test file itself).
import { expect } from "vitest";
import { v1, type ApiResponse } from "../support/api";
import type { KeyMode } from "@/lib/account/keys/key-mode";
export { v1At } from "../support/api";

export const validBody = { required_age: 18, return_url: "https://merchant.example/after?x=1" } as const;

export async function createSession(
  key: string,
  body: Record<string, unknown> = validBody,
  headers: Record<string, string> = {},
) {
  const res = await v1("POST", "/v1/verification-sessions", { key, body, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; url: string; created_at: string; mode: KeyMode; metadata: Record<string, string> };
}

/** Asserts the spec's error envelope, and the `param` when given (null: must be absent). */
export function expectError(
  res: ApiResponse,
  expected: { status: number; type: string; code: string; param?: string | null },
) {
  expect(res.status, JSON.stringify(res.body)).toBe(expected.status);
  expect(res.body.error.type).toBe(expected.type);
  expect(res.body.error.code).toBe(expected.code);
  expect(typeof res.body.error.message).toBe("string");
  if (expected.param === null) expect(res.body.error.param).toBeUndefined();
  else if (expected.param !== undefined) expect(res.body.error.param).toBe(expected.param);
}

/** param: the field the error must name; null: it must name none; undefined: not checked. */
export const expectParameterInvalid = (res: ApiResponse, param?: string | null) =>
  expectError(res, { status: 400, type: "invalid_request_error", code: "parameter_invalid", param });

export function expectRateLimitHeaders(res: { headers: Headers }) {
  expect(Number(res.headers.get("x-ratelimit-limit"))).toBeGreaterThan(0);
  expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  expect(Number(res.headers.get("x-ratelimit-reset")) * 1000).toBeGreaterThan(Date.now() - 1000);
}

/**
 * The rate limit counts fixed one-minute windows. A test that spends a budget waits for a fresh
 * window when the current one is nearly over, so its requests all land in one window.
 */
export async function waitForRoomInWindow(neededMs = 10_000) {
  const intoWindow = Date.now() % 60_000;
  if (60_000 - intoWindow < neededMs) await new Promise((r) => setTimeout(r, 60_000 - intoWindow + 50));
}
