// Every page under its real Content-Security-Policy: scripts run (the page hydrates) and the
// browser reports no violation and no console error; and no other site can frame our pages.
import { expect, test, type Page } from "@playwright/test";
import { baseUrl, completedSession, createKey, go, newAccount, signUp, v1, watchConsole } from "./dashboard-support";
import { watchCsp } from "./support/csp";
import { chooseMethod, serveReturnSite } from "./verify-helpers";
import { createSession, newOrg } from "../tests/support/fixtures";

/** The page's scripts ran: Next.js's inline bootstrap (which needs the nonce) defined its queue. */
async function expectHydrated(page: Page) {
  expect(await page.evaluate(() => Array.isArray((self as unknown as { __next_f?: unknown[] }).__next_f))).toBe(true);
}

test("every page runs under the CSP with its nonce, with no violation and no console error", async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  const violations = await watchCsp(page);
  const visit = async (path: string, heading: string | RegExp) => {
    const response = await page.goto(`${baseUrl()}${path}`);
    const csp = response!.headers()["content-security-policy"];
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await violations(), path).toEqual([]);
  };

  await visit("/", "Voiceage");
  await expectHydrated(page);
  await visit("/docs", "API reference");
  for (const api of ["verification", "voice"]) {
    const response = await page.goto(`${baseUrl()}/docs/${api}`);
    expect(response!.headers()["content-security-policy"]).toContain("'strict-dynamic'");
    // Swagger UI rendered: its bundle and the inline start-up script ran under the nonce.
    await expect(page.locator(".swagger-ui .info .title")).toBeVisible();
    expect(await violations(), `/docs/${api}`).toEqual([]);
  }
  await visit("/sign-in", "Sign in to the dashboard");
  await expectHydrated(page);
  await visit("/sign-up", "Create your account");

  await signUp(page, newAccount());
  const key = await createKey(page, "CSP");
  await page.getByRole("button", { name: "Done" }).click();
  const sessionId = await completedSession(key, { order: "csp" });
  for (const [label, heading] of [
    ["Overview", "Overview"],
    ["API keys", "API keys"],
    ["Webhooks", "Webhooks"],
    ["Sessions", "Sessions"],
    ["Deliveries", "Deliveries"],
    ["Dead letters", "Dead letters"],
  ] as const) {
    await go(page, label, heading);
    await page.waitForLoadState("networkidle");
    expect(await violations(), label).toEqual([]);
  }
  await visit(`/dashboard/sessions/${sessionId}`, new RegExp(sessionId));
  await expectHydrated(page);
  const endpoint = await v1("/v1/webhook-endpoints", key, {
    method: "POST",
    body: { url: "https://csp-receiver.example/hook" },
  });
  expect(endpoint.status).toBe(201);
  await visit(`/dashboard/webhooks/${endpoint.body.id}`, "https://csp-receiver.example/hook");
  await expectHydrated(page);

  // The studio: voices load, a preview plays, a prompt is generated and its audio loaded.
  await visit("/studio", "Voice Studio");
  await page
    .getByRole("button", { name: /^Play the preview of / })
    .first()
    .click();
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page.getByText(/^Download /).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  expect(await violations(), "/studio after generating").toEqual([]);

  expect(problems).toEqual([]);
});

test("the hosted flow's pages run under the CSP in each state", async ({ page }) => {
  const problems = watchConsole(page);
  const violations = await watchCsp(page);
  await serveReturnSite(page);
  const keys = await newOrg("e2e-verify", { live: false });
  const session = await createSession(baseUrl(), keys.testKey, {
    required_age: 18,
    return_url: "https://shop.example/done",
  });

  await page.goto(session.url);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm you're 18 or older");
  await expectHydrated(page);
  expect(await violations(), "intro").toEqual([]);
  await chooseMethod(page);
  await expect(page.getByRole("heading", { level: 2, name: "Face age estimation" })).toBeVisible();
  expect(await violations(), "method").toEqual([]);
  await page.getByRole("button", { name: /Simulate pass/ }).click();
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeVisible();
  expect(await violations(), "done").toEqual([]);

  // The link again (now used), in this browser's fresh tab: the "used link" page.
  const other = await page.context().browser()!.newContext();
  const stranger = await other.newPage();
  const strangerViolations = await watchCsp(stranger);
  await stranger.goto(session.url);
  await expect(stranger.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await strangerViolations(), "used link").toEqual([]);
  // The other link problems the flow can show (in that tab: the first one leaves for the return site).
  for (const reason of ["invalid", "expired", "closed"]) {
    const response = await stranger.goto(`${baseUrl()}/verify/link/${reason}`);
    expect(response!.headers()["content-security-policy"]).toContain("'strict-dynamic'");
    await expect(stranger.getByRole("heading", { level: 1 })).toBeVisible();
    await expectHydrated(stranger);
    expect(await strangerViolations(), `link ${reason}`).toEqual([]);
  }
  await other.close();

  // Third-party requests from the return site are the test's own route, not the flow's.
  expect(problems.filter((p) => !p.includes("shop.example"))).toEqual([]);
});

test("another site that frames the dashboard, the studio or the hosted flow gets nothing rendered", async ({
  page,
}) => {
  const keys = await newOrg("e2e-verify", { live: false });
  const session = await createSession(baseUrl(), keys.testKey, {
    required_age: 18,
    return_url: "https://shop.example/done",
  });
  const targets = ["/sign-in", "/dashboard", "/studio", new URL(session.url).pathname];
  // A control frame from the attacker's own origin shows that a rendered frame is detected.
  await page.route("https://attacker.example/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: route.request().url().endsWith("/control")
        ? "<!doctype html><title>Control</title><h1>Voiceage look-alike</h1>"
        : `<!doctype html><title>Win a prize</title><iframe src="/control"></iframe>${targets.map((t) => `<iframe src="${baseUrl()}${t}" width="600" height="400"></iframe>`).join("")}`,
    }),
  );
  await page.goto("https://attacker.example/");
  await page.waitForLoadState("load");
  const frames = page.frames().filter((f) => f !== page.mainFrame());
  expect(frames).toHaveLength(targets.length + 1);
  const rendered = async (frame: (typeof frames)[number]) =>
    /Voiceage|Sign in|Confirm you/.test(await frame.content().catch(() => ""));
  const [control, ...ours] = frames;
  await expect.poll(() => rendered(control)).toBe(true);
  for (const frame of ours) {
    // A refused frame is left on Chromium's error page: none of our document is in it.
    expect(await rendered(frame), frame.url()).toBe(false);
  }
});
