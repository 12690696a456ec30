import "server-only";
import { redirect } from "next/navigation";
import { cache } from "react";
import { auth } from "@/auth";
import { db } from "@/lib/db";

export type DashboardUser = {
  id: string;
  email: string;
  name: string | null;
  orgId: string;
  orgName: string;
};

/** The signed-in user with their organisation, loaded fresh once per request; null when signed out. */
export const getCurrentUser = cache(async (): Promise<DashboardUser | null> => {
  const session = await auth();
  const id = session?.user?.id;
  if (!id) return null;
  const user = await db.user.findUnique({
    where: { id },
    select: { id: true, email: true, name: true, orgId: true, org: { select: { name: true } } },
  });
  if (!user) return null;
  return { id: user.id, email: user.email, name: user.name, orgId: user.orgId, orgName: user.org.name };
});

/**
 * Every dashboard page and server action starts here: it is the only way to an orgId, so
 * nothing in the dashboard can query without one. Signed out -> the sign-in page, which
 * brings the user back to `returnTo` afterwards.
 */
export async function requireDashboardUser(returnTo?: string): Promise<DashboardUser> {
  const user = await getCurrentUser();
  if (!user) redirect(returnTo ? `/sign-in?next=${encodeURIComponent(returnTo)}` : "/sign-in");
  return user;
}

