// Shared steps of the dashboard browser tests.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { screenshotAtBothWidths } from "./support/screenshots";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import {
  api,
  completeSession,
  createSession,
  type Receiver,
  startReceiver,
  waitForMail,
} from "../tests/support/fixtures";

export const baseUrl = () => process.env.E2E_BASE_URL!;

/** Screenshots of a dashboard page at desktop and phone width, under .data/screenshots/dashboard. */
export const shoot = (page: Page, name: string) => screenshotAtBothWidths(page, `.data/screenshots/dashboard/${name}`);

/** A webhook receiver on loopback for the calling file's tests: started before them, closed after. */
export function useReceiver(): () => Receiver {
  let receiver: Receiver | undefined;
  test.beforeAll(async () => {
    receiver = await startReceiver();
  });
  test.afterAll(async () => {
    await receiver?.close();
  });
  return () => receiver!;
}
const unique = () => randomBytes(4).toString("hex");

/** Collects console errors and failed page scripts; assert it is empty at the end of a test. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  // Any request to another origin would be a third-party request.
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.origin !== new URL(baseUrl()).origin)
      problems.push(`third-party request: ${url}`);
  });
  return problems;
}

/** A link of the dashboard's own navigation. */
export function nav(page: Page, name: string) {
  // A link may carry a count after its label, e.g. "Dead letters (1 waiting)".
  return page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: new RegExp(`^${name}(?: \\(|$)`) });
}

/** Opens a dashboard page from the navigation and waits until it is on screen. */
export async function go(page: Page, name: string, heading = name) {
  await nav(page, name).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

export type Account = { email: string; password: string; organization: string };

export function newAccount(): Account {
  const id = unique();
  return { email: `admin-${id}@example.com`, password: `pass phrase ${id}`, organization: `Acme ${id}` };
}

/**
 * Gives the page's browser a client address of its own (the test stack trusts one proxy hop), so
 * the suite's many sign-ups do not meet the per-address sign-up limit a real network would.
 */
async function useOwnAddress(page: Page) {
  const [a, b, c] = randomBytes(3);
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `10.${a}.${b}.${c}` });
}

/** `databaseUrl`: the database of a test stack of the spec's own (its confirmation mail is there). */
export async function signUp(page: Page, account: Account, origin = baseUrl(), databaseUrl?: string) {
  await useOwnAddress(page);
  await page.goto(`${origin}/sign-up`);
  await page.getByLabel("Work email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByLabel("Organisation name").fill(account.organization);
  await page.getByRole("button", { name: "Create account" }).click();
  await finishSignUp(page, account, origin, databaseUrl);
}

/** After "Create account" was pressed: the answer, the mail's link confirmed, then signed in. */
export async function finishSignUp(page: Page, account: Account, origin = baseUrl(), databaseUrl?: string) {
  await expect(page.getByText("Check your email to continue")).toBeVisible();
  await confirmAddress(page, account.email, origin, databaseUrl);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible({ timeout: 30_000 });
}

/** Follows the sign-up mail's link and confirms: signed out, that ends on the sign-in page. */
async function confirmAddress(page: Page, email: string, origin = baseUrl(), databaseUrl?: string) {
  // Password hashing (argon2) is deliberately slow, and slower still on a busy machine.
  const mail = await waitForMail(email, "Confirm your email address for Voiceage", { databaseUrl });
  const link = new URL(mail!.text.match(/https?:\/\/\S+\/confirm-email\S+/)![0]);
  await page.goto(`${origin}${link.pathname}${link.search}`);
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await expect(page.getByText("Your address is confirmed.")).toBeVisible();
}

/** Creates a key in the dashboard and returns the full key as shown once. */
export async function createKey(page: Page, name: string, mode: KeyMode = "test"): Promise<string> {
  await go(page, "API keys");
  await page.getByLabel("Name").fill(name);
  await page.locator("label", { hasText: new RegExp(`^${mode === "test" ? "Test" : "Live"}$`) }).click();
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("Copy your key now")).toBeVisible();
  const key = (await page.getByRole("status", { name: `${name} (${mode} key)` }).textContent())!.trim();
  expect(key).toMatch(new RegExp(`^sk_${mode}_[A-Za-z0-9]{40}$`));
  return key;
}

export function v1(path: string, key: string, init: { method?: string; body?: unknown } = {}) {
  return api(baseUrl(), key, init.method ?? "GET", path, init.body);
}

/** Creates a verification session through the API and completes it with the test helper; returns its id. */
export async function completedSession(key: string, metadata: Record<string, string>) {
  const created = await createSession(baseUrl(), key, {
    required_age: 18,
    return_url: "https://shop.example/done",
    metadata,
  });
  await completeSession(baseUrl(), key, created.id, { result: "pass", method: "id_document", confidence: "high" });
  return created.id;
}

/** Adds a test-mode webhook endpoint in the dashboard and returns its signing secret as shown once. */
export async function createEndpoint(page: Page, url: string): Promise<string> {
  await go(page, "Webhooks");
  await page.getByLabel("Endpoint URL").fill(url);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("Copy the signing secret now")).toBeVisible();
  const secret = (await page.getByRole("status", { name: `Signing secret for ${url}` }).textContent())!.trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9]+$/);
  await page.getByRole("button", { name: "Done" }).click();
  return secret;
}
