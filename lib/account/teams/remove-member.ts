import "server-only";
import { db } from "@/lib/platform/db";
import { TeamError } from "@/lib/account/teams/errors";
import { assertAnotherOwnerRemains, assertManages, type Actor } from "@/lib/account/teams/member-rules";

/**
 * Removes a member from the actor's organisation: their access ends on their next request
 * (every request loads the memberships). Their account stays, with its other organisations.
 * Owners remove anyone but the last owner; admins remove admins and developers.
 */
export async function removeMember(actor: Actor, userId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const member = await tx.membership.findUnique({
      where: { userId_orgId: { userId, orgId: actor.orgId } },
      select: { role: true },
    });
    if (!member) throw new TeamError("not_a_member", "That person is not a member of this organisation.");
    assertManages(actor, member.role);
    if (member.role === "owner") await assertAnotherOwnerRemains(tx, actor.orgId, userId);
    await tx.membership.delete({ where: { userId_orgId: { userId, orgId: actor.orgId } } });
  });
}
