// Invitations against the real database: the link's token is stored only as a hash, works once,
// for the invited address, until it expires or is revoked; a new person signs up from it.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";
import { acceptInvitation, lookUpInvitation, signUpWithInvitation } from "@/lib/account/teams/accept-invitation";
import {
  createInvitation,
  MAX_INVITATION_MAILS_PER_ORG_HOUR,
  MAX_INVITATIONS_PER_ADDRESS_DAY,
  MAX_PENDING_INVITATIONS,
  MAX_RESENDS_PER_INVITATION_DAY,
  resendInvitation,
} from "@/lib/account/teams/create-invitation";
import { sendInvitationEmail } from "@/lib/account/teams/send-invitation-email";
import { hashInvitationToken, INVITATION_LIFETIME_MS } from "@/lib/account/teams/invitation-token";
import { revokeInvitation } from "@/lib/account/teams/revoke-invitation";
import { authenticateCredentials } from "@/lib/account/users/authenticate-credentials";
import { newOrganization } from "../../../tests/support/fixtures";

const unique = () => randomBytes(5).toString("hex");
const tokenOf = (link: string) => new URL(link).pathname.split("/").pop()!;

async function newOwner() {
  const org = await newOrganization("inv");
  const user = await db.user.create({ data: { id: newId("usr"), email: `owner-${unique()}@example.com` } });
  await db.membership.create({ data: { userId: user.id, orgId: org.id, role: "owner" } });
  return { org, actor: { userId: user.id, orgId: org.id, role: "owner" as const } };
}

async function newAccount(email = `invitee-${unique()}@example.com`) {
  const other = await newOrganization("own");
  const user = await db.user.create({ data: { id: newId("usr"), email } });
  await db.membership.create({ data: { userId: user.id, orgId: other.id, role: "owner" } });
  return user;
}

describe("createInvitation", () => {
  it("stores only the token's hash and an expiry 7 days on", async () => {
    const { actor } = await newOwner();
    const now = new Date();
    const invitation = await createInvitation(actor, { email: `x-${unique()}@example.com`, role: "developer" }, now);
    const token = tokenOf(invitation.link);
    expect(invitation.link).toMatch(/\/invite\/[0-9A-Za-z]{43}$/);
    const row = await db.invitation.findUniqueOrThrow({ where: { id: invitation.id } });
    expect(row.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - now.getTime()).toBe(INVITATION_LIFETIME_MS);
    expect(INVITATION_LIFETIME_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it("refuses inviting a pending address again; resending is explicit, with a new link and its own limit", async () => {
    const { actor } = await newOwner();
    const email = `again-${unique()}@example.com`;
    const first = await createInvitation(actor, { email, role: "developer" });
    await expect(createInvitation(actor, { email, role: "admin" })).rejects.toMatchObject({
      code: "already_invited",
      field: "email",
    });
    const resent = await resendInvitation(actor, first.id);
    expect(resent).toMatchObject({ id: first.id, email, role: "developer" });
    expect(await lookUpInvitation(tokenOf(first.link))).toMatchObject({ status: "unusable" });
    expect(await lookUpInvitation(tokenOf(resent.link))).toMatchObject({ status: "pending", invitation: { email } });
    for (let i = 1; i < MAX_RESENDS_PER_INVITATION_DAY; i++) await resendInvitation(actor, first.id);
    await expect(resendInvitation(actor, first.id)).rejects.toMatchObject({ code: "invitation_limit" });
    // Another organisation's invitation cannot be resent.
    const other = await newOwner();
    await expect(resendInvitation(other.actor, first.id)).rejects.toMatchObject({ code: "invitation_missing" });
  });

  it(`allows ${MAX_INVITATION_MAILS_PER_ORG_HOUR} invitation mails an hour per organisation`, async () => {
    const { actor } = await newOwner();
    const now = new Date();
    for (let i = 0; i < MAX_INVITATION_MAILS_PER_ORG_HOUR; i++)
      await createInvitation(actor, { email: `burst-${i}-${unique()}@example.com`, role: "developer" }, now);
    await expect(
      createInvitation(actor, { email: `burst-more-${unique()}@example.com`, role: "developer" }, now),
    ).rejects.toMatchObject({ code: "invitation_limit", message: expect.stringMatching(/Try again in 60 minutes/) });
    // An hour later the organisation may invite again.
    await createInvitation(
      actor,
      { email: `later-${unique()}@example.com`, role: "developer" },
      new Date(now.getTime() + 60 * 60_000 + 1000),
    );
  });

  it(`allows ${MAX_INVITATIONS_PER_ADDRESS_DAY} invitations a day to one address, from any organisations`, async () => {
    const email = `popular-${unique()}@example.com`;
    for (let i = 0; i < MAX_INVITATIONS_PER_ADDRESS_DAY; i++) {
      const { actor } = await newOwner();
      await createInvitation(actor, { email, role: "developer" });
    }
    const { actor } = await newOwner();
    await expect(createInvitation(actor, { email, role: "developer" })).rejects.toMatchObject({
      code: "invitation_limit",
    });
    expect(await db.invitation.count({ where: { email } })).toBe(MAX_INVITATIONS_PER_ADDRESS_DAY);
  });

  it("refuses an address that is already a member, and more than the pending bound", async () => {
    const { org, actor } = await newOwner();
    const member = await newAccount();
    await db.membership.create({ data: { userId: member.id, orgId: org.id, role: "developer" } });
    await expect(createInvitation(actor, { email: member.email, role: "admin" })).rejects.toMatchObject({
      code: "already_member",
      field: "email",
    });
    await db.invitation.createMany({
      data: Array.from({ length: MAX_PENDING_INVITATIONS }, (_, i) => ({
        id: newId("inv"),
        orgId: org.id,
        email: `bulk-${i}-${unique()}@example.com`,
        role: "developer" as const,
        tokenHash: hashInvitationToken(unique()),
        expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
      })),
    });
    await expect(
      createInvitation(actor, { email: `one-more-${unique()}@example.com`, role: "developer" }),
    ).rejects.toMatchObject({
      code: "too_many_invitations",
    });
  });
});

describe("acceptInvitation", () => {
  it("makes the signed-in invitee a member with the invited role, once", async () => {
    const { org, actor } = await newOwner();
    const invitee = await newAccount();
    const invitation = await createInvitation(actor, { email: invitee.email, role: "admin" });
    const token = tokenOf(invitation.link);

    expect(await acceptInvitation({ token, userId: invitee.id, email: invitee.email })).toEqual({ orgId: org.id });
    expect(
      await db.membership.findUnique({ where: { userId_orgId: { userId: invitee.id, orgId: org.id } } }),
    ).toMatchObject({
      role: "admin",
    });

    // Single use: the same link again, even by the same person, is refused.
    await expect(acceptInvitation({ token, userId: invitee.id, email: invitee.email })).rejects.toMatchObject({
      code: "invitation_used",
    });
    expect(await lookUpInvitation(token)).toMatchObject({ status: "unusable", error: { code: "invitation_used" } });
  });

  it("lets one of two acceptances at once succeed", async () => {
    const { actor } = await newOwner();
    const invitee = await newAccount();
    const token = tokenOf((await createInvitation(actor, { email: invitee.email, role: "developer" })).link);
    const results = await Promise.allSettled([
      acceptInvitation({ token, userId: invitee.id, email: invitee.email }),
      acceptInvitation({ token, userId: invitee.id, email: invitee.email }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db.membership.count({ where: { userId: invitee.id } })).toBe(2);
  });

  it("refuses an expired invitation, and one accepted a moment before its end works", async () => {
    const { actor } = await newOwner();
    const invitee = await newAccount();
    const sentAt = new Date(Date.now() - INVITATION_LIFETIME_MS - 1000);
    const expired = await createInvitation(actor, { email: invitee.email, role: "developer" }, sentAt);
    await expect(
      acceptInvitation({ token: tokenOf(expired.link), userId: invitee.id, email: invitee.email }),
    ).rejects.toMatchObject({ code: "invitation_expired" });
    expect(await lookUpInvitation(tokenOf(expired.link))).toMatchObject({
      status: "unusable",
      error: { code: "invitation_expired" },
    });

    const fresh = await createInvitation(actor, { email: invitee.email, role: "developer" });
    const justBefore = new Date(fresh.expiresAt.getTime() - 1);
    await expect(
      acceptInvitation({ token: tokenOf(fresh.link), userId: invitee.id, email: invitee.email }, justBefore),
    ).resolves.toMatchObject({ orgId: actor.orgId });
  });

  it("refuses a revoked invitation, and revoking twice says it is no longer pending", async () => {
    const { actor } = await newOwner();
    const invitee = await newAccount();
    const invitation = await createInvitation(actor, { email: invitee.email, role: "developer" });
    await revokeInvitation(actor, invitation.id);
    await expect(
      acceptInvitation({ token: tokenOf(invitation.link), userId: invitee.id, email: invitee.email }),
    ).rejects.toMatchObject({ code: "invitation_revoked" });
    await expect(revokeInvitation(actor, invitation.id)).rejects.toMatchObject({ code: "invitation_missing" });
    expect(await db.membership.count({ where: { userId: invitee.id, orgId: actor.orgId } })).toBe(0);
  });

  it("refuses another account's email, an unknown token and a malformed one", async () => {
    const { actor } = await newOwner();
    const invitee = await newAccount();
    const stranger = await newAccount();
    const token = tokenOf((await createInvitation(actor, { email: invitee.email, role: "developer" })).link);
    await expect(acceptInvitation({ token, userId: stranger.id, email: stranger.email })).rejects.toMatchObject({
      code: "invitation_other_email",
    });
    // The refusal used nothing: the invitee can still accept.
    await expect(acceptInvitation({ token, userId: invitee.id, email: invitee.email })).resolves.toBeTruthy();
    for (const bad of ["0".repeat(43), "short", "../../etc/passwd"]) {
      await expect(acceptInvitation({ token: bad, userId: invitee.id, email: invitee.email })).rejects.toMatchObject({
        code: "invitation_missing",
      });
    }
  });
});

describe("signUpWithInvitation", () => {
  it("creates the account with the invited email and role only, and it signs in", async () => {
    const { org, actor } = await newOwner();
    const email = `fresh-${unique()}@example.com`;
    const token = tokenOf((await createInvitation(actor, { email, role: "developer" })).link);
    expect(await signUpWithInvitation({ token, name: "Fresh", password: "a long passphrase" })).toEqual({
      orgId: org.id,
      email,
    });
    const user = await db.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
    expect(user.memberships.map((m) => [m.orgId, m.role])).toEqual([[org.id, "developer"]]);
    expect((await authenticateCredentials({ email, password: "a long passphrase", ip: "" })).ok).toBe(true);
    await expect(signUpWithInvitation({ token, name: "", password: "another passphrase" })).rejects.toMatchObject({
      code: "invitation_used",
    });
  });

  it("refuses an email that already has an account, leaving the invitation usable by signing in", async () => {
    const { actor } = await newOwner();
    const invitee = await newAccount();
    const token = tokenOf((await createInvitation(actor, { email: invitee.email, role: "developer" })).link);
    await expect(signUpWithInvitation({ token, name: "", password: "a long passphrase" })).rejects.toMatchObject({
      code: "email_taken",
    });
    expect(await lookUpInvitation(token)).toMatchObject({ status: "pending", invitation: { hasAccount: true } });
  });
});

describe("the invitation's mail", () => {
  it("quotes the inviter's and organisation's names as data, not as the subject's lead, and no link in them works", async () => {
    const { org, actor } = await newOwner();
    const email = `target-${unique()}@example.com`;
    const invitation = await createInvitation(actor, { email, role: "developer" });
    await sendInvitationEmail(invitation, {
      orgId: org.id,
      orgName: "Prize Dept: claim at https://evil.example/win",
      inviter: "Mallory\r\nSubject: you won www.evil.example",
    });
    const mail = await db.outboxMessage.findFirstOrThrow({ where: { to: email } });
    expect(mail.subject).toBe("Invitation to join an organisation on Voiceage");
    const lines = mail.text.split("\n");
    expect(lines[0]).toBe("You are invited to an organisation on Voiceage.");
    expect(lines[2]).toBe(
      'Mallory Subject: you won www[.]evil[.]example (from the organisation "Prize Dept: claim at https[:]//evil[.]example/win") invited you to join as a developer.',
    );
    // The only link in the mail is ours.
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([invitation.link]);
    expect(mail.text).not.toMatch(/^Subject:/m);
    // Logged for the organisation's Mail page: status and subject, no body.
    expect(await db.mailLog.findFirst({ where: { to: email } })).toMatchObject({
      orgId: org.id,
      status: "sent",
      subject: "Invitation to join an organisation on Voiceage",
      errorCode: null,
    });
  });
});
