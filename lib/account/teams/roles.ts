// The one table of what each role may do in an organisation (docs/teams.md shows it to people).
// Every dashboard page and server action asks `can` here; no other file compares role names.
// Pure data and functions, so client components may import it to hide what the server refuses.

export const ROLES = ["owner", "admin", "developer"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", admin: "Admin", developer: "Developer" };

/**
 * Each permission with the roles that hold it and how a refusal reads. What is not listed here
 * (seeing everything, revoking keys, deleting endpoints, retrying and redelivering, the Voice
 * Studio) every member may do: membership itself is the check (requireDashboardUser). "Reveal a live secret"
 * covers creating or rolling a live key and creating a live webhook endpoint: each shows a live
 * secret once, and showing it is the only way to have it.
 */
export const PERMISSIONS = {
  "keys.test": {
    roles: ["owner", "admin", "developer"],
    summary: "Create, roll and revoke test API keys",
    refusal: "Your role cannot manage test keys.",
  },
  "keys.live.reveal": {
    roles: ["owner", "admin"],
    summary: "Create and roll live API keys (each shows a live secret)",
    refusal:
      "Only owners and admins can create or roll live keys, because that shows a live secret. Ask one of them, or use a test key.",
  },
  "webhooks.test": {
    roles: ["owner", "admin", "developer"],
    summary: "Add test webhook endpoints",
    refusal: "Your role cannot add test endpoints.",
  },
  "webhooks.live.reveal": {
    roles: ["owner", "admin"],
    summary: "Add live webhook endpoints (each shows a live signing secret)",
    refusal:
      "Only owners and admins can add live endpoints, because that shows a live signing secret. Ask one of them, or add a test endpoint.",
  },
  "settings.edit": {
    roles: ["owner", "admin"],
    summary: "Change the organisation's settings (the name shown to your users)",
    refusal: "Only owners and admins can change the organisation's settings.",
  },
  "members.manage": {
    roles: ["owner", "admin"],
    summary: "Invite members, change roles, remove members, revoke invitations (admins: not owners)",
    refusal: "Only owners and admins can invite, change or remove members.",
  },
  "mail.view": {
    roles: ["owner", "admin"],
    summary: "See the organisation's mail log (status, recipient, subject, error code)",
    refusal: "Only owners and admins can see the organisation's mail.",
  },
} as const satisfies Record<string, { roles: readonly Role[]; summary: string; refusal: string }>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  const roles: readonly Role[] = PERMISSIONS[permission].roles;
  return roles.includes(role);
}

/** Why `role` lacks `permission`, for a page to say instead of offering it; undefined when it has it. */
export function refusalOf(role: Role, permission: Permission): string | undefined {
  return can(role, permission) ? undefined : PERMISSIONS[permission].refusal;
}

/**
 * The roles `role` may give (by invitation or a change of role) and take away (a member holding
 * one of them may be changed or removed): owners all, admins everyone but owners, developers none.
 */
export function manageableRoles(role: Role): readonly Role[] {
  if (!can(role, "members.manage")) return [];
  return role === "owner" ? ROLES : ROLES.filter((r) => r !== "owner");
}

/** The permission a key or endpoint of `mode` asks for when it is created (it shows its secret). */
export function revealPermission(kind: "keys" | "webhooks", mode: "test" | "live"): Permission {
  if (kind === "keys") return mode === "live" ? "keys.live.reveal" : "keys.test";
  return mode === "live" ? "webhooks.live.reveal" : "webhooks.test";
}
