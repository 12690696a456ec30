import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { TeamError } from "@/lib/account/teams/errors";
import { hashInvitationToken, hasInvitationTokenShape } from "@/lib/account/teams/invitation-token";
import type { Role } from "@/lib/account/teams/roles";
import { insertUserWithMembership } from "@/lib/account/users/create-user";
import { hashPassword } from "@/lib/account/users/password";

type InvitationView = {
  id: string;
  email: string;
  role: Role;
  orgId: string;
  orgName: string;
  expiresAt: Date;
  /** Whether the invited email has an account: sign in to accept, rather than sign up. */
  hasAccount: boolean;
};

export type InvitationLookup =
  { status: "pending"; invitation: InvitationView } | { status: "unusable"; error: TeamError };

function unusable(invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date } | null, now: Date) {
  if (!invitation)
    return new TeamError("invitation_missing", "This invitation link is not valid. Check that you copied all of it.");
  if (invitation.acceptedAt)
    return new TeamError(
      "invitation_used",
      "This invitation has already been used. Sign in to reach the organisation.",
    );
  if (invitation.revokedAt)
    return new TeamError(
      "invitation_revoked",
      "This invitation was withdrawn. Ask the person who invited you for a new one.",
    );
  if (invitation.expiresAt <= now)
    return new TeamError(
      "invitation_expired",
      "This invitation has expired. Ask the person who invited you to send a new one.",
    );
  return null;
}

async function findByToken(client: Tx | typeof db, token: string) {
  if (!hasInvitationTokenShape(token)) return null;
  return client.invitation.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    include: { org: { select: { name: true } } },
  });
}

/** What the invitation page shows for a link: the invitation, or why it cannot be used. */
export async function lookUpInvitation(token: string, now = new Date()): Promise<InvitationLookup> {
  const invitation = await findByToken(db, token);
  const error = unusable(invitation, now);
  if (error || !invitation) return { status: "unusable", error: error! };
  const { id, email, role, orgId, expiresAt } = invitation;
  const account = await db.user.findUnique({ where: { email }, select: { id: true } });
  return {
    status: "pending",
    invitation: { id, email, role, orgId, orgName: invitation.org.name, expiresAt, hasAccount: Boolean(account) },
  };
}

/**
 * Uses the invitation once, for `email`: one conditional update, so two acceptances of one link
 * at once cannot both succeed.
 */
async function claimInvitation(tx: Tx, token: string, email: string, now: Date) {
  const invitation = await findByToken(tx, token);
  const error = unusable(invitation, now);
  if (error || !invitation) throw error;
  if (invitation.email !== email.toLowerCase()) {
    throw new TeamError(
      "invitation_other_email",
      `This invitation is for ${invitation.email}. Sign out, then open the link again and sign in or sign up with that address.`,
    );
  }
  const { count } = await tx.invitation.updateMany({
    where: { id: invitation.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { acceptedAt: now },
  });
  if (count === 0) throw unusable({ ...invitation, acceptedAt: now }, now);
  return invitation;
}

/** A signed-in user accepts an invitation sent to their own email: they become a member. */
export async function acceptInvitation(
  input: { token: string; userId: string; email: string },
  now = new Date(),
): Promise<{ orgId: string }> {
  return db.$transaction(async (tx) => {
    const invitation = await claimInvitation(tx, input.token, input.email, now);
    const existing = await tx.membership.findUnique({
      where: { userId_orgId: { userId: input.userId, orgId: invitation.orgId } },
      select: { role: true },
    });
    if (existing) throw new TeamError("already_member", `You are already a member of ${invitation.org.name}.`);
    await tx.membership.create({ data: { userId: input.userId, orgId: invitation.orgId, role: invitation.role } });
    // The link came to the invited inbox, and claimInvitation checked it is the account's own.
    await tx.user.updateMany({ where: { id: input.userId, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
    return { orgId: invitation.orgId };
  });
}

/**
 * A new person accepts from the link: their account is made with the invitation's email (the
 * link proves they read that inbox) and its one membership, in the same transaction as the
 * invitation is used. An email that has an account already is refused (AccountError
 * email_taken): that person signs in and accepts instead.
 */
export async function signUpWithInvitation(
  input: { token: string; name: string; password: string },
  now = new Date(),
): Promise<{ orgId: string; email: string }> {
  const preview = await findByToken(db, input.token);
  const passwordHash = await hashPassword(input.password);
  return db.$transaction(async (tx) => {
    const invitation = await claimInvitation(tx, input.token, preview?.email ?? "", now);
    await insertUserWithMembership(
      tx,
      { email: invitation.email, name: input.name || null, passwordHash, emailVerifiedAt: now },
      { orgId: invitation.orgId, role: invitation.role },
    );
    return { orgId: invitation.orgId, email: invitation.email };
  });
}
