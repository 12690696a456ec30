// Endpoint health after a failing and then a recovering receiver: the list and the endpoint page
// show the success rate, the last failure in plain words with the raw detail on demand, and the
// overview flags the endpoint while it keeps failing and stops once a delivery succeeds.
import { expect, test } from "@playwright/test";
import {
  completedSession,
  createEndpoint,
  createKey,
  go,
  newAccount,
  shoot,
  signUp,
  useReceiver,
  watchConsole,
} from "./dashboard-support";

const receiver = useReceiver();

test("a failing endpoint is flagged with why it fails; once redelivered to, it is not", async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await signUp(page, newAccount());
  const key = await createKey(page, "Health backend");
  await page.getByRole("button", { name: "Done" }).click();
  const url = receiver().url("/health");
  const secret = await createEndpoint(page, url);

  // Five automatic attempts, all answered 500 (the test stack retries after 1 s).
  receiver().route("/health", { behaviour: () => 500, secret });
  const session = await completedSession(key, { order: "7001" });
  await expect
    .poll(
      () =>
        receiver()
          .deliveries("/health")
          .filter((d) => d.body?.data?.id === session).length,
      { timeout: 60_000 },
    )
    .toBe(5);

  await go(page, "Overview");
  const flag = page.getByRole("alert").filter({ hasText: "A webhook endpoint keeps failing" });
  await expect(async () => {
    await page.reload();
    await expect(flag).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(flag.getByRole("link", { name: url })).toBeVisible();
  await shoot(page, "health-overview-failing");

  await go(page, "Webhooks");
  const row = page.getByRole("row", { name: new RegExp(url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
  await expect(row).toContainText("Failing");
  await expect(row).toContainText("0% of 5 attempts succeeded in the last 24 h");
  await shoot(page, "health-webhooks-failing");

  await row.getByRole("link", { name: url }).click();
  const health = page.getByRole("region", { name: "Health" });
  await expect(health).toContainText("Failing");
  await expect(health).toContainText("HTTP 500 (server error at the endpoint)");
  await expect(health).toContainText("None in the last 7 days"); // no success yet
  await health.getByText("Raw detail").click();
  await expect(health.locator("code")).toContainText("HTTP 500");
  await shoot(page, "health-endpoint-failing");

  // The receiver is fixed; the dead letter is redelivered.
  receiver().route("/health", { secret });
  await go(page, "Dead letters");
  await page.getByRole("button", { name: "Redeliver all (1)" }).click();
  await expect(page.getByTestId("dead-letter")).toContainText("Delivered · HTTP 200");

  await go(page, "Webhooks");
  await expect(row).toContainText("Some failures");
  await expect(row).toContainText("17% of 6 attempts succeeded in the last 24 h");
  await go(page, "Overview");
  await expect(page.getByText("A webhook endpoint keeps failing")).toHaveCount(0);
  await go(page, "Webhooks");
  await row.getByRole("link", { name: url }).click();
  await expect(health).not.toContainText("None in the last 7 days");
  await shoot(page, "health-endpoint-recovered");
  expect(problems).toEqual([]);
});
