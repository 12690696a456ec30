import "server-only";
import { db } from "@/lib/platform/db";
import { TeamError } from "@/lib/account/teams/errors";
import { assertManages, type Actor } from "@/lib/account/teams/member-rules";

/** Revokes a pending invitation of the actor's organisation: its link stops working at once. */
export async function revokeInvitation(actor: Actor, id: string, now = new Date()): Promise<void> {
  const invitation = await db.invitation.findFirst({
    where: { id, orgId: actor.orgId, acceptedAt: null, revokedAt: null },
    select: { role: true },
  });
  if (!invitation) throw new TeamError("invitation_missing", "That invitation does not exist or is no longer pending.");
  assertManages(actor, invitation.role);
  const { count } = await db.invitation.updateMany({
    where: { id, orgId: actor.orgId, acceptedAt: null, revokedAt: null },
    data: { revokedAt: now },
  });
  if (count === 0) throw new TeamError("invitation_missing", "That invitation does not exist or is no longer pending.");
}
