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

/**
 * The signed-in user with their organisation, loaded fresh once per request; null when signed
 * out, including a session ended by sign-out whose cookie is presented again, one that signed
 * in before a password reset (and a token from before sessions had ids, which could not be ended).
 */
export const getCurrentUser = cache(async (): Promise<DashboardUser | null> => {
  const session = await auth();
  const id = session?.user?.id;
  const sessionId = session?.sessionId;
  if (!id || !sessionId) return null;
  // A token from before sign-in times were recorded counts as signed in at the epoch: any reset ends it.
  const signedInAt = new Date(session.signedInAt ?? 0);
  const [user, signedOut, resetSince] = await Promise.all([
    db.user.findUnique({
      where: { id },
      select: { id: true, email: true, name: true, orgId: true, org: { select: { name: true } } },
    }),
    db.signedOutSession.findUnique({ where: { id: sessionId }, select: { id: true } }),
    // A password reset ends every session that signed in before it (lib/users/reset-password.ts).
    db.passwordResetToken.findFirst({ where: { userId: id, usedAt: { gt: signedInAt } }, select: { id: true } }),
  ]);
  if (!user || signedOut || resetSince) return null;
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
