import "server-only";
import { db } from "@/lib/platform/db";

/**
 * Sign-out on the server: the session's id goes on the deny list until its token would have
 * expired anyway, so a copy of the cookie (saved, stolen, or a stale one from before a refresh)
 * no longer signs anyone in. Rows past their expiry are swept here, on a path that is rare and
 * already writes.
 */
export async function endDashboardSession(input: { sessionId: string; expiresAt: Date }): Promise<void> {
  const now = new Date();
  await db.$transaction([
    db.signedOutSession.deleteMany({ where: { expiresAt: { lt: now } } }),
    db.signedOutSession.createMany({
      data: [{ id: input.sessionId, expiresAt: input.expiresAt }],
      skipDuplicates: true,
    }),
  ]);
}
