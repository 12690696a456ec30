import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { endDashboardSession } from "@/lib/account/users/end-dashboard-session";

const sessionId = () => `sess_${randomBytes(8).toString("hex")}`;

describe("endDashboardSession", () => {
  it("puts the session on the deny list until its token expires; ending it twice is harmless", async () => {
    const id = sessionId();
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000);
    await endDashboardSession({ sessionId: id, expiresAt });
    await endDashboardSession({ sessionId: id, expiresAt });
    expect(await db.signedOutSession.findUnique({ where: { id } })).toEqual({ id, expiresAt });
  });

  it("sweeps entries whose tokens have expired, and only those", async () => {
    const stale = sessionId();
    const live = sessionId();
    await db.signedOutSession.createMany({
      data: [
        { id: stale, expiresAt: new Date(Date.now() - 1000) },
        { id: live, expiresAt: new Date(Date.now() + 3600_000) },
      ],
    });
    await endDashboardSession({ sessionId: sessionId(), expiresAt: new Date(Date.now() + 3600_000) });
    expect(await db.signedOutSession.findUnique({ where: { id: stale } })).toBeNull();
    expect(await db.signedOutSession.findUnique({ where: { id: live } })).not.toBeNull();
  });
});
