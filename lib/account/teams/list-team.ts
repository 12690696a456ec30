import "server-only";
import { db } from "@/lib/platform/db";
import type { Role } from "@/lib/account/teams/roles";

export type TeamMember = { userId: string; email: string; name: string | null; role: Role; joinedAt: Date };
export type PendingInvitation = {
  id: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
};

/**
 * The members page's read: the organisation's members (owners first) and its invitations not
 * yet accepted or revoked, expired ones included until someone revokes or re-sends them (as
 * Stripe lists them), newest first.
 */
export async function listTeam(
  orgId: string,
  now = new Date(),
): Promise<{ members: TeamMember[]; invitations: PendingInvitation[] }> {
  const [memberships, invitations] = await Promise.all([
    db.membership.findMany({
      where: { orgId },
      select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
      orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
    }),
    db.invitation.findMany({
      where: { orgId, acceptedAt: null, revokedAt: null },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 200,
    }),
  ]);
  const inviterIds = [...new Set(invitations.map((i) => i.invitedById).filter((id): id is string => Boolean(id)))];
  const inviters = inviterIds.length
    ? await db.user.findMany({ where: { id: { in: inviterIds } }, select: { id: true, email: true } })
    : [];
  const rank: Record<Role, number> = { owner: 0, admin: 1, developer: 2 };
  return {
    members: memberships
      .map((m) => ({ userId: m.user.id, email: m.user.email, name: m.user.name, role: m.role, joinedAt: m.createdAt }))
      .sort((a, b) => rank[a.role] - rank[b.role]),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      invitedBy: inviters.find((u) => u.id === i.invitedById)?.email ?? null,
      createdAt: i.createdAt,
      expiresAt: i.expiresAt,
      expired: i.expiresAt <= now,
    })),
  };
}
