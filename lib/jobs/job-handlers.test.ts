import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { runExpireSessionJob } from "@/lib/jobs/job-handlers";
import { insertSession, newOrganization } from "../../tests/webhooks/support/inngest-fixtures";

describe("expire-session job handler", () => {
  it("expires a due session, and asks to come back later for one that is not due", async () => {
    const org = await newOrganization();
    const due = await insertSession(org.id, { expiresAt: new Date(Date.now() - 1000) });
    expect(await runExpireSessionJob({ sessionId: due.id })).toEqual({ kind: "done" });
    expect((await db.verificationSession.findUniqueOrThrow({ where: { id: due.id } })).status).toBe("expired");

    const expiresAt = new Date(Date.now() + 60_000);
    const later = await insertSession(org.id, { expiresAt });
    expect(await runExpireSessionJob({ sessionId: later.id })).toEqual({ kind: "reschedule", at: expiresAt.toISOString() });
  });

  it("does not report success when the expiry could not be written", async () => {
    const org = await newOrganization();
    const session = await insertSession(org.id, { expiresAt: new Date(Date.now() - 1000) });
    // A conflicting outbox row makes the expiry transaction fail.
    await db.event.create({ data: { id: newId("oev"), orgId: org.id, sessionId: session.id, type: "verification_session.expired" } });
    await expect(runExpireSessionJob({ sessionId: session.id })).rejects.toThrow(/still created/);
    expect((await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).status).toBe("created");
  });

  it("rejects a malformed payload", async () => {
    await expect(runExpireSessionJob({})).rejects.toThrow();
  });
});
