// Helpers for the hosted-flow browser tests: keys through the operators' CLI (the same path an
// operator uses), the /v1 API over HTTP, and screenshots at phone and desktop sizes.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { screenshotAtBothWidths } from "./support/screenshots";
import type { KeyMode } from "@/lib/keys/key-mode";

export { PHONE } from "./support/screenshots";

/** A new organisation with a test and a live key, made with `npm run cli -- create-key`. */
export function createOrgKeys(databaseUrl = process.env.DATABASE_URL_E2E!, options: { live?: boolean } = {}) {
  const org = `e2e-verify-${randomBytes(4).toString("hex")}`;
  const create = (mode: KeyMode) =>
    execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/cli.ts", "create-key", "--org", org, "--mode", mode], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: "utf8",
    }).trim();
  return { org, testKey: create("test"), liveKey: options.live === false ? "" : create("live") };
}

export async function api<T = any>(
  baseUrl: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export async function createSession(baseUrl: string, key: string, body: Record<string, unknown>) {
  const res = await api(baseUrl, key, "POST", "/v1/verification-sessions", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; url: string; status: string };
}

/** Serves every request to the integrator's (fictional) site, so the redirect back lands somewhere. */
export async function serveReturnSite(page: Page, origin = "https://shop.example") {
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Shop</title><h1>Back at the shop</h1>" }),
  );
}

/** Presses Tab until the target has focus: proves it is reachable with the keyboard alone. */
export async function tabTo(page: Page, target: Locator, maxPresses = 40) {
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** Full-page screenshots of the current state at phone and desktop sizes, under .data/screenshots. */
export const snap = (page: Page, name: string) => screenshotAtBothWidths(page, `.data/screenshots/verify-${name}`);
