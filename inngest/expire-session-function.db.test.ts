import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/platform/db";
import { currentContext } from "@/lib/platform/log-context";
import { logger } from "@/lib/platform/log";
import { jobFunction } from "@/inngest/job-function";
import { expireSessionJob } from "@/lib/verification/jobs/expire-session";
import { findJob } from "@/lib/edge/jobs/registry";
import { insertSession, newOrganization } from "../tests/support/fixtures";

const expireSession = jobFunction(findJob(expireSessionJob.name)!);

// step.sleepUntil is mocked (the test engine would otherwise wait for real); the expiry
// step itself runs against the database. A fresh engine per test.
const engineFor = (sessionId: string, expiresAt: Date) =>
  new InngestTestEngine({
    function: expireSession,
    events: [{ name: "verification/session.expire", data: { payload: { sessionId }, runAt: expiresAt.toISOString() } }],
    steps: [0, 1, 2, 3].map((round) => ({ id: `wait-until-due-${round}`, handler: () => undefined })),
  });

describe("expire-session job (Inngest)", () => {
  it("sleeps until expires_at, then expires a session that never started and records the event", async () => {
    const org = await newOrganization();
    const expiresAt = new Date(Date.now() - 1000);
    const session = await insertSession(org.id, { expiresAt });
    const { result, ctx } = await engineFor(session.id, expiresAt).execute();
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("wait-until-due-0", expiresAt.toISOString());
    expect(result).toEqual({ kind: "done" });
    expect((await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).status).toBe("expired");
    expect(await db.event.count({ where: { sessionId: session.id, type: "verification_session.expired" } })).toBe(1);
  });

  it("expires an in_progress session at its expires_at, however recently it started", async () => {
    const org = await newOrganization();
    const expiresAt = new Date(Date.now() - 1000);
    const startedAt = new Date(Date.now() - 60_000);
    const session = await insertSession(org.id, { status: "in_progress", expiresAt, startedAt });
    const { result } = await engineFor(session.id, expiresAt).executeStep("run-0");
    expect(result).toEqual({ kind: "done" });
    expect((await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).status).toBe("expired");
    expect(await db.event.count({ where: { sessionId: session.id, type: "verification_session.expired" } })).toBe(1);
  });

  it("does nothing to a session that finished first", async () => {
    const org = await newOrganization();
    const expiresAt = new Date(Date.now() - 1000);
    const session = await insertSession(org.id, { status: "passed", expiresAt });
    const { result } = await engineFor(session.id, expiresAt).execute();
    expect(result).toEqual({ kind: "done" });
    expect((await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).status).toBe("passed");
    expect(await db.event.count({ where: { sessionId: session.id } })).toBe(0);
  });

  it("writes one summary line per run under the Inngest event's id, as the embedded runner does", async () => {
    const org = await newOrganization();
    const expiresAt = new Date(Date.now() - 1000);
    const session = await insertSession(org.id, { expiresAt });
    const lines: Record<string, unknown>[] = [];
    vi.spyOn(logger(), "info").mockImplementation(
      ((fields: object, msg?: string) => void lines.push({ ...currentContext(), ...fields, msg })) as never,
    );
    try {
      const engine = new InngestTestEngine({
        function: expireSession,
        events: [
          {
            id: `evt-${session.id}`,
            name: "verification/session.expire",
            data: { payload: { sessionId: session.id }, runAt: expiresAt.toISOString() },
          },
        ],
        steps: [0, 1, 2, 3].map((round) => ({ id: `wait-until-due-${round}`, handler: () => undefined })),
      });
      expect((await engine.execute()).result).toEqual({ kind: "done" });
    } finally {
      vi.restoreAllMocks();
    }
    expect(lines.filter((line) => line.msg === "job")).toEqual([
      expect.objectContaining({
        jobId: `evt-${session.id}`,
        route: `job ${expireSessionJob.name}`,
        attempt: 1,
        outcome: "done",
        durationMs: expect.any(Number),
      }),
    ]);
  });
});
