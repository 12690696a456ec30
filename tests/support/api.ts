// Helpers for integration tests that talk to the running app over HTTP.
import { inject } from "vitest";
import { assertMatchesContract } from "./contract";

export function baseUrl(): string {
  const url = inject("baseUrl");
  if (!url) throw new Error("The built app runs only for the http test project (tests/**).");
  return url;
}

export type ApiResponse<T = any> = { status: number; headers: Headers; body: T };
/** rawBody as bytes goes out with no Content-Type at all (a string gets fetch's text/plain). */
export type CallOptions = {
  body?: unknown;
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
};

/**
 * JSON in, JSON out, against any app instance; every response is checked against the API's
 * OpenAPI document (tests/support/contract.ts), so a handler that drifts from it fails.
 */
export async function callApi<T = any>(
  document: "verification" | "voice",
  origin: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(`${origin}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path} answered ${res.status} with a non-JSON body: ${text.slice(0, 200)}`);
    }
  }
  assertMatchesContract(document, method, new URL(path, origin).pathname, res.status, res.headers, parsed);
  return { status: res.status, headers: res.headers, body: parsed as T };
}

const withBearer = (key: string | undefined, options: CallOptions): CallOptions =>
  key ? { ...options, headers: { ...options.headers, authorization: `Bearer ${key}` } } : options;

/** Calls the /v1 API of the suite's app with a Bearer key. */
export function v1<T = any>(method: string, path: string, options: CallOptions & { key?: string } = {}) {
  return callApi<T>("verification", baseUrl(), method, path, withBearer(options.key, options));
}

/** Like v1(), against any app instance (e.g. a second one on the same database). */
export function v1At<T = any>(
  origin: string,
  method: string,
  path: string,
  options: CallOptions & { key?: string } = {},
) {
  return callApi<T>("verification", origin, method, path, withBearer(options.key, options));
}
