import "server-only";
import { refusalOf, type Permission } from "@/lib/teams/roles";
import type { DashboardUser } from "@/lib/users/current-user";

/**
 * A server action's refusal when the user's role in the current organisation lacks
 * `permission` (lib/teams/roles.ts), or null when it may go on. Checked on the server whatever
 * the page showed, so calling an action directly gets the same answer.
 */
export function permissionRefusal(user: DashboardUser, permission: Permission): { ok: false; error: string } | null {
  const error = refusalOf(user.role, permission);
  return error ? { ok: false, error } : null;
}
