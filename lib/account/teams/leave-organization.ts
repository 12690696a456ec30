import "server-only";
import { db } from "@/lib/platform/db";
import { TeamError } from "@/lib/account/teams/errors";
import { assertAnotherOwnerRemains } from "@/lib/account/teams/member-rules";

/**
 * The member leaves the organisation: every role may, except its last owner (an organisation
 * always has one). Their account stays, with its other organisations, which are returned
 * (oldest membership first) so the dashboard can move them to one.
 */
export async function leaveOrganization(member: {
  userId: string;
  orgId: string;
}): Promise<{ remaining: { id: string; name: string }[] }> {
  return db.$transaction(async (tx) => {
    const membership = await tx.membership.findUnique({
      where: { userId_orgId: { userId: member.userId, orgId: member.orgId } },
      select: { role: true, org: { select: { name: true } } },
    });
    if (!membership) throw new TeamError("not_a_member", "You are not a member of that organisation.");
    if (membership.role === "owner") {
      try {
        await assertAnotherOwnerRemains(tx, member.orgId, member.userId);
      } catch (error) {
        if (!(error instanceof TeamError) || error.code !== "last_owner") throw error;
        throw new TeamError(
          "last_owner",
          `You are the only owner of ${membership.org.name}, and an organisation needs one. Make another member an owner on this page first, then leave.`,
        );
      }
    }
    await tx.membership.delete({ where: { userId_orgId: { userId: member.userId, orgId: member.orgId } } });
    const remaining = await tx.membership.findMany({
      where: { userId: member.userId },
      select: { org: { select: { id: true, name: true } } },
      orderBy: [{ createdAt: "asc" }, { orgId: "asc" }],
    });
    return { remaining: remaining.map((m) => m.org) };
  });
}
