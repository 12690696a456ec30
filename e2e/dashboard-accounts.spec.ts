import { expect, test } from "@playwright/test";
import { screenshotAtBothWidths } from "./support/screenshots";
import { waitForMail } from "../tests/support/fixtures";
import { baseUrl, createKey, finishSignUp, go, nav, newAccount, signUp, v1, watchConsole } from "./dashboard-support";

test("sign up, sign out, sign back in to the page asked for; wrong passwords are refused", async ({ page }) => {
  const problems = watchConsole(page);
  const account = newAccount();

  await page.goto(`${baseUrl()}/dashboard/sessions?mode=test`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fdashboard%2Fsessions%3Fmode%3Dtest$/);

  await signUp(page, account);
  await expect(page.getByRole("status").filter({ hasText: "Welcome to Voiceage" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(account.organization);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto(`${baseUrl()}/dashboard/api-keys`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fdashboard%2Fapi-keys$/);

  await page.getByLabel("Email").fill(account.email.toUpperCase());
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toHaveText(
    "That email and password do not match an account.",
  );
  await expect(page.getByLabel("Email")).toHaveValue(account.email.toUpperCase());

  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/api-keys$/);
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  // The API reference is a click away for a signed-in admin.
  await expect(page.getByRole("link", { name: "API reference" }).first()).toHaveAttribute("href", "/docs");
  expect(problems).toEqual([]);
});

test("sign-out ends the session on the server: the saved cookie replayed afterwards gets the sign-in page", async ({
  page,
  browser,
}) => {
  const account = newAccount();
  await signUp(page, account);
  const saved = await page.context().cookies();
  expect(saved.some((c) => c.name.includes("session-token"))).toBe(true);

  // A second browser with a copy of the cookie is signed in too, until the first signs out.
  const replay = await browser.newContext();
  await replay.addCookies(saved);
  const other = await replay.newPage();
  await other.goto(`${baseUrl()}/dashboard/api-keys`);
  await expect(other.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  const cookie = saved.map((c) => `${c.name}=${c.value}`).join("; ");
  const sessionBefore = await fetch(`${baseUrl()}/api/auth/session`, { headers: { cookie } });
  expect(((await sessionBefore.json()) as { user?: { email?: string } } | null)?.user?.email).toBe(account.email);

  await page.getByRole("button", { name: "Sign out" }).click();
  // The overview refreshes itself every few seconds: a refresh racing the sign-out lands on the
  // sign-in page too, asking to come back to the overview.
  await expect(page).toHaveURL(/\/sign-in(\?next=%2Fdashboard)?$/);

  await other.goto(`${baseUrl()}/dashboard/api-keys`);
  await expect(other).toHaveURL(/\/sign-in\?next=%2Fdashboard%2Fapi-keys$/);
  // The same over plain HTTP with the cookie header as saved: a redirect to the sign-in page, and
  // Auth.js's session endpoint answers nothing about the account.
  const res = await fetch(`${baseUrl()}/dashboard`, { headers: { cookie }, redirect: "manual" });
  expect(res.status).toBeGreaterThanOrEqual(300);
  expect(res.status).toBeLessThan(400);
  expect(res.headers.get("location")).toMatch(/\/sign-in/);
  const sessionAfter = await fetch(`${baseUrl()}/api/auth/session`, { headers: { cookie } });
  expect(sessionAfter.status).toBe(200);
  expect(await sessionAfter.json()).toBeNull();
  await replay.close();

  // Signing in again starts a new session that works.
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
});

test("sign-up explains what is wrong with the form, keeps the password, and reveals nothing about accounts", async ({
  page,
}) => {
  const problems = watchConsole(page);
  const account = newAccount();
  await signUp(page, account);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.goto(`${baseUrl()}/sign-up`);
  await page.getByLabel("Work email").fill(account.email);
  await page.getByLabel("Password").fill("short");
  await page.getByLabel("Organisation name").fill(account.organization);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");

  // Another field's refusal keeps the password as typed (issue 48: it was wiped).
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByLabel("Organisation name").fill("Prize Dept: claim at https://evil.example/win");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Leave web addresses out of the organisation name.")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveValue("a long enough password");

  // The address has an account: the answer is the same as for a new one, and the owner is told by mail.
  await page.getByLabel("Organisation name").fill(account.organization);
  await page.getByRole("button", { name: "Create account" }).click();
  const answer = page.getByRole("status").filter({ hasText: "Check your email to continue" });
  await expect(answer).toBeVisible();
  const existingAnswer = (await answer.textContent())!.replace(account.email, "<email>");
  await screenshotAtBothWidths(page, ".data/screenshots/dashboard/sign-up-check-email");
  const notice = await waitForMail(account.email, "Someone tried to sign up with your address");
  expect(notice?.text).toContain("they were not told that the account exists");

  const fresh = newAccount();
  await page.goto(`${baseUrl()}/sign-up`);
  await page.getByLabel("Work email").fill(fresh.email);
  await page.getByLabel("Password").fill(fresh.password);
  await page.getByLabel("Organisation name").fill(fresh.organization);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(answer).toBeVisible();
  expect((await answer.textContent())!.replace(fresh.email, "<email>")).toBe(existingAnswer);
  expect(problems).toEqual([]);
});

test("sign-in is paused after 10 failures for an email, with a clear message", async ({ page }) => {
  const account = newAccount();
  await signUp(page, account);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  for (let i = 0; i < 10; i++) {
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(`wrong guess ${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    // The previous answer's message is still on screen; this attempt is answered when the form resets.
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toHaveText(
      "That email and password do not match an account.",
    );
  }
  // Even the right password is refused while paused, so guessing gains nothing.
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Too many" })).toContainText(
    /Too many failed sign-in attempts.*try again in 15 minutes/,
  );
  await expect(page).toHaveURL(/\/sign-in/);
});

test("API keys: created once with a copy button, listed by prefix and last four, revoked after confirmation", async ({
  page,
  context,
}) => {
  const problems = watchConsole(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
  await signUp(page, newAccount());

  await nav(page, "API keys").click();
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText('Name the key after where it will be used, e.g. "Checkout backend".')).toBeVisible();

  const key = await createKey(page, "Checkout backend");
  await page.getByRole("button", { name: "Copy key" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  expect((await v1("/v1/verification-sessions", key)).status).toBe(200);

  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText(key)).toHaveCount(0);
  const row = page.getByRole("row", { name: /Checkout backend/ });
  await expect(row).toContainText(`${key.slice(0, 12)}…${key.slice(-4)}`);
  await expect(row).toContainText("Test");
  await page.reload();
  await expect(row).not.toContainText("Never"); // it was used by the API call above

  await row.getByRole("button", { name: /Revoke/ }).click();
  const dialog = page.getByRole("dialog", { name: /Revoke Checkout backend/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(row.getByRole("button", { name: /Revoke/ })).toBeVisible();
  await row.getByRole("button", { name: /Revoke/ }).click();
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(row).toContainText("Revoked");
  expect((await v1("/v1/verification-sessions", key)).status).toBe(401);
  expect(problems).toEqual([]);
});

test("another organisation's sessions and endpoints are not found, and not listed", async ({ browser }) => {
  const owner = await browser.newPage();
  await signUp(owner, newAccount());
  const key = await createKey(owner, "Owner backend");
  const session = await v1("/v1/verification-sessions", key, {
    method: "POST",
    body: { required_age: 16, return_url: "https://owner.example/done" },
  });
  const endpoint = await v1("/v1/webhook-endpoints", key, {
    method: "POST",
    body: { url: "https://owner.example/hook" },
  });
  expect([session.status, endpoint.status]).toEqual([201, 201]);

  const stranger = await browser.newPage();
  const problems = watchConsole(stranger);
  await signUp(stranger, newAccount());
  for (const path of [`/dashboard/sessions/${session.body.id}`, `/dashboard/webhooks/${endpoint.body.id}`]) {
    await stranger.goto(`${baseUrl()}${path}`);
    await expect(stranger.getByRole("heading", { level: 1, name: "Not found in your organisation" })).toBeVisible();
  }
  await screenshotAtBothWidths(stranger, ".data/screenshots/dashboard/19-not-found");
  await go(stranger, "Sessions");
  await expect(stranger.getByText("No sessions yet")).toBeVisible();
  await go(stranger, "Webhooks");
  await expect(stranger.getByText("No webhook endpoints yet")).toBeVisible();
  // Chromium logs the 404 status of each not-found page itself; nothing else may be logged.
  const notFoundLoads = [`/dashboard/sessions/${session.body.id}`, `/dashboard/webhooks/${endpoint.body.id}`].map(
    (path) =>
      `console: Failed to load resource: the server responded with a status of 404 (Not Found) (${baseUrl()}${path})`,
  );
  expect(problems).toEqual(notFoundLoads);
});

test("settings: the display name the hosted flow shows is saved, cleared, and refused when it cannot be a name", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await signUp(page, newAccount());
  await go(page, "Settings");
  const field = page.getByLabel("Display name");
  await field.fill("x".repeat(59) + "\u0007");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Use letters, numbers, spaces and punctuation only.")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  // The focus goes to the field in error, and the error leaves it once it is edited.
  await expect(field).toBeFocused();
  await page.keyboard.press("Backspace");
  await expect(page.getByText("Use letters, numbers, spaces and punctuation only.")).toHaveCount(0);
  await expect(field).not.toHaveAttribute("aria-invalid", "true");

  await field.fill("  Acme Wines ");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The age check page now says “Acme Wines asks you to confirm your age.”")).toBeVisible();
  await screenshotAtBothWidths(page, ".data/screenshots/dashboard/settings-display-name");
  await page.reload();
  await expect(page.getByLabel("Display name")).toHaveValue("Acme Wines");

  await page.getByLabel("Display name").fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The age check page now names your return URL's address.")).toBeVisible();
  expect(problems).toEqual([]);
});

test("form errors: the focus moves to the first field in error, and an error leaves its field once edited", async ({
  page,
  browser,
}) => {
  const problems = watchConsole(page);
  const taken = newAccount();
  const other = await browser.newPage();
  await signUp(other, taken);
  await other.close();

  // Sign-up with a web address in the organisation name (another organisation's name would be fine).
  const account = { ...newAccount(), organization: taken.organization };
  await page.goto(`${baseUrl()}/sign-up`);
  await page.getByLabel("Work email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByLabel("Organisation name").fill(`${taken.organization} evil.example`);
  await page.getByRole("button", { name: "Create account" }).click();
  const organisation = page.getByLabel("Organisation name");
  const refusal = page.getByText("Leave web addresses out of the organisation name.");
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  await expect(organisation).toBeFocused();
  await expect(organisation).toHaveAttribute("aria-invalid", "true");
  await screenshotAtBothWidths(page, ".data/screenshots/dashboard/sign-up-name-refused");
  // Emptied, the field no longer carries the old answer about the old name.
  await organisation.fill("");
  await expect(refusal).toHaveCount(0);
  await expect(organisation).not.toHaveAttribute("aria-invalid", "true");

  // The endpoint form: an empty address and no events, in the form's own words.
  // The password was kept through the refusal.
  await organisation.fill(account.organization);
  await expect(page.getByLabel("Password")).toHaveValue(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await finishSignUp(page, account);
  await go(page, "Webhooks");
  for (const event of ["verification_session.completed", "verification_session.expired"]) {
    await page.getByRole("checkbox", { name: new RegExp(event) }).uncheck();
  }
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("Enter your receiver's address, starting with https://.")).toBeVisible();
  await expect(page.getByText("Choose at least one event to send.")).toBeVisible();
  await expect(page.getByLabel("Endpoint URL")).toBeFocused();
  await screenshotAtBothWidths(page, ".data/screenshots/dashboard/endpoint-form-errors");
  await page.getByLabel("Endpoint URL").fill("https://hooks.example/a");
  await expect(page.getByText("Enter your receiver's address, starting with https://.")).toHaveCount(0);
  await expect(page.getByText("Choose at least one event to send.")).toBeVisible();
  expect(problems).toEqual([]);
});
