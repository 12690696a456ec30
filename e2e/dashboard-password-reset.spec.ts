// Account recovery by email: "Forgot password?" on sign-in, the same answer for any address,
// the mail read from the outbox (the test stack keeps mail there: MAIL_OUTBOX_IN_PRODUCTION),
// a new password that signs in, every older session ended, and the link refused the second time.
import { expect, test, type Page } from "@playwright/test";
import { baseUrl, newAccount, shoot, signUp, watchConsole } from "./dashboard-support";

const CHECK_EMAIL = "If an account exists for";

async function askForReset(page: Page, email: string) {
  await page.goto(`${baseUrl()}/sign-in`);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: CHECK_EMAIL })).toContainText(email);
}

test("forgot password: mail, new password, sign in with it; older sessions end and the link works once", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const account = newAccount();
  // The account's first session, signed in on another browser: the reset must end it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUp(otherPage, account);

  // An address with no account gets the very same answer.
  await askForReset(page, `nobody-${account.email}`);
  await page.goto(`${baseUrl()}/sign-in`);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByLabel("Email").fill("not an address");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Enter a valid email address, like you@company.com.")).toBeVisible();
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.getByLabel("Email").fill(account.email.toUpperCase());
  await shoot(page, "30-forgot-password");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: CHECK_EMAIL })).toBeVisible();
  await shoot(page, "31-forgot-password-sent");

  // The signed-in user reads their own mail in the dev outbox.
  await otherPage.goto(`${baseUrl()}/dashboard/outbox`);
  const mail = otherPage.getByRole("article").filter({ hasText: "Reset your Voiceage password" });
  await expect(async () => {
    await otherPage.reload();
    await expect(mail).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(mail).toContainText(`To ${account.email}`);
  await expect(otherPage.getByText(`nobody-${account.email}`)).toHaveCount(0);
  await shoot(otherPage, "32-dev-outbox");
  const link = await mail.getByRole("link").getAttribute("href");
  expect(link).toMatch(new RegExp(`^${baseUrl()}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));

  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password").fill("too short");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  await expect(page.getByLabel("New password")).toBeFocused();
  await shoot(page, "33-reset-password");
  const newPassword = `${account.password} renewed`;
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/sign-in\?reset=1$/, { timeout: 30_000 });
  await expect(page.getByRole("status").filter({ hasText: "Your password was changed" })).toBeVisible();
  await shoot(page, "34-sign-in-after-reset");

  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible({ timeout: 30_000 });

  // The session from before the reset is over.
  await otherPage.goto(`${baseUrl()}/dashboard`);
  await expect(otherPage).toHaveURL(/\/sign-in(\?next=%2Fdashboard)?$/);
  await other.close();

  // The link is spent.
  await page.goto(link!);
  await expect(page.getByRole("alert").filter({ hasText: "already used" })).toHaveText(
    "This reset link was already used. Ask for a new one if you need to change your password again.",
  );
  await expect(page.getByLabel("New password")).toHaveCount(0);
  await shoot(page, "35-reset-link-used");
  expect(problems).toEqual([]);
});
