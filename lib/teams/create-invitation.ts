import "server-only";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { TeamError } from "@/lib/teams/errors";
import { assertManages, type Actor } from "@/lib/teams/member-rules";
import {
  hashInvitationToken,
  INVITATION_LIFETIME_MS,
  invitationLink,
  newInvitationToken,
} from "@/lib/teams/invitation-token";
import type { Role } from "@/lib/teams/roles";

// Each invitation is an email sent on the organisation's behalf: a bound on pending ones keeps
// a compromised admin account from turning the app into a mailer.
export const MAX_PENDING_INVITATIONS = 50;

export type CreatedInvitation = { id: string; email: string; role: Role; expiresAt: Date; link: string };

/**
 * Invites `email` to the actor's organisation with `role`. The link's token is returned here,
 * once (for the email, and for the inviter to copy); only its hash is stored. Inviting an
 * address again replaces its pending invitation, so the newest link is the only one that works.
 */
export async function createInvitation(
  actor: Actor,
  input: { email: string; role: Role },
  now = new Date(),
): Promise<CreatedInvitation> {
  assertManages(actor, input.role);
  const token = newInvitationToken();
  const invitation = await db.$transaction(async (tx) => {
    const member = await tx.membership.findFirst({
      where: { orgId: actor.orgId, user: { email: input.email } },
      select: { userId: true },
    });
    if (member) throw new TeamError("already_member", "That person is already a member of this organisation.", "email");
    await tx.invitation.updateMany({
      where: { orgId: actor.orgId, email: input.email, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    const pending = await tx.invitation.count({
      where: { orgId: actor.orgId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    });
    if (pending >= MAX_PENDING_INVITATIONS) {
      throw new TeamError(
        "too_many_invitations",
        `This organisation has ${MAX_PENDING_INVITATIONS} pending invitations. Revoke some before inviting more.`,
      );
    }
    return tx.invitation.create({
      data: {
        id: newId("inv"),
        orgId: actor.orgId,
        email: input.email,
        role: input.role,
        tokenHash: hashInvitationToken(token),
        invitedById: actor.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      },
    });
  });
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
    link: invitationLink(token),
  };
}
