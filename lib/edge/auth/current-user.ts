import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { auth } from "@/lib/edge/auth/auth";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import type { Role } from "@/lib/account/teams/roles";

export type OrganizationChoice = {
  id: string;
  name: string;
  role: Role;
  /** Set only when another of the user's organisations has the same name: its first owner's email domain. */
  ownerDomain?: string;
};

/**
 * Organisation names are not unique: where two of a user's organisations share one, each is
 * shown with its first owner's email domain (looked up only then).
 */
async function withOwnerDomains(organizations: OrganizationChoice[]): Promise<OrganizationChoice[]> {
  const counts = new Map<string, number>();
  for (const o of organizations) counts.set(o.name, (counts.get(o.name) ?? 0) + 1);
  const clashing = organizations.filter((o) => counts.get(o.name)! > 1).map((o) => o.id);
  if (clashing.length === 0) return organizations;
  const owners = await db.membership.findMany({
    where: { orgId: { in: clashing }, role: "owner" },
    orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
    select: { orgId: true, user: { select: { email: true } } },
  });
  const domains = new Map<string, string>();
  for (const owner of owners) if (!domains.has(owner.orgId)) domains.set(owner.orgId, owner.user.email.split("@")[1]);
  return organizations.map((o) => (domains.has(o.id) ? { ...o, ownerDomain: domains.get(o.id) } : o));
}

/** A signed-in person, whatever organisations they belong to (none, after being removed). */
export type SignedInAccount = {
  id: string;
  email: string;
  name: string | null;
  /** Whether the address was proven; until then the account is test mode only (docs/mail.md). */
  emailVerified: boolean;
  /** Oldest membership first. */
  organizations: OrganizationChoice[];
};

/** A signed-in person acting for one organisation (the current one) with their role in it. */
export type DashboardUser = Omit<SignedInAccount, "organizations"> & {
  orgId: string;
  orgName: string;
  role: Role;
  organizations: OrganizationChoice[];
};

// The organisation the dashboard acts for. Only a choice: it is checked against the user's
// memberships on every request, so a cookie naming another organisation is simply ignored.
const CURRENT_ORGANIZATION_COOKIE = "dashboard_org";

/**
 * The signed-in account with its memberships, loaded fresh once per request; null when signed
 * out, including a session ended by sign-out whose cookie is presented again, one that signed
 * in before a password reset (and a token from before sessions had ids, which could not be ended).
 */
export const getSignedInAccount = cache(async (): Promise<SignedInAccount | null> => {
  const session = await auth();
  const id = session?.user?.id;
  const sessionId = session?.sessionId;
  if (!id || !sessionId) return null;
  // A token from before sign-in times were recorded counts as signed in at the epoch: any reset ends it.
  const signedInAt = new Date(session.signedInAt ?? 0);
  const [user, signedOut, resetSince] = await Promise.all([
    db.user.findUnique({
      where: { id },
      select: {
        id: true,
        email: true,
        name: true,
        emailVerifiedAt: true,
        memberships: {
          select: { role: true, org: { select: { id: true, name: true } } },
          orderBy: [{ createdAt: "asc" }, { orgId: "asc" }],
        },
      },
    }),
    db.signedOutSession.findUnique({ where: { id: sessionId }, select: { id: true } }),
    // A password reset ends every session that signed in before it (lib/account/users/reset-password.ts).
    db.passwordResetToken.findFirst({ where: { userId: id, usedAt: { gt: signedInAt } }, select: { id: true } }),
  ]);
  if (!user || signedOut || resetSince) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    emailVerified: user.emailVerifiedAt !== null,
    organizations: await withOwnerDomains(
      user.memberships.map((m) => ({ id: m.org.id, name: m.org.name, role: m.role })),
    ),
  };
});

/**
 * The signed-in user acting for their current organisation: the one the organisation cookie
 * names if they are a member of it, else their oldest membership. Null when signed out or a
 * member of no organisation.
 */
export const getCurrentUser = cache(async (): Promise<DashboardUser | null> => {
  const account = await getSignedInAccount();
  if (!account || account.organizations.length === 0) return null;
  const chosen = (await cookies()).get(CURRENT_ORGANIZATION_COOKIE)?.value;
  const current = account.organizations.find((o) => o.id === chosen) ?? account.organizations[0];
  return { ...account, orgId: current.id, orgName: current.name, role: current.role };
});

/**
 * Every dashboard page and server action starts here: it is the only way to an orgId, so
 * nothing in the dashboard can query without one. Signed out -> the sign-in page, which
 * brings the user back to `returnTo` afterwards; signed in with no organisation left -> a page
 * that says so.
 */
export async function requireDashboardUser(returnTo?: string): Promise<DashboardUser> {
  const user = await getCurrentUser();
  if (user) return user;
  if (await getSignedInAccount()) redirect("/no-organization");
  redirect(returnTo ? `/sign-in?next=${encodeURIComponent(returnTo)}` : "/sign-in");
}

/**
 * For the sign-in and sign-up pages: a user already signed in (with an organisation) goes to
 * `to` instead of seeing the form again.
 */
export async function redirectIfSignedIn(to: string): Promise<void> {
  if (await getCurrentUser()) redirect(to);
}

/**
 * For layouts only: whoever is signed in, for the header and navigation, or null. It is never a
 * gate: each page and action starts with requireDashboardUser, which knows the way back after
 * signing in (a layout does not know its page's address).
 */
export const userForLayout = (): Promise<DashboardUser | null> => getCurrentUser();

/**
 * Makes `orgId` the organisation the dashboard acts for (a server action's step, after it has
 * checked the membership; getCurrentUser checks it again on every request).
 */
export async function setCurrentOrganization(orgId: string): Promise<void> {
  (await cookies()).set(CURRENT_ORGANIZATION_COOKIE, orgId, {
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(env().APP_URL).protocol === "https:",
    path: "/",
    // As long as a dashboard session (auth.ts beside this file), so a choice outlives no sign-in by much.
    maxAge: 7 * 24 * 60 * 60,
  });
}
