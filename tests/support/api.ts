// Helpers for integration tests that talk to the running app over HTTP.
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { createApiKeyForOrgName } from "@/lib/keys/create-api-key";
import { assertMatchesContract } from "./contract";

export const baseUrl = () => inject("baseUrl");

/** A new organisation (unique name) with one key of each requested mode. */
export async function newOrg(prefix = "org") {
  const orgName = `${prefix}-${randomBytes(5).toString("hex")}`;
  const test = await createApiKeyForOrgName({ orgName, mode: "test" });
  const live = await createApiKeyForOrgName({ orgName, mode: "live" });
  return { orgName, orgId: test.orgId, testKey: test.key, liveKey: live.key };
}

export type ApiResponse<T = any> = { status: number; headers: Headers; body: T };

/** Calls the /v1 API with a Bearer key; JSON in, JSON out. */
export async function v1<T = any>(
  method: string,
  path: string,
  options: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(`${baseUrl()}${path}`, { method, headers, body });
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : undefined;
  assertMatchesContract("verification", method, new URL(path, baseUrl()).pathname, res.status, res.headers, parsed);
  return { status: res.status, headers: res.headers, body: parsed };
}
