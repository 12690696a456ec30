import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { go, nav, newAccount, shoot, signUp, watchConsole } from "./dashboard-support";

const unique = () => randomBytes(4).toString("hex");

/** Invites `email` with `role` from the members page and returns the link shown once. */
async function invite(page: Page, email: string, role: "Admin" | "Developer" | "Owner"): Promise<string> {
  await go(page, "Members");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: role });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent")).toBeVisible();
  const link = (await page.getByRole("status", { name: `Invitation link for ${email}` }).textContent())!.trim();
  expect(link).toMatch(/\/invite\/[0-9A-Za-z]{43}$/);
  return link;
}

test("invite a developer, who signs up from the link and can use test mode but not live secrets or members", async ({
  page,
  browser,
}) => {
  const problems = watchConsole(page);
  const owner = newAccount();
  await signUp(page, owner);
  const developerEmail = `dev-${unique()}@example.com`;
  const link = await invite(page, developerEmail, "Developer");

  await page.getByRole("button", { name: "Invite someone else" }).click();
  const pending = page.getByRole("table", { name: "Pending invitations" });
  await expect(pending.getByRole("row").filter({ hasText: developerEmail })).toContainText("Developer");
  await shoot(page, "members-owner");

  // The invitee, in a browser of their own, has no account yet: the link offers sign-up.
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  const inviteeProblems = watchConsole(invitee);
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { level: 1, name: `Join ${owner.organization}` })).toBeVisible();
  await expect(invitee.getByText(`${developerEmail} is invited as a developer`)).toBeVisible();
  await expect(invitee.getByLabel("Email")).toHaveValue(developerEmail);
  await shoot(invitee, "invite-accept-sign-up");

  // A too-short password is refused at its field, with the focus there.
  await invitee.getByLabel("Choose a password").fill("short");
  await invitee.getByRole("button", { name: "Create account and join" }).click();
  await expect(invitee.getByText("Use at least 10 characters.")).toBeVisible();
  await expect(invitee.getByLabel("Choose a password")).toBeFocused();

  await invitee.getByLabel("Your name").fill("Dana Developer");
  await invitee.getByLabel("Choose a password").fill(`pass phrase ${unique()}`);
  await invitee.getByRole("button", { name: "Create account and join" }).click();
  await expect(invitee).toHaveURL(/\/dashboard\?joined=1$/, { timeout: 30_000 });
  await expect(invitee.getByRole("banner")).toContainText(owner.organization);

  // Members: seen, not managed.
  await go(invitee, "Members");
  await expect(invitee.getByText(`You are a developer of ${owner.organization}`)).toBeVisible();
  await expect(invitee.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
  await expect(invitee.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await expect(invitee.getByRole("combobox", { name: /^Role of/ })).toHaveCount(0);
  await shoot(invitee, "members-developer");

  // API keys: test keys yes; live keys are not offered, and the page says why.
  await go(invitee, "API keys");
  await expect(invitee.getByText(/Only owners and admins can create or roll live keys/)).toBeVisible();
  await expect(invitee.locator("label", { hasText: /^Live$/ })).toHaveCount(0);
  await invitee.getByLabel("Name").fill("Developer's test key");
  await invitee.getByRole("button", { name: "Create key" }).click();
  await expect(invitee.getByText("Copy your key now")).toBeVisible();
  await expect(invitee.getByRole("status", { name: "Developer's test key (test key)" })).toHaveText(/^sk_test_/);
  await shoot(invitee, "api-keys-developer");

  // Settings: read, not changed.
  await go(invitee, "Settings");
  await expect(invitee.getByText("Only owners and admins can change the organisation's settings.")).toBeVisible();
  await expect(invitee.getByRole("button", { name: "Save" })).toHaveCount(0);

  // The owner sees the new member; the invitation is no longer pending.
  await page.reload();
  const members = page.getByRole("table", { name: "Members" });
  await expect(members.getByRole("row").filter({ hasText: developerEmail })).toBeVisible();
  await expect(page.getByText("No pending invitations")).toBeVisible();

  // The link works once.
  const again = await browser.newContext();
  const replay = await again.newPage();
  await replay.goto(link);
  await expect(replay.getByRole("heading", { level: 1, name: "This invitation cannot be used" })).toBeVisible();
  await expect(replay.getByText("This invitation has already been used.")).toBeVisible();

  // The owner makes the developer an admin: the same page now lets them manage members.
  await members.getByRole("combobox", { name: `Role of ${developerEmail}` }).selectOption({ label: "Admin" });
  await expect(members.getByRole("combobox", { name: `Role of ${developerEmail}` })).toHaveValue("admin");
  // The change is saved by a server action the select does not wait for: reload until it shows.
  await expect(async () => {
    await invitee.reload();
    await expect(invitee.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(invitee.getByRole("button", { name: "Save" })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  await inviteeContext.close();
  await again.close();
  expect(problems).toEqual([]);
  expect(inviteeProblems).toEqual([]);
});

test("a member of two organisations accepts signed in and switches between them; a revoked link is refused", async ({
  page,
  browser,
}) => {
  const problems = watchConsole(page);
  const first = newAccount();
  await signUp(page, first);

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const second = newAccount();
  await signUp(other, second);
  const revoked = await invite(other, `gone-${unique()}@example.com`, "Developer");
  await other.getByRole("button", { name: "Invite someone else" }).click();
  await other.getByRole("button", { name: /^Revoke invitation for gone-/ }).click();
  await other.getByRole("dialog").getByRole("button", { name: "Revoke invitation" }).click();
  await expect(other.getByText("No pending invitations")).toBeVisible();
  const link = await invite(other, first.email, "Admin");

  // Signed in as the invited address: one button joins.
  await page.goto(link);
  await expect(page.getByText(`${first.email} is invited as an admin`)).toBeVisible();
  await shoot(page, "invite-accept-signed-in");
  await page.getByRole("button", { name: `Join ${second.organization}` }).click();
  await expect(page).toHaveURL(/\/dashboard\?joined=1$/);

  const switcher = page.getByRole("banner").getByRole("combobox", { name: "Organisation" });
  await expect(switcher.locator("option:checked")).toHaveText(`${second.organization} (Admin)`);
  await shoot(page, "organization-switcher");
  await switcher.selectOption({ label: `${first.organization} (Owner)` });
  await expect(switcher.locator("option:checked")).toHaveText(`${first.organization} (Owner)`);
  await go(page, "Members");
  await expect(page.getByRole("table", { name: "Members" })).toContainText(first.email);
  await expect(page.getByRole("table", { name: "Members" })).not.toContainText(second.email);
  await nav(page, "Overview").click();

  await page.goto(revoked);
  await expect(page.getByText("This invitation was withdrawn.")).toBeVisible();

  await otherContext.close();
  expect(problems).toEqual([]);
});
