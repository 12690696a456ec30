// Issue 48: an unverified account is test mode only until it confirms its address, and admins
// see their organisation's mail (status, recipient, subject, error code; never the body or link).
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { baseUrl, go, newAccount, shoot, signUp, watchConsole } from "./dashboard-support";
import { waitForMail } from "../tests/support/fixtures";

const unique = () => randomBytes(4).toString("hex");

async function invite(page: Page, email: string) {
  await go(page, "Members");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send invitation", exact: true }).click();
  await expect(page.getByText("Invitation sent")).toBeVisible();
}

test("an unconfirmed account uses test mode, is refused live keys, and is asked to confirm", async ({ page }) => {
  const problems = watchConsole(page);
  const account = newAccount();
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}` });
  await page.goto(`${baseUrl()}/sign-up`);
  await page.getByLabel("Work email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByLabel("Organisation name").fill(account.organization);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Check your email to continue")).toBeVisible();
  const mail = await waitForMail(account.email, "Confirm your email address for Voiceage");

  // Signed in before confirming: the banner says what waits, and a live key is refused in words.
  await page.goto(`${baseUrl()}/sign-in`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const banner = page.getByText("Confirm your email address", { exact: true });
  await expect(banner).toBeVisible();
  await shoot(page, "unverified-banner");
  await go(page, "API keys");
  await page.getByLabel("Name").fill("prod");
  await page.locator("label", { hasText: /^Live$/ }).click();
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText(/^Confirm your email address first/)).toBeVisible();

  // The mail's link, pressed while signed in, confirms and the banner goes.
  const link = new URL(mail!.text.match(/https?:\/\/\S+\/confirm-email\S+/)![0]);
  await page.goto(`${baseUrl()}${link.pathname}${link.search}`);
  await shoot(page, "confirm-email");
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await expect(page).toHaveURL(/\/dashboard\?verified=1$/);
  await expect(banner).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("admins see their organisation's mail, and no other organisation's", async ({ page, browser }) => {
  const problems = watchConsole(page);
  const owner = newAccount();
  await signUp(page, owner);
  const invitee = `mail-${unique()}@example.com`;
  await invite(page, invitee);

  // Another organisation's invitation to someone else.
  const other = await browser.newPage();
  const stranger = newAccount();
  await signUp(other, stranger);
  const strangerInvitee = `other-${unique()}@example.com`;
  await invite(other, strangerInvitee);
  await other.close();

  await go(page, "Mail");
  const rows = page.getByTestId("mail-row");
  await expect(rows.filter({ hasText: invitee })).toContainText("Sent");
  await expect(rows.filter({ hasText: invitee })).toContainText("Invitation to join an organisation on Voiceage");
  // The owner's own confirmation mail is theirs too.
  await expect(rows.filter({ hasText: owner.email })).toContainText("Confirm your email address for Voiceage");
  await expect(rows.filter({ hasText: strangerInvitee })).toHaveCount(0);
  await expect(page.getByText("/invite/")).toHaveCount(0);
  await shoot(page, "mail");
  expect(problems).toEqual([]);
});
