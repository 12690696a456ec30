import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { go, nav, newAccount, shoot, signUp, watchConsole } from "./dashboard-support";

const unique = () => randomBytes(4).toString("hex");

/** Invites `email` with `role` from the members page and returns the link shown once. */
async function invite(page: Page, email: string, role: "Admin" | "Developer" | "Owner"): Promise<string> {
  await go(page, "Members");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: role });
  await page.getByRole("button", { name: "Send invitation", exact: true }).click();
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
  // Arrow keys on the focused select only pick a role: nothing is saved (issue 48: one ArrowUp made an admin).
  const roleSelect = members.getByRole("combobox", { name: `Role of ${developerEmail}` });
  await roleSelect.focus();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await page.reload();
  await expect(roleSelect).toHaveValue("developer");
  await roleSelect.selectOption({ label: "Admin" });
  await members.getByRole("button", { name: `Change role of ${developerEmail}` }).click();
  const confirm = page.getByRole("dialog", { name: `Change ${developerEmail} from Developer to Admin?` });
  await expect(confirm).toBeVisible();
  await shoot(page, "members-role-confirm");
  await confirm.getByRole("button", { name: "Make admin" }).click();
  await expect(members.getByText(`Saved: ${developerEmail} is now an admin.`)).toBeVisible();
  await expect(roleSelect).toHaveValue("admin");
  // The invitee's own page follows the saved role: reload until it shows.
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

test("a long organisation name is readable in full; members leave, the last owner cannot, and someone left with none starts anew", async ({
  page,
  browser,
}) => {
  const problems = watchConsole(page);
  // 80 characters, the longest a name may be: cut off in the header, never lost.
  const owner = {
    ...newAccount(),
    organization: `Northwind Tradings ${unique()} International Holdings and Verification Services Ltd`,
  };
  expect(owner.organization).toHaveLength(80);
  await signUp(page, owner);

  // A colleague with an organisation of their own, and a newcomer with none.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  const colleagueProblems = watchConsole(colleague);
  const colleagueAccount = newAccount();
  await signUp(colleague, colleagueAccount);
  const colleagueLink = await invite(page, colleagueAccount.email, "Developer");
  await page.getByRole("button", { name: "Invite someone else" }).click();
  const newcomerEmail = `newcomer-${unique()}@example.com`;
  const newcomerLink = await invite(page, newcomerEmail, "Developer");

  await colleague.goto(colleagueLink);
  await colleague.getByRole("button", { name: `Join ${owner.organization}` }).click();
  await expect(colleague).toHaveURL(/\/dashboard\?joined=1$/);

  // The switcher cuts the long name off; hovering or focusing it shows the whole name, and the
  // chosen option (what a screen reader reads) holds it in full.
  const switcher = colleague.getByRole("banner").getByRole("combobox", { name: "Organisation" });
  await expect(switcher.locator("option:checked")).toHaveText(`${owner.organization} (Developer)`);
  const fullName = colleague.getByTestId("organization-full-name");
  await expect(fullName).toBeHidden();
  await switcher.hover();
  await expect(fullName).toBeVisible();
  await expect(fullName).toHaveText(`${owner.organization} (Developer)`);
  await colleague.mouse.move(0, 600);
  await expect(fullName).toBeHidden();
  await switcher.focus();
  await expect(fullName).toBeVisible();
  await shoot(colleague, "organization-switcher-long-name");

  // Leaving: confirmed first, then the dashboard acts for the colleague's own organisation.
  await go(colleague, "Members");
  const leave = colleague.getByRole("region", { name: "Leave this organisation" });
  await expect(leave).toContainText(`Stop being a member of ${owner.organization}.`);
  await shoot(colleague, "members-leave");
  await leave.getByRole("button", { name: "Leave organisation" }).click();
  const dialog = colleague.getByRole("dialog", { name: `Leave ${owner.organization}?` });
  await expect(dialog).toContainText("You lose access to its keys, sessions, webhooks and members at once.");
  await shoot(colleague, "members-leave-confirm");
  await dialog.getByRole("button", { name: "Leave organisation" }).click();
  await expect(colleague).toHaveURL(/\/dashboard\?left=1$/);
  await expect(colleague.getByText("You left the organisation.")).toBeVisible();
  await expect(colleague.getByText(`The dashboard now shows ${colleagueAccount.organization}`)).toBeVisible();
  await expect(colleague.getByRole("banner").getByRole("combobox", { name: "Organisation" })).toHaveCount(0);
  await expect(colleague.getByRole("banner")).toContainText(colleagueAccount.organization);
  await shoot(colleague, "overview-after-leaving");

  // The owner sees the colleague gone, and, as the only owner, is told why they cannot leave.
  await go(page, "Members");
  await expect(page.getByRole("table", { name: "Members" })).not.toContainText(colleagueAccount.email);
  const ownerLeave = page.getByRole("region", { name: "Leave this organisation" });
  await expect(ownerLeave).toContainText(
    `You are the only owner of ${owner.organization}, and an organisation needs one. To leave, make another member an owner first.`,
  );
  await expect(ownerLeave.getByRole("button", { name: "Leave organisation" })).toHaveCount(0);
  await shoot(page, "members-only-owner");

  // A newcomer whose only organisation this is: on a phone the plain name is cut off, and
  // reachable with the keyboard to read in full.
  const newcomerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const newcomer = await newcomerContext.newPage();
  const newcomerProblems = watchConsole(newcomer);
  await newcomer.goto(newcomerLink);
  await newcomer.getByLabel("Choose a password").fill(`pass phrase ${unique()}`);
  await newcomer.getByRole("button", { name: "Create account and join" }).click();
  await expect(newcomer).toHaveURL(/\/dashboard\?joined=1$/, { timeout: 30_000 });
  // Focusable because it is cut off (a name that fits is plain text).
  const plainName = newcomer.getByRole("banner").locator("span[tabindex='0']", { hasText: owner.organization });
  await expect(plainName).toBeVisible();
  await plainName.focus();
  await expect(newcomer.getByTestId("organization-full-name")).toBeVisible();
  await expect(newcomer.getByTestId("organization-full-name")).toHaveText(owner.organization);
  await shoot(newcomer, "organization-name-long-single");

  await newcomer.goto(new URL("/dashboard/members", newcomer.url()).toString());
  await newcomer.getByRole("region", { name: "Leave this organisation" }).getByRole("button").click();
  await newcomer.getByRole("dialog").getByRole("button", { name: "Leave organisation" }).click();
  await expect(newcomer).toHaveURL(/\/no-organization$/);
  await expect(newcomer.getByRole("heading", { level: 1, name: "You are not in any organisation" })).toBeVisible();
  await expect(newcomer.getByText("Ask one of its owners or admins to invite you")).toBeVisible();
  await shoot(newcomer, "no-organization");

  // A web address in the name is refused beside its field, with the focus there (names are shown
  // in mail); a name another organisation has is fine (names need not be unique).
  await newcomer.getByLabel("Organisation name").fill("Prize Dept: claim at https://evil.example/win");
  await newcomer.getByRole("button", { name: "Create organisation" }).click();
  await expect(newcomer.getByText("Leave web addresses out of the organisation name.")).toBeVisible();
  await expect(newcomer.getByLabel("Organisation name")).toBeFocused();
  const fresh = owner.organization;
  await newcomer.getByLabel("Organisation name").fill(fresh);
  await newcomer.getByRole("button", { name: "Create organisation" }).click();
  await expect(newcomer).toHaveURL(/\/dashboard\?welcome=1$/);
  await expect(newcomer.getByRole("banner")).toContainText(fresh);

  await colleagueContext.close();
  await newcomerContext.close();
  expect(problems).toEqual([]);
  expect(colleagueProblems).toEqual([]);
  expect(newcomerProblems).toEqual([]);
});
