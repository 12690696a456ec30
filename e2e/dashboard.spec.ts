// The dashboard end to end: sign up, a test key, a webhook endpoint on a real HTTPS receiver,
// a session completed through the test helper and its delivery; then a receiver that fails,
// the dead letter, and its redelivery. Screenshots of every page at desktop and phone width
// go to .data/screenshots for review.
import { expect, test } from "@playwright/test";
import { DESKTOP } from "./support/screenshots";
import {
  baseUrl,
  completedSession,
  createKey,
  go,
  nav,
  newAccount,
  signUp,
  v1,
  watchConsole,
  useReceiver,
  shoot,
} from "./dashboard-support";

const receiver = useReceiver();

test("key, endpoint, delivery, dead letter and redelivery, with every page at desktop and phone width", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });

  await page.setViewportSize(DESKTOP);
  await page.goto(`${baseUrl()}/sign-in`);
  await shoot(page, "01-sign-in");
  await page.goto(`${baseUrl()}/sign-up`);
  await shoot(page, "02-sign-up");

  await signUp(page, newAccount());
  await shoot(page, "03-overview-new");
  for (const [name, label] of [
    ["webhooks-empty", "Webhooks"],
    ["sessions-empty", "Sessions"],
    ["deliveries-empty", "Deliveries"],
    ["dead-letters-empty", "Dead letters"],
  ] as const) {
    await go(page, label);
    await shoot(page, `04-${name}`);
  }

  // A test key, shown once.
  const key = await createKey(page, "E2E backend");
  await shoot(page, "05-api-keys-created");
  await page.getByRole("button", { name: "Done" }).click();

  // A webhook endpoint on the local HTTPS receiver; its secret is shown once.
  await go(page, "Webhooks");
  await page.getByLabel("Endpoint URL").fill("http://insecure.example/hook");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(
    page.getByText(
      "Use a full address that starts with https://, e.g. https://example.com/webhooks. Plain http is not accepted.",
    ),
  ).toBeVisible();
  await expect(page.getByLabel("Endpoint URL")).toBeFocused();
  await page.getByLabel("Endpoint URL").fill(receiver().url("/hook"));
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("Copy the signing secret now")).toBeVisible();
  const secret = (await page.getByRole("status", { name: /^Signing secret for/ }).textContent())!.trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9]+$/);
  receiver().route("/hook", { behaviour: () => 200, secret });
  await shoot(page, "06-webhooks-created");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(
    page.getByRole("row", {
      name: new RegExp(
        receiver()
          .url("/hook")
          .replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      ),
    }),
  ).toBeVisible();

  // A session completed through the test helper is delivered, signed with that secret.
  const passedId = await completedSession(key, { order: "1001" });
  const deliveredFor = () =>
    receiver()
      .deliveries()
      .filter((d) => d.body?.data?.id === passedId);
  await expect.poll(() => deliveredFor().length, { timeout: 30_000 }).toBeGreaterThan(0);
  const [delivered] = deliveredFor();
  expect(delivered.signatureValid).toBe(true);

  await go(page, "Sessions");
  const sessionRow = page.getByRole("row", { name: new RegExp(passedId) });
  await expect(sessionRow).toContainText("Passed");
  await expect(sessionRow).toContainText("order: 1001");
  await sessionRow.getByRole("link", { name: passedId }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(passedId);
  await expect(page.getByRole("region", { name: "Outcome" })).toContainText("ID document");
  await expect(page.getByRole("region", { name: "Metadata" })).toContainText("1001");
  const events = page.getByRole("region", { name: "Events and webhook deliveries" });
  await expect(events).toContainText("verification_session.completed");
  await expect(events.getByTestId("delivery")).toContainText("Delivered");
  await expect(events.getByTestId("delivery")).toContainText("HTTP 200");
  // The id the receiver got in Webhook-Id is the one shown, so both sides can match logs.
  expect(delivered.headers["webhook-id"]).toMatch(/^evt_/);
  await expect(events.getByTestId("webhook-id")).toHaveText(String(delivered.headers["webhook-id"]));
  await shoot(page, "07-session-detail");

  // The endpoint's page lists its recent deliveries.
  await go(page, "Webhooks");
  await page.getByRole("link", { name: receiver().url("/hook") }).click();
  await expect(page.getByRole("region", { name: "Recent deliveries" }).getByTestId("delivery")).toContainText(passedId);
  // A test event: signed like a real one, about a made-up session, and answered inline.
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByTestId("test-event-result")).toContainText("Test event delivered · HTTP 200");
  const isTestEvent = (d: { body: any }) => d.body?.data?.metadata?.voiceage_test_event === "true";
  await expect.poll(() => receiver().deliveries().some(isTestEvent), { timeout: 30_000 }).toBe(true);
  const received = receiver().deliveries("/hook").find(isTestEvent)!;
  expect(received.signatureValid).toBe(true);
  expect(received.body).toMatchObject({
    type: "verification_session.completed",
    data: { status: "passed", mode: "test" },
  });
  await expect(page.getByTestId("test-event-result")).toContainText(received.body.id);
  await shoot(page, "08-webhook-endpoint");

  // With the receiver failing, five attempts end in the dead-letter queue.
  receiver().route("/hook", { behaviour: () => 500, secret });
  const failingId = await completedSession(key, { order: "1002" });
  await expect
    .poll(
      () =>
        receiver()
          .deliveries()
          .filter((d) => d.body?.data?.id === failingId).length,
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(5);
  await go(page, "Dead letters");
  const deadLetter = page.getByTestId("dead-letter").filter({ hasText: failingId });
  await expect(async () => {
    await page.reload();
    await expect(deadLetter).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(deadLetter).toContainText("HTTP 500");
  await expect(deadLetter).toContainText("after 5 attempts");
  await expect(nav(page, "Dead letters")).toContainText("1");
  await shoot(page, "09-dead-letters");

  await go(page, "Deliveries");
  await expect(page.getByTestId("attempt").filter({ hasText: failingId })).toHaveCount(5);
  await expect(page.getByTestId("attempt").filter({ hasText: failingId }).first()).toContainText("HTTP 500");
  await shoot(page, "10-deliveries");

  // Fixed receiver: redeliver the dead letter, same event id, and see it succeed.
  receiver().route("/hook", { behaviour: () => 200, secret });
  await go(page, "Dead letters");
  await deadLetter.getByRole("button", { name: /^Redeliver/ }).click();
  await expect(deadLetter).toContainText("Delivered · HTTP 200");
  await expect(page.getByRole("status").filter({ hasText: "Done: 1 delivered, 0 failed." })).toBeVisible();
  const forFailing = receiver()
    .deliveries("/hook")
    .filter((d) => d.body?.data?.id === failingId);
  expect(forFailing).toHaveLength(6);
  expect(new Set(forFailing.map((d) => d.body.id)).size).toBe(1);
  expect(forFailing[5].signatureValid).toBe(true);
  expect(forFailing[5].respondedWith).toBe(200);
  await shoot(page, "11-dead-letters-redelivered");
  await page.getByRole("button", { name: "Refresh the list" }).click();
  await expect(page.getByText("The dead-letter queue is empty")).toBeVisible();

  await go(page, "Deliveries");
  const manual = page.getByTestId("attempt").filter({ hasText: failingId }).first();
  await expect(manual).toContainText("manual");
  await expect(manual).toContainText("HTTP 200");

  // Usage counts this organisation's API requests in the current window, per mode. The window is
  // a clock minute: a request made just before it turned is no longer counted, so make one right
  // before looking, and once more should the minute turn in between.
  await go(page, "Overview");
  await expect(async () => {
    expect((await v1("/v1/verification-sessions?limit=1", key)).status).toBe(200);
    await page.reload();
    await expect(page.getByTestId("usage-live")).toHaveText("0");
    expect(Number(await page.getByTestId("usage-test").textContent())).toBeGreaterThanOrEqual(1);
  }).toPass({ timeout: 20_000 });
  await shoot(page, "12-overview");

  // Sessions: filters and their empty state.
  await go(page, "Sessions");
  await page.getByLabel("Mode").selectOption("live");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No sessions match these filters")).toBeVisible();
  await page.getByLabel("Mode").selectOption("test");
  await page.getByLabel("Status").selectOption("passed");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/status=passed&mode=test/);
  await expect(page.getByRole("row")).toHaveCount(3); // header + two sessions
  await shoot(page, "13-sessions");

  await go(page, "API keys");
  await shoot(page, "14-api-keys");
  await go(page, "Webhooks");
  await shoot(page, "15-webhooks");

  expect(problems).toEqual([]);
});
