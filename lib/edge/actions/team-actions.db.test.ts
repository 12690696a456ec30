// The dashboard's server actions called directly, as a hand-made request would call them, for
// each role: what a role may not do is refused by the action on the server and changes nothing,
// and no organisation cookie reaches an organisation the user is not a member of. Auth.js's
// session and Next.js's request cookies are the request's edge, stood in for here; the actions,
// the role table and the database are the real ones.
import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";
import { newApiKey, newOrganization } from "../../../tests/support/fixtures";

const request = vi.hoisted(() => ({
  userId: null as string | null,
  cookies: new Map<string, string>(),
}));

vi.mock("@/lib/edge/auth/auth", () => ({
  auth: async () => (request.userId ? { user: { id: request.userId }, sessionId: "sess_test" } : null),
  signIn: async () => {
    throw new Error("signIn is not expected in these tests");
  },
  signOut: async () => {},
}));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name) } : undefined),
    set: (name: string, value: string) => void request.cookies.set(name, value),
  }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next-auth", () => ({ CredentialsSignin: class extends Error {} }));

const { createApiKeyAction, rollApiKeyAction, revokeApiKeyAction } = await import("@/lib/edge/actions/api-key-actions");
const { createWebhookEndpointAction } = await import("@/lib/edge/actions/webhook-actions");
const { saveDisplayNameAction } = await import("@/lib/edge/actions/settings-actions");
const {
  changeMemberRoleAction,
  createOrganizationAction,
  inviteMemberAction,
  leaveOrganizationAction,
  removeMemberAction,
  resendInvitationAction,
  revokeInvitationAction,
  switchOrganizationAction,
} = await import("@/lib/edge/actions/team-actions");
const { createInvitation } = await import("@/lib/account/teams/create-invitation");
const { getCurrentUser } = await import("@/lib/edge/auth/current-user");
const { markEmailVerified } = await import("@/lib/account/users/email-verification");

const unique = () => randomBytes(5).toString("hex");

async function newUser(orgId: string, role: "owner" | "admin" | "developer") {
  const user = await db.user.create({
    data: { id: newId("usr"), email: `${role}-${unique()}@example.com`, emailVerifiedAt: new Date() },
  });
  await db.membership.create({ data: { userId: user.id, orgId, role } });
  return user;
}

/** An organisation with one member of each role, and a live key and a pending owner invitation. */
async function newTeam() {
  const org = await newOrganization("team");
  const owner = await newUser(org.id, "owner");
  const admin = await newUser(org.id, "admin");
  const developer = await newUser(org.id, "developer");
  const liveKey = await newApiKey(org.id, "live");
  const invitation = await createInvitation(
    { userId: owner.id, orgId: org.id, role: "owner" },
    { email: `co-owner-${unique()}@example.com`, role: "owner" },
  );
  return { org, owner, admin, developer, liveKey, invitation };
}

function actAs(userId: string, orgId?: string) {
  request.userId = userId;
  request.cookies.clear();
  if (orgId) request.cookies.set("dashboard_org", orgId);
}

beforeEach(() => {
  request.userId = null;
  request.cookies.clear();
});

describe("a developer calling owner and admin actions directly", () => {
  it("is refused each one, and nothing changes", async () => {
    const team = await newTeam();
    actAs(team.developer.id);
    const keysBefore = await db.apiKey.count({ where: { orgId: team.org.id } });

    const refusals = {
      createLiveKey: await createApiKeyAction({ name: "prod", mode: "live" }),
      rollLiveKey: await rollApiKeyAction({ id: team.liveKey.id, window: "now" }),
      createLiveEndpoint: await createWebhookEndpointAction({
        url: "https://example.com/hooks",
        events: ["verification_session.completed"],
        mode: "live",
      }),
      settings: await saveDisplayNameAction({ displayName: "Renamed" }),
      invite: await inviteMemberAction({ email: `new-${unique()}@example.com`, role: "developer" }),
      changeRole: await changeMemberRoleAction({ userId: team.admin.id, role: "developer" }),
      promoteSelf: await changeMemberRoleAction({ userId: team.developer.id, role: "owner" }),
      remove: await removeMemberAction({ id: team.owner.id }),
      revokeInvitation: await revokeInvitationAction({ id: team.invitation.id }),
    };
    for (const [name, result] of Object.entries(refusals)) {
      expect(result, name).toMatchObject({ ok: false });
      expect(!result.ok && result.error, name).toMatch(/Only owners and admins/);
    }

    expect(await db.apiKey.count({ where: { orgId: team.org.id } })).toBe(keysBefore);
    expect(await db.apiKey.findUniqueOrThrow({ where: { id: team.liveKey.id } })).toMatchObject({
      revokedAt: null,
      expiresAt: null,
    });
    expect(await db.webhookEndpoint.count({ where: { orgId: team.org.id } })).toBe(0);
    expect((await db.organization.findUniqueOrThrow({ where: { id: team.org.id } })).displayName).toBeNull();
    expect(await db.invitation.count({ where: { orgId: team.org.id } })).toBe(1);
    expect(await db.invitation.findUniqueOrThrow({ where: { id: team.invitation.id } })).toMatchObject({
      revokedAt: null,
    });
    const roles = await db.membership.findMany({ where: { orgId: team.org.id }, select: { userId: true, role: true } });
    expect(new Map(roles.map((m) => [m.userId, m.role]))).toEqual(
      new Map([
        [team.owner.id, "owner"],
        [team.admin.id, "admin"],
        [team.developer.id, "developer"],
      ]),
    );
  });

  it("still uses test mode and may revoke a key: the refusals above are the role's, not a blanket one", async () => {
    const team = await newTeam();
    actAs(team.developer.id);
    const created = await createApiKeyAction({ name: "ci", mode: "test" });
    expect(created).toMatchObject({ ok: true, value: { mode: "test" } });
    expect(await revokeApiKeyAction({ id: team.liveKey.id })).toMatchObject({ ok: true });
  });
});

describe("an admin", () => {
  it("manages admins and developers but cannot invite, change or remove owners", async () => {
    const team = await newTeam();
    actAs(team.admin.id);

    expect(await inviteMemberAction({ email: `boss-${unique()}@example.com`, role: "owner" })).toMatchObject({
      ok: false,
      error: "Only owners can invite, change or remove owners.",
    });
    expect(await changeMemberRoleAction({ userId: team.owner.id, role: "developer" })).toMatchObject({ ok: false });
    expect(await changeMemberRoleAction({ userId: team.developer.id, role: "owner" })).toMatchObject({ ok: false });
    expect(await removeMemberAction({ id: team.owner.id })).toMatchObject({ ok: false });
    expect(await revokeInvitationAction({ id: team.invitation.id })).toMatchObject({ ok: false });
    expect(await db.membership.findMany({ where: { orgId: team.org.id, role: "owner" } })).toHaveLength(1);

    const email = `dev-${unique()}@example.com`;
    const invited = await inviteMemberAction({ email, role: "developer" });
    expect(invited).toMatchObject({ ok: true, value: { email, role: "developer", emailed: true } });
    // With no SMTP_URL the email lands in the development outbox, link and all.
    const mail = await db.outboxMessage.findFirstOrThrow({ where: { to: email } });
    expect(mail.subject).toBe("Invitation to join an organisation on Voiceage");
    expect(mail.text).toContain(`invited you to join as a developer`);
    expect(mail.text).toContain(invited.ok ? invited.value.link : "no link");
    // Resending is its own, explicit action: a new link, mailed again.
    expect(await inviteMemberAction({ email, role: "developer" })).toMatchObject({
      ok: false,
      fieldErrors: { email: expect.stringMatching(/Resend/) },
    });
    const pending = await db.invitation.findFirstOrThrow({ where: { email, revokedAt: null } });
    expect(await resendInvitationAction({ id: pending.id })).toEqual({ ok: true, value: { id: pending.id } });
    expect(await db.outboxMessage.count({ where: { to: email } })).toBe(2);

    expect(await changeMemberRoleAction({ userId: team.developer.id, role: "admin" })).toMatchObject({ ok: true });
    expect(await createApiKeyAction({ name: "prod", mode: "live" })).toMatchObject({ ok: true });
    expect(await removeMemberAction({ id: team.developer.id })).toMatchObject({ ok: true });
    expect(await db.membership.count({ where: { orgId: team.org.id, userId: team.developer.id } })).toBe(0);
  });
});

describe("an owner", () => {
  it("cannot leave the organisation without an owner", async () => {
    const team = await newTeam();
    actAs(team.owner.id);
    expect(await changeMemberRoleAction({ userId: team.owner.id, role: "admin" })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/at least one owner/),
    });
    expect(await removeMemberAction({ id: team.owner.id })).toMatchObject({ ok: false });
    expect(await changeMemberRoleAction({ userId: team.admin.id, role: "owner" })).toMatchObject({ ok: true });
    expect(await changeMemberRoleAction({ userId: team.owner.id, role: "admin" })).toMatchObject({ ok: true });
  });
});

describe("organisation isolation across memberships", () => {
  it("refuses switching to an organisation without membership, and a forged cookie reaches nothing of it", async () => {
    const a = await newTeam();
    const b = await newTeam();
    // An owner of A, with a cookie naming B.
    actAs(a.owner.id, b.org.id);

    expect(await switchOrganizationAction({ orgId: b.org.id })).toEqual({
      ok: false,
      error: "You are not a member of that organisation.",
    });
    const user = await getCurrentUser();
    expect(user).toMatchObject({ orgId: a.org.id, role: "owner" });

    const created = await createApiKeyAction({ name: "where", mode: "test" });
    expect(created.ok && (await db.apiKey.findUniqueOrThrow({ where: { id: created.value.id } })).orgId).toBe(a.org.id);
    expect(await removeMemberAction({ id: b.developer.id })).toMatchObject({ ok: false });
    expect(await revokeInvitationAction({ id: b.invitation.id })).toMatchObject({ ok: false });
    expect(await rollApiKeyAction({ id: b.liveKey.id, window: "now" })).toMatchObject({ ok: false });
    expect(await db.membership.count({ where: { orgId: b.org.id } })).toBe(3);
    expect(await db.invitation.findUniqueOrThrow({ where: { id: b.invitation.id } })).toMatchObject({
      revokedAt: null,
    });
  });

  it("acts for the chosen organisation, with the role held there", async () => {
    const a = await newTeam();
    const b = await newTeam();
    // A's developer is also an owner of B.
    await db.membership.create({ data: { userId: a.developer.id, orgId: b.org.id, role: "owner" } });
    actAs(a.developer.id);
    expect(await getCurrentUser()).toMatchObject({ orgId: a.org.id, role: "developer" });
    expect(await createApiKeyAction({ name: "prod", mode: "live" })).toMatchObject({ ok: false });

    await expect(switchOrganizationAction({ orgId: b.org.id })).rejects.toThrow(/NEXT_REDIRECT/);
    expect(request.cookies.get("dashboard_org")).toBe(b.org.id);
    expect(await getCurrentUser()).toMatchObject({ orgId: b.org.id, role: "owner" });
    const created = await createApiKeyAction({ name: "prod", mode: "live" });
    expect(created.ok && (await db.apiKey.findUniqueOrThrow({ where: { id: created.value.id } })).orgId).toBe(b.org.id);

    // Removed from B: the cookie still names B, but the next request acts for A again.
    await db.membership.delete({ where: { userId_orgId: { userId: a.developer.id, orgId: b.org.id } } });
    expect(await getCurrentUser()).toMatchObject({ orgId: a.org.id, role: "developer" });
  });
});

describe("leaving an organisation", () => {
  it("moves a member of several to another, and one of none to the page that says so", async () => {
    const a = await newTeam();
    const b = await newTeam();
    await db.membership.create({ data: { userId: a.developer.id, orgId: b.org.id, role: "admin" } });
    actAs(a.developer.id, b.org.id);

    expect(await leaveOrganizationAction({ id: b.org.id })).toEqual({
      ok: true,
      value: { redirectTo: "/dashboard?left=1" },
    });
    expect(request.cookies.get("dashboard_org")).toBe(a.org.id);
    expect(await getCurrentUser()).toMatchObject({ orgId: a.org.id, role: "developer" });

    expect(await leaveOrganizationAction({ id: a.org.id })).toEqual({
      ok: true,
      value: { redirectTo: "/no-organization" },
    });
    expect(await getCurrentUser()).toBeNull();
    expect(await db.membership.count({ where: { userId: a.developer.id } })).toBe(0);
    // Both teams keep everyone else.
    expect(await db.membership.count({ where: { orgId: a.org.id } })).toBe(2);
    expect(await db.membership.count({ where: { orgId: b.org.id } })).toBe(3);
  });

  it("refuses the last owner in words, and an organisation the user is not in", async () => {
    const a = await newTeam();
    const b = await newTeam();
    actAs(a.owner.id);
    expect(await leaveOrganizationAction({ id: a.org.id })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^You are the only owner of .+, and an organisation needs one\./),
    });
    expect(await leaveOrganizationAction({ id: b.org.id })).toEqual({
      ok: false,
      error: "You are not a member of that organisation.",
    });
    expect(await leaveOrganizationAction({ id: "not-an-id" })).toMatchObject({ ok: false });
    expect(await db.membership.count({ where: { orgId: a.org.id } })).toBe(3);
    expect(await db.membership.count({ where: { orgId: b.org.id } })).toBe(3);
  });

  it("lets someone in no organisation create one, as its owner, refusing a bad name beside its field", async () => {
    const a = await newTeam();
    actAs(a.developer.id);
    await leaveOrganizationAction({ id: a.org.id });
    expect(await createOrganizationAction({ name: " " })).toMatchObject({
      ok: false,
      fieldErrors: { name: "Use at least 2 characters for the organisation name." },
    });
    // Names need not be unique (a taken one told strangers which organisations exist); links and
    // line breaks are refused, as everywhere a name is entered.
    for (const [bad, message] of [
      ["Prize Dept: claim at https://evil.example/win", "Leave web addresses out of the organisation name."],
      ["Prize Dept evil.example", "Leave web addresses out of the organisation name."],
      ["Prize\nDept", "Use a single line for the organisation name."],
    ]) {
      expect(await createOrganizationAction({ name: bad })).toMatchObject({
        ok: false,
        fieldErrors: { name: message },
      });
    }
    const name = a.org.name;
    await expect(createOrganizationAction({ name })).rejects.toThrow(/NEXT_REDIRECT/);
    expect(await getCurrentUser()).toMatchObject({ orgName: name, role: "owner" });
    expect((await getCurrentUser())?.orgId).not.toBe(a.org.id);
  });
});

describe("an owner whose address is not verified", () => {
  it("uses test mode but cannot invite or create or roll live keys until the address is confirmed", async () => {
    const team = await newTeam();
    await db.user.update({ where: { id: team.owner.id }, data: { emailVerifiedAt: null } });
    actAs(team.owner.id);
    const refusal = { ok: false, error: expect.stringMatching(/^Confirm your email address first/) };
    expect(await createApiKeyAction({ name: "live", mode: "live" })).toEqual(refusal);
    expect(await rollApiKeyAction({ id: team.liveKey.id, window: "now" })).toEqual(refusal);
    const invitee = `new-${unique()}@example.com`;
    expect(await inviteMemberAction({ email: invitee, role: "developer" })).toEqual(refusal);
    expect(await db.apiKey.count({ where: { orgId: team.org.id, mode: "live", revokedAt: null } })).toBe(1);
    expect(await db.invitation.count({ where: { email: invitee } })).toBe(0);
    expect(await createApiKeyAction({ name: "test", mode: "test" })).toMatchObject({ ok: true });

    await markEmailVerified(team.owner.id);
    expect(await createApiKeyAction({ name: "live", mode: "live" })).toMatchObject({ ok: true });
    expect(await inviteMemberAction({ email: invitee, role: "developer" })).toMatchObject({ ok: true });
  });
});

describe("organisations with the same name", () => {
  it("are told apart in the switcher by their first owner's email domain", async () => {
    const name = `Twin ${unique()}`;
    const [a, b] = [await newOrganization("twin"), await newOrganization("twin")];
    await db.organization.updateMany({ where: { id: { in: [a.id, b.id] } }, data: { name } });
    const ownerA = await db.user.create({ data: { id: newId("usr"), email: `boss-${unique()}@alpha.example` } });
    const ownerB = await db.user.create({ data: { id: newId("usr"), email: `boss-${unique()}@beta.example` } });
    await db.membership.create({ data: { userId: ownerA.id, orgId: a.id, role: "owner" } });
    await db.membership.create({ data: { userId: ownerB.id, orgId: b.id, role: "owner" } });
    await db.membership.create({ data: { userId: ownerA.id, orgId: b.id, role: "developer" } });
    actAs(ownerA.id);
    const user = await getCurrentUser();
    expect(user?.organizations).toEqual([
      { id: a.id, name, role: "owner", ownerDomain: "alpha.example" },
      { id: b.id, name, role: "developer", ownerDomain: "beta.example" },
    ]);
  });
});
