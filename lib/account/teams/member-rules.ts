import "server-only";
import type { Tx } from "@/lib/platform/db";
import { lockOwnerMemberships } from "@/lib/platform/db/locks";
import { TeamError } from "@/lib/account/teams/errors";
import { can, manageableRoles, PERMISSIONS, type Role } from "@/lib/account/teams/roles";

/** Who is acting: a member of the organisation with their role, as the dashboard resolved it. */
export type Actor = { userId: string; orgId: string; role: Role };

/** Refuses an actor who may not manage members at all. */
function assertCanManageMembers(actor: Actor): void {
  if (!can(actor.role, "members.manage")) throw new TeamError("forbidden", PERMISSIONS["members.manage"].refusal);
}

/** Refuses giving or taking away `role` by an actor whose role does not reach it (admins and owners). */
export function assertManages(actor: Actor, role: Role): void {
  assertCanManageMembers(actor);
  if (!manageableRoles(actor.role).includes(role)) {
    throw new TeamError("forbidden", "Only owners can invite, change or remove owners.", "role");
  }
}

/**
 * Refuses a change that would leave the organisation without an owner. Counted in the caller's
 * transaction after its owner rows are locked, so two owners demoting each other at once cannot
 * both succeed.
 */
export async function assertAnotherOwnerRemains(tx: Tx, orgId: string, userId: string): Promise<void> {
  const owners = await lockOwnerMemberships(tx, orgId);
  if (!owners.some((owner) => owner !== userId)) {
    throw new TeamError(
      "last_owner",
      "An organisation needs at least one owner. Make another member an owner first.",
      "role",
    );
  }
}
