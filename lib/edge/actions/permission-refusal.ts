import "server-only";
import { refusalOf, type Permission } from "@/lib/account/teams/roles";
import type { DashboardUser } from "@/lib/edge/auth/current-user";

/**
 * A server action's refusal when the user's role in the current organisation lacks
 * `permission` (lib/account/teams/roles.ts), or null when it may go on. Checked on the server whatever
 * the page showed, so calling an action directly gets the same answer.
 */
export function permissionRefusal(user: DashboardUser, permission: Permission): { ok: false; error: string } | null {
  const error = refusalOf(user.role, permission);
  return error ? { ok: false, error } : null;
}

/**
 * A refusal for what waits on a verified address (inviting, live keys), or null when the
 * user's address is verified. Until then the account is test mode only (docs/mail.md).
 */
export function verificationRefusal(user: DashboardUser): { ok: false; error: string } | null {
  return user.emailVerified
    ? null
    : {
        ok: false,
        error:
          "Confirm your email address first: follow the link we mailed you when you signed up, or send a new one from the dashboard's home page.",
      };
}
