// The hosted verification flow in a real browser, against the built app and a fresh database.
import { expect, test, type Page } from "@playwright/test";
import { chooseMethod, PHONE, serveReturnSite, auditAndSnap, switchMethod, tabTo } from "./verify-helpers";
import { api, createSession, newOrg } from "../tests/support/fixtures";

const baseUrl = () => process.env.E2E_BASE_URL!;
let keys: Awaited<ReturnType<typeof newOrg>>;

test.use({ viewport: PHONE });
test.beforeAll(async () => {
  keys = await newOrg("e2e-verify");
});

const flowUrl = /\/verify\/session\/vs_[A-Za-z0-9]+$/;

async function startFlow(page: Page, url: string) {
  await page.goto(url);
  await expect(page).toHaveURL(flowUrl);
  await chooseMethod(page);
}

test("pass: the user returns to return_url with session_id; retrieve shows passed with its outcome", async ({
  page,
  context,
}) => {
  await serveReturnSite(page);
  const returnUrl = "https://shop.example/checkout/done?order=1001&note=a%20b#receipt";
  const session = await createSession(baseUrl(), keys.testKey, {
    required_age: 18,
    return_url: returnUrl,
    metadata: { order: "1001" },
  });
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));

  await page.goto(session.url);
  await expect(page).toHaveURL(flowUrl);
  // The token is gone from the address bar; the browser holds the binding cookie.
  expect(page.url()).not.toContain(session.url.split("/verify/")[1]);
  const [cookie] = (await context.cookies()).filter((c) => c.name === `vsb_${session.id}`);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/verify", secure: false });

  await expect(page.getByRole("note", { name: "Test mode" })).toContainText("TEST MODE");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm you're 18 or older");
  await expect(page.getByText("at least 18 years old")).toBeVisible();
  // Without a display name the header and the text name the return host.
  await expect(page.getByTestId("requester")).toHaveText("shop.example");
  await expect(page.getByTestId("brand")).toHaveText("shop.example: age check");
  // Opening the link does not start the session; starting the first method does.
  expect((await api(baseUrl(), keys.testKey, "GET", `/v1/verification-sessions/${session.id}`)).body.status).toBe(
    "created",
  );
  await auditAndSnap(page, "intro-test");

  await page.getByRole("button", { name: "Start with face age estimation" }).click();
  const step = page.getByRole("heading", { level: 2, name: "Face age estimation" });
  await expect(step).toBeFocused();
  // The other method stays one click away, at no cost.
  await expect(page.getByTestId("other-methods").getByRole("button")).toHaveText(["Use my ID instead"]);
  expect((await api(baseUrl(), keys.testKey, "GET", `/v1/verification-sessions/${session.id}`)).body.status).toBe(
    "in_progress",
  );
  await auditAndSnap(page, "method-test");

  await page.getByRole("button", { name: /Simulate pass/ }).click();
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeVisible();
  await expect(page.getByTestId("flow-announcer")).toContainText("Age confirmed");
  await expect(page.getByTestId("return-link")).toHaveAttribute(
    "href",
    `https://shop.example/checkout/done?order=1001&note=a%20b&session_id=${session.id}#receipt`,
  );
  await auditAndSnap(page, "result-passed");

  await page.waitForURL(/^https:\/\/shop\.example\//);
  expect(page.url()).toBe(`https://shop.example/checkout/done?order=1001&note=a%20b&session_id=${session.id}#receipt`);
  // Nothing but our own origin was contacted before the user was sent back.
  const foreign = requests.filter(
    (url) => new URL(url).origin !== baseUrl() && !url.startsWith("https://shop.example/"),
  );
  expect(foreign).toEqual([]);

  const retrieved = await api(baseUrl(), keys.testKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(retrieved.body).toMatchObject({
    status: "passed",
    attempts: 1,
    outcome: { method: "face_estimation", result: "pass", confidence: "high" },
    metadata: { order: "1001" },
  });
  expect(Date.parse(retrieved.body.outcome.completed_at)).toBeGreaterThan(0);
});

test("an inconclusive first method escalates to the second, which passes (keyboard only)", async ({ page }) => {
  await serveReturnSite(page);
  const session = await createSession(baseUrl(), keys.testKey, {
    required_age: 18,
    methods: ["face_estimation", "id_document"],
    return_url: "https://shop.example/age",
  });
  await page.goto(session.url);
  await expect(page).toHaveURL(flowUrl);

  const start = page.getByRole("button", { name: "Start with face age estimation" });
  await tabTo(page, start);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Face age estimation" })).toBeFocused();

  await tabTo(page, page.getByRole("button", { name: /Simulate inconclusive/ }));
  await page.keyboard.press("Enter");
  const next = page.getByRole("heading", { level: 2, name: "ID document" });
  await expect(next).toBeFocused();
  const told =
    "Face age estimation couldn't give a clear result, so we've moved you on to your ID document. " +
    "That is common: the face check only confirms people who look well over the age asked.";
  await expect(page.getByTestId("escalation-notice")).toHaveText(told);
  await expect(page.getByTestId("flow-announcer")).toContainText(told);
  // A method that ended is not offered again.
  await expect(page.getByTestId("other-methods")).toHaveCount(0);
  const midway = await api(baseUrl(), keys.testKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(midway.body).toMatchObject({ status: "in_progress", attempts: 1 });
  await auditAndSnap(page, "method-escalated");

  await tabTo(page, page.getByRole("button", { name: /Simulate pass/ }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeFocused();
  await page.waitForURL(`https://shop.example/age?session_id=${session.id}`);

  const done = await api(baseUrl(), keys.testKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(done.body).toMatchObject({
    status: "passed",
    attempts: 2,
    outcome: { method: "id_document", result: "pass" },
  });
});

test("the user changes method mid-flow and back without spending an attempt", async ({ page }) => {
  await serveReturnSite(page);
  const session = await createSession(baseUrl(), keys.testKey, {
    required_age: 18,
    methods: ["face_estimation", "id_document", "credit_card"],
    return_url: "https://shop.example/age",
  });
  await page.goto(session.url);
  await chooseMethod(page, "credit_card");
  await switchMethod(page, "id_document");
  await expect(page.getByTestId("other-methods").getByRole("button")).toHaveText([
    "Use the face check instead",
    "Use a credit card instead",
  ]);
  await switchMethod(page, "face_estimation");
  const midway = await api(baseUrl(), keys.testKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(midway.body).toMatchObject({ status: "in_progress", attempts: 0 });
  await auditAndSnap(page, "method-switched");
  await page.getByRole("button", { name: /Simulate pass/ }).click();
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeVisible();
  const done = await api(baseUrl(), keys.testKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(done.body).toMatchObject({
    status: "passed",
    attempts: 1,
    outcome: { method: "face_estimation", result: "pass" },
  });
});

test("fail: the session fails with outcome.result fail; the user reads why and chooses to go back", async ({
  page,
}) => {
  await serveReturnSite(page);
  const session = await createSession(baseUrl(), keys.testKey, {
    required_age: 16,
    methods: ["id_document", "face_estimation"],
    return_url: "https://shop.example/age?step=2",
  });
  await startFlow(page, session.url);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm you're 16 or older");
  await page.getByRole("button", { name: /Simulate fail/ }).click();
  await expect(page.getByRole("heading", { name: "We couldn't confirm your age" })).toBeVisible();
  await expect(page.getByText("The check didn't confirm that you're 16 or older.", { exact: true })).toBeVisible();
  await auditAndSnap(page, "result-failed");
  // No timed return after a failure (and so nothing to stop): the user goes back when ready.
  await expect(page.getByRole("button", { name: "Stay on this page" })).toHaveCount(0);
  await page.waitForTimeout(3500);
  expect(page.url()).toMatch(flowUrl);
  await page.getByTestId("return-link").click();
  await page.waitForURL(`https://shop.example/age?step=2&session_id=${session.id}`);

  const done = await api(baseUrl(), keys.testKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(done.body).toMatchObject({
    status: "failed",
    attempts: 1,
    outcome: { method: "id_document", result: "fail" },
  });
});

test("digital_id is said to be unavailable and cannot be chosen; a last inconclusive method fails the session as inconclusive", async ({
  page,
}) => {
  await serveReturnSite(page);
  const session = await createSession(baseUrl(), keys.testKey, {
    required_age: 18,
    methods: ["digital_id", "credit_card"],
    return_url: "https://shop.example/age",
  });
  await page.goto(session.url);
  await expect(page.getByTestId("method-unavailable")).toHaveText("Digital ID isn't available yet.");
  await expect(page.getByRole("button", { name: /^Start with/ })).toHaveText(["Start with a credit card check"]);
  // With one method there is nothing to choose: the page says what it needs.
  await expect(page.getByRole("heading", { level: 2, name: "What you'll need" })).toBeVisible();
  await chooseMethod(page, "credit_card");
  await expect(page.getByRole("heading", { level: 2, name: "Credit card check" })).toBeFocused();
  await expect(page.getByTestId("other-methods")).toHaveCount(0);
  await auditAndSnap(page, "method-single");

  await page.getByRole("button", { name: /Simulate inconclusive/ }).click();
  await expect(
    page.getByText("None of the available checks could give a clear result.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Stay on this page" })).toHaveCount(0);
  await page.waitForTimeout(3500);
  expect(page.url()).toMatch(flowUrl);

  const done = await api(baseUrl(), keys.testKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(done.body).toMatchObject({
    status: "failed",
    attempts: 1,
    outcome: { method: "credit_card", result: "inconclusive", confidence: "low" },
  });
});

test("a used link opened in another browser says so and only leads back to the merchant; the first browser carries on", async ({
  page,
  browser,
}) => {
  const session = await createSession(baseUrl(), keys.testKey, {
    required_age: 18,
    return_url: "https://shop.example/private-order-77",
  });
  await page.goto(session.url);
  await expect(page).toHaveURL(flowUrl);
  const flowPage = page.url();

  const other = await browser.newContext({ viewport: PHONE });
  const stranger = await other.newPage();
  await stranger.goto(session.url);
  await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("This link was already used");
  // The link's holder is shown the way back to the merchant (issue 50), and nothing of the session's state.
  await expect(stranger.getByTestId("return-link")).toHaveAttribute(
    "href",
    `https://shop.example/private-order-77?session_id=${session.id}`,
  );
  await expect(stranger.locator("main")).not.toContainText(/Start with|face age|in_progress/i);
  await auditAndSnap(stranger, "link-used");
  // Knowing the flow page's address (without the link) reveals nothing at all.
  await stranger.goto(flowPage);
  await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("This link was already used");
  await expect(stranger.locator("body")).not.toContainText("shop.example");
  await expect(stranger.getByRole("note", { name: "Test mode" })).toHaveCount(0);
  await other.close();

  // The browser that opened it first can open the link again and is back in its flow.
  await page.goto(session.url);
  await expect(page).toHaveURL(flowPage);
  await expect(page.getByRole("button", { name: "Start with face age estimation" })).toBeVisible();
});

test("an expired session shows a clear page with the way back; unknown and tampered links reveal nothing", async ({
  page,
}) => {
  // Never opened, then expired (the expire test helper).
  const unopened = await createSession(baseUrl(), keys.testKey, {
    required_age: 18,
    return_url: "https://shop.example/a",
  });
  expect(
    (await api(baseUrl(), keys.testKey, "POST", `/v1/test_helpers/verification-sessions/${unopened.id}/expire`)).status,
  ).toBe(200);
  await page.goto(unopened.url);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This age check has expired");
  await expect(page.getByTestId("return-link")).toHaveAttribute(
    "href",
    `https://shop.example/a?session_id=${unopened.id}`,
  );
  await auditAndSnap(page, "link-expired");

  // Opened and bound, then expired while the user was away: a reload shows the same.
  const opened = await createSession(baseUrl(), keys.testKey, {
    required_age: 18,
    return_url: "https://shop.example/b",
  });
  await page.goto(opened.url);
  await expect(page).toHaveURL(flowUrl);
  await api(baseUrl(), keys.testKey, "POST", `/v1/test_helpers/verification-sessions/${opened.id}/expire`);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This age check has expired");
  await expect(page.getByRole("button", { name: /^Start/ })).toHaveCount(0);

  // Unknown and tampered tokens: one clear page, no trace of any session.
  const token = unopened.url.split("/verify/")[1];
  const tampered = `${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`;
  for (const bad of [`${baseUrl()}/verify/${tampered}`, `${baseUrl()}/verify/not-a-token`]) {
    await page.goto(bad);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link isn't valid");
    await expect(page.locator("body")).not.toContainText("shop.example");
  }
  await auditAndSnap(page, "link-invalid");
});

test("mutations refuse other origins and other browsers, and a test session takes no photo", async ({
  page,
  context,
}) => {
  const session = await createSession(baseUrl(), keys.testKey, {
    required_age: 18,
    return_url: "https://shop.example/x",
  });
  await startFlow(page, session.url);
  await expect(page.getByRole("heading", { level: 2, name: "Face age estimation" })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === `vsb_${session.id}`)!;
  const upload = (headers: Record<string, string>) => {
    const form = new FormData();
    form.set("expected_index", "0");
    form.set("image", new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: "image/jpeg" }), "x.jpg");
    return fetch(`${baseUrl()}/verify/session/${session.id}/evidence`, { method: "POST", body: form, headers });
  };
  // Another site posting with the user's cookie (CSRF): refused.
  expect((await upload({ origin: "https://evil.example", cookie: `${cookie.name}=${cookie.value}` })).status).toBe(403);
  // Our origin but no binding cookie (another browser): refused.
  expect((await upload({ origin: baseUrl() })).status).toBe(403);
  // The bound browser itself: a test session has no photo step, so the server refuses it.
  const own = await upload({ origin: baseUrl(), cookie: `${cookie.name}=${cookie.value}` });
  expect(own.status).toBe(400);
  const after = await api(baseUrl(), keys.testKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(after.body).toMatchObject({ status: "in_progress", attempts: 0 });
});
