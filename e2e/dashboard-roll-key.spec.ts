import { expect, test } from "@playwright/test";
import { baseUrl, createKey, newAccount, shoot, signUp, v1, watchConsole } from "./dashboard-support";

test("roll a key: the replacement is shown once, both keys work, the old one shows when it stops; 'now' ends it at once", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await signUp(page, newAccount());
  const oldKey = await createKey(page, "Checkout backend");
  await page.getByRole("button", { name: "Done" }).click();

  const oldRow = page.getByRole("row", { name: new RegExp(`Checkout backend.*${oldKey.slice(0, 12)}`) });
  await oldRow.getByRole("button", { name: /^Roll/ }).click();
  const dialog = page.getByRole("dialog", { name: /Roll Checkout backend/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "24 hours" })).toBeChecked();
  await dialog.locator("label", { hasText: /^7 days$/ }).click();
  await shoot(page, "roll-key-dialog");
  await dialog.getByRole("button", { name: "Roll key" }).click();

  const shown = page.getByRole("dialog", { name: "Copy the new key now" });
  await expect(shown).toBeVisible();
  const newKey = (await shown.getByRole("status", { name: "Checkout backend (test key)" }).textContent())!.trim();
  expect(newKey).toMatch(/^sk_test_[A-Za-z0-9]{40}$/);
  expect(newKey).not.toBe(oldKey);
  await expect(shown).toContainText("The old key keeps working until");
  await shoot(page, "roll-key-new-key");
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText(newKey)).toHaveCount(0);

  // Both keys work; both are listed, the old one as rolled with its end (7 days ahead).
  expect((await v1("/v1/verification-sessions", oldKey)).status).toBe(200);
  expect((await v1("/v1/verification-sessions", newKey)).status).toBe(200);
  await page.reload();
  await expect(oldRow).toContainText("Rolled");
  const end = new Date(Date.now() + 7 * 24 * 60 * 60_000);
  await expect(oldRow.getByText(/Stops working/).locator("time")).toHaveAttribute(
    "datetime",
    new RegExp(`^${end.toISOString().slice(0, 10)}`),
  );
  await expect(oldRow.getByRole("button", { name: /^Roll/ })).toHaveCount(0);
  const newRow = page.getByRole("row", { name: new RegExp(`Checkout backend.*${newKey.slice(0, 12)}`) });
  await expect(newRow).not.toContainText("Rolled");
  await expect(page.getByText("2 active")).toBeVisible();
  await shoot(page, "roll-key-list");

  // Rolling the new key with "now": the new key stops at once, its replacement works.
  await newRow.getByRole("button", { name: /^Roll/ }).click();
  const again = page.getByRole("dialog", { name: /Roll Checkout backend/ });
  await again.locator("label", { hasText: /^Now$/ }).click();
  await expect(again.getByText("Requests still using the old key fail at once.")).toBeVisible();
  await again.getByRole("button", { name: "Roll key" }).click();
  const third = page.getByRole("dialog", { name: "Copy the new key now" });
  await expect(third).toContainText("The old key no longer works.");
  const thirdKey = (await third.getByRole("status").textContent())!.trim();
  await third.getByRole("button", { name: "Done" }).click();
  expect((await v1("/v1/verification-sessions", newKey)).status).toBe(401);
  expect((await v1("/v1/verification-sessions", thirdKey)).status).toBe(200);
  await expect(newRow).toContainText("Revoked");
  expect(problems).toEqual([]);
});

test("a key already rolled in another tab is refused with a sentence, not rolled twice", async ({ page, context }) => {
  const problems = watchConsole(page);
  await signUp(page, newAccount());
  const key = await createKey(page, "Mobile backend");
  await page.getByRole("button", { name: "Done" }).click();
  const row = page.getByRole("row", { name: new RegExp(`Mobile backend.*${key.slice(0, 12)}`) });

  const other = await context.newPage();
  await other.goto(`${baseUrl()}/dashboard/api-keys`);
  await other
    .getByRole("row", { name: new RegExp(`Mobile backend.*${key.slice(0, 12)}`) })
    .getByRole("button", { name: /^Roll/ })
    .click();
  await other.getByRole("dialog").getByRole("button", { name: "Roll key" }).click();
  await expect(other.getByRole("dialog", { name: "Copy the new key now" })).toBeVisible();

  await row.getByRole("button", { name: /^Roll/ }).click();
  const dialog = page.getByRole("dialog", { name: /Roll Mobile backend/ });
  await dialog.getByRole("button", { name: "Roll key" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "This key has been rolled already. Its replacement is in the list; revoke this one if it must stop working now.",
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.reload();
  await expect(page.getByText("2 active")).toBeVisible();
  expect(problems).toEqual([]);
});
