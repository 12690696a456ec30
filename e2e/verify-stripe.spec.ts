// The Stripe providers in a real browser and over real HTTP: a second app instance configured with
// ID_DOCUMENT_PROVIDER=stripe and CREDIT_CARD_PROVIDER=stripe, its Stripe client pointed at the
// Stripe-shaped HTTPS fake on loopback (tests/support/stripe-fake.ts). Stripe's own pages
// (verify.stripe.com, checkout.stripe.com) are stood in for by the browser's request routing:
// the user "finishes" there when the test tells the fake so, then comes back.
import { expect, test, type Page } from "@playwright/test";
import Stripe from "stripe";
import { newAccount, shoot, signUp } from "./dashboard-support";
import { PHONE, serveReturnSite, auditAndSnap } from "./verify-helpers";
import { api, createSession, newOrg } from "../tests/support/fixtures";
import { startStripeFake, type StripeFake } from "../tests/support/stripe-fake";
import { startTestStack, type TestStack } from "../tests/support/test-stack";

const SECRET_KEY = "sk_test_e2e_fake_for_loopback_only";
const WEBHOOK_SECRET = "whsec_e2e_fake_for_loopback_only";
let fake: StripeFake;
let stack: TestStack;
let keys: Awaited<ReturnType<typeof newOrg>>;

test.use({ viewport: PHONE });

test.beforeAll(async () => {
  fake = await startStripeFake(SECRET_KEY);
  stack = await startTestStack({
    env: {
      ID_DOCUMENT_PROVIDER: "stripe",
      CREDIT_CARD_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.apiUrl,
      STRIPE_CA_FILE: fake.caFile,
    },
  });
  keys = await newOrg("e2e-stripe", { databaseUrl: stack.databaseUrl });
});

test.afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

/** Stripe's hosted pages, reduced to a page that says where the user is. */
async function serveStripePages(page: Page) {
  for (const origin of ["https://verify.stripe.com", "https://checkout.stripe.com"]) {
    await page.route(`${origin}/**`, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>Stripe</title><h1>Stripe</h1>",
      }),
    );
  }
}

/** A live session of these methods opened in the browser, with the shop and Stripe's pages served. */
async function openLiveSession(page: Page, methods: string[]) {
  await serveReturnSite(page);
  await serveStripePages(page);
  const session = await createSession(stack.baseUrl, keys.liveKey, {
    required_age: 18,
    methods,
    return_url: "https://shop.example/live",
  });
  await page.goto(session.url);
  return session;
}

const created = (path: string) => fake.calls.filter((call) => call.method === "POST" && call.path === path).at(-1)!;

test("document check on Stripe Identity: the user goes to Stripe, comes back, and passes with high confidence", async ({
  page,
}) => {
  const session = await openLiveSession(page, ["id_document"]);
  await page.getByRole("button", { name: "Start with your ID document" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "ID document" })).toBeFocused();
  await expect(page.getByText("on our identity partner's secure page")).toBeVisible();
  await auditAndSnap(page, "stripe-document-start");
  await page.getByRole("button", { name: "Continue to document check" }).click();
  await page.waitForURL(/^https:\/\/verify\.stripe\.com\/start\//);

  const request = created("/v1/identity/verification_sessions");
  const returnUrl = request.params.get("return_url")!;
  expect(new URL(returnUrl).pathname).toBe(`/verify/session/${session.id}/hosted-return`);
  const vsId = [...fake.identitySessions.values()].find(
    (record) => record.session.client_reference_id === request.params.get("client_reference_id"),
  )!.session.id;

  // Back before finishing on Stripe's page: not decided yet, and the page says so.
  await page.goto(returnUrl);
  await expect(page.getByRole("alert").filter({ hasText: "Your document check isn't finished yet" })).toBeVisible();
  await auditAndSnap(page, "stripe-document-pending");

  fake.verify(vsId, { year: new Date().getUTCFullYear() - 30, month: 1, day: 15 });
  await page.goto(returnUrl);
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeVisible();
  await page.waitForURL(`https://shop.example/live?session_id=${session.id}`);
  const done = await api(stack.baseUrl, keys.liveKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(done.body).toMatchObject({
    status: "passed",
    outcome: { method: "id_document", result: "pass", confidence: "high" },
  });
  expect(fake.calls.filter((call) => call.path === `/v1/identity/verification_sessions/${vsId}/redact`)).toHaveLength(
    1,
  );
});

test("the webhook endpoint decides a user who never comes back, and refuses a forged event with a 400", async ({
  page,
}) => {
  const session = await openLiveSession(page, ["id_document"]);
  await page.getByRole("button", { name: "Start with your ID document" }).click();
  await page.getByRole("button", { name: "Continue to document check" }).click();
  await page.waitForURL(/^https:\/\/verify\.stripe\.com\/start\//);
  const reference = created("/v1/identity/verification_sessions").params.get("client_reference_id");
  const record = [...fake.identitySessions.values()].find((r) => r.session.client_reference_id === reference)!;
  // The user finishes on Stripe's page and closes the tab.
  fake.verify(record.session.id, { year: new Date().getUTCFullYear() - 40, month: 6, day: 1 });
  const webhook = (payload: string, signature: string) =>
    fetch(`${stack.baseUrl}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
  const payload = JSON.stringify({
    id: "evt_e2e_verified",
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: { object: record.session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: "identity.verification_session.verified",
  });

  const forged = await webhook(payload, "t=1,v1=0123456789abcdef");
  expect(forged.status).toBe(400);
  expect(await forged.json()).toMatchObject({
    error: { type: "invalid_request_error", code: "parameter_invalid", param: "Stripe-Signature" },
  });
  expect((await api(stack.baseUrl, keys.liveKey, "GET", `/v1/verification-sessions/${session.id}`)).body.status).toBe(
    "in_progress",
  );

  const signature = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const delivered = await webhook(payload, signature);
  expect(delivered.status).toBe(200);
  expect(await delivered.json()).toEqual({ received: true, applied: true });
  const done = await api(stack.baseUrl, keys.liveKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(done.body).toMatchObject({ status: "passed", outcome: { method: "id_document", confidence: "high" } });
  expect(record.session.redaction).toEqual({ status: "processing" });
});

test("card check on setup-mode Checkout: a debit card is inconclusive, and the check ends there", async ({ page }) => {
  const session = await openLiveSession(page, ["credit_card"]);
  await page.getByRole("button", { name: "Start with a credit card check" }).click();
  await page.getByRole("button", { name: "Continue to card check" }).click();
  await page.waitForURL(/^https:\/\/checkout\.stripe\.com\//);
  const checkId = new URL(page.url()).pathname.split("/").pop()!;
  const successUrl = created("/v1/checkout/sessions").params.get("success_url")!;
  fake.completeCheckout(checkId, "debit");
  await page.goto(successUrl.replace("{CHECKOUT_SESSION_ID}", checkId));
  await expect(page.getByRole("heading", { name: "We couldn't confirm your age" })).toBeVisible();
  const done = await api(stack.baseUrl, keys.liveKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(done.body).toMatchObject({ status: "failed", outcome: { method: "credit_card", result: "inconclusive" } });
});

test("the dashboard's settings show Stripe checking documents and cards", async ({ page }) => {
  await signUp(page, newAccount(), stack.baseUrl, stack.databaseUrl);
  await page.goto(`${stack.baseUrl}/dashboard/settings`);
  const methods = page.getByRole("region", { name: "Live verification methods" });
  await expect(methods.getByTestId("live-provider-id_document")).toContainText("Stripe Identity");
  await expect(methods.getByTestId("live-provider-credit_card")).toContainText("Stripe Checkout");
  await expect(methods.getByTestId("live-provider-face_estimation")).toContainText("Built in");
  await shoot(page, "settings-live-providers-stripe");
});
