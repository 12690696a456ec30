import "server-only";
import { db } from "@/lib/platform/db";
import { TeamError } from "@/lib/account/teams/errors";
import { assertAnotherOwnerRemains, assertManages, type Actor } from "@/lib/account/teams/member-rules";
import type { Role } from "@/lib/account/teams/roles";

/**
 * Gives a member of the actor's organisation another role. Owners change anyone; admins change
 * admins and developers, and never to owner; the last owner stays an owner.
 */
export async function changeMemberRole(actor: Actor, input: { userId: string; role: Role }): Promise<void> {
  assertManages(actor, input.role);
  await db.$transaction(async (tx) => {
    const member = await tx.membership.findUnique({
      where: { userId_orgId: { userId: input.userId, orgId: actor.orgId } },
      select: { role: true },
    });
    if (!member) throw new TeamError("not_a_member", "That person is not a member of this organisation.");
    assertManages(actor, member.role);
    if (member.role === input.role) return;
    if (member.role === "owner") await assertAnotherOwnerRemains(tx, actor.orgId, input.userId);
    await tx.membership.update({
      where: { userId_orgId: { userId: input.userId, orgId: actor.orgId } },
      data: { role: input.role },
    });
  });
}
