import { expect, test } from "@playwright/test";
import { baseUrl, watchConsole } from "./dashboard-support";
import { screenshotAtBothWidths } from "./support/screenshots";

// /docs opens on the quickstarts, then the webhook signature check, the error and rate-limit
// tables, and the operation reference (#31 item 5).
test("the docs open on both quickstarts, with code in curl or TypeScript that copies by keyboard", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
  const problems = watchConsole(page);
  await page.goto(`${baseUrl()}/docs`);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  const age = page.getByRole("region", { name: "Quickstart: Age Verification" });
  const voice = page.getByRole("region", { name: "Quickstart: Voice prompts" });
  await expect(age.getByRole("heading", { level: 3, name: "1. Create a session" })).toBeVisible();
  await expect(age.getByRole("heading", { level: 3, name: /Receive its webhook/ })).toBeVisible();
  await expect(voice.getByRole("heading", { level: 3, name: "3. Make a prompt set and download it" })).toBeVisible();
  // The quickstart is the first thing after the contents.
  const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
  expect(headings.slice(0, 3)).toEqual(["On this page", "Quickstart: Age Verification", "Verify a webhook signature"]);

  // curl first, with this server's origin, so a command can be pasted as it is.
  const createCode = age.getByLabel("curl for “1. Create a session”", { exact: true });
  await expect(createCode).toContainText(`curl -s ${baseUrl()}/v1/verification-sessions`);
  // TypeScript instead, chosen with the keyboard (the choice is a radio group).
  await age.getByRole("radio", { name: "curl" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(age.getByRole("radio", { name: "TypeScript" })).toBeChecked();
  const tsCode = age.getByLabel("TypeScript for “1. Create a session”", { exact: true });
  await expect(tsCode).toContainText(`const BASE_URL = "${baseUrl()}";`);

  // Copy by keyboard: the button is focusable, Enter copies exactly the code shown.
  const copy = age.getByRole("button", { name: "Copy TypeScript for “1. Create a session”" });
  await copy.focus();
  await page.keyboard.press("Enter");
  await expect(copy).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await tsCode.textContent());

  // The signature check, with the exact bytes signed, copied by keyboard too (Space this time).
  const signatures = page.getByRole("region", { name: "Verify a webhook signature" });
  await expect(signatures.getByText("Bytes signed (UTF-8)")).toBeVisible();
  const check = signatures.getByLabel("the webhook signature check", { exact: true });
  await expect(check).toContainText("export function verifyAgeWebhook(");
  const copyCheck = signatures.getByRole("button", { name: "Copy the webhook signature check" });
  await copyCheck.focus();
  await page.keyboard.press("Space");
  await expect(copyCheck).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await check.textContent());

  // The tables, made from the server's own code tables and settings.
  const errors = page.getByRole("region", { name: "Errors" });
  await expect(errors.getByRole("table", { name: "Age Verification API error codes" })).toContainText("cursor_invalid");
  await expect(errors.getByRole("table", { name: "Voice Prompt API error codes" })).toContainText(
    "prompt_set_not_ready",
  );
  // The suite's app runs with RATE_LIMIT_PER_MINUTE=100 (tests/support/test-stack.ts).
  await expect(page.getByRole("table", { name: "Rate limits" })).toContainText(
    "100 requests per minute per organisation",
  );

  await screenshotAtBothWidths(page, ".data/screenshots/docs/docs");
  expect(problems).toEqual([]);
});

test("the operation reference follows the guides and renders the documents' operations", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`${baseUrl()}/docs`);
  await page.getByRole("link", { name: "Operation reference" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Operation reference" })).toBeInViewport();
  await page.getByRole("link", { name: "Voice Prompt API" }).click();
  await expect(page.locator('.opblock-summary-path[data-path="/files"]')).toBeVisible();
  // The older download form is still listed, marked deprecated.
  await expect(page.locator('.opblock-summary-path__deprecated[data-path="/files/{key}"]')).toBeVisible();
  expect(problems).toEqual([]);
});
