// The hosted flow's domain transitions against the real database: the one-time link, the start,
// escalation, completion and expiry, as the browser drives them.
import pg from "pg";
import { describe, expect, inject, it, vi } from "vitest";
import { db } from "@/lib/platform/db";
import { completeSession } from "@/lib/verification/complete-session";
import { createSession } from "@/lib/verification/create-session";
import { getFlowSnapshot } from "@/lib/verification/hosted-flow/get-flow-snapshot";
import { openHostedLink } from "@/lib/verification/hosted-flow/open-hosted-link";
import { recordMethodOutcome } from "@/lib/verification/hosted-flow/record-method-outcome";
import { startVerification } from "@/lib/verification/hosted-flow/start-verification";
import { submitSimulatedChoice } from "@/lib/verification/hosted-flow/submit-evidence";
import { loadBoundSession } from "@/lib/verification/hosted-flow/load-bound-session";
import type { VerificationMethod as Method } from "@/lib/verification/methods/types";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import { newOrganization } from "../../../tests/support/fixtures";

async function newSession(options: { mode?: KeyMode; methods?: Method[]; requiredAge?: 16 | 18 } = {}) {
  const org = await newOrganization("flow");
  const created = await createSession({
    orgId: org.id,
    mode: options.mode ?? "test",
    required_age: options.requiredAge ?? 18,
    methods: options.methods ?? ["face_estimation", "id_document"],
    return_url: "https://shop.example/done?x=1",
    metadata: {},
  });
  return { orgId: org.id, id: created.id, token: created.url.split("/verify/")[1] };
}

/** Opens the link as a new browser and returns the binding secret it would hold in its cookie. */
async function bind(token: string): Promise<string> {
  const outcome = await openHostedLink({ token, bindingSecretFor: () => undefined });
  if (outcome.kind !== "bound" || !outcome.newSecret) throw new Error(`expected to bind, got ${outcome.kind}`);
  return outcome.newSecret;
}

const row = (id: string) => db.verificationSession.findUniqueOrThrow({ where: { id } });
const events = (id: string) => db.event.findMany({ where: { sessionId: id }, select: { type: true } });

describe("opening the one-time link", () => {
  it("binds exactly one of two simultaneous first visits; the other is told the link was used", async () => {
    const s = await newSession();
    const visits = await Promise.all(
      Array.from({ length: 2 }, () => openHostedLink({ token: s.token, bindingSecretFor: () => undefined })),
    );
    const bound = visits.filter((v) => v.kind === "bound");
    expect(bound).toHaveLength(1);
    expect(visits.filter((v) => v.kind === "used")).toHaveLength(1);
    const stored = await row(s.id);
    expect(stored.tokenUsedAt).not.toBeNull();
    expect(stored.status).toBe("created");
    // Only a hash of the browser secret is stored.
    const secret = (bound[0] as { newSecret: string }).newSecret;
    expect(stored.browserBindingHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.browserBindingHash).not.toContain(secret);
  });

  it("lets the bound browser back in and keeps every other browser out", async () => {
    const s = await newSession();
    const secret = await bind(s.token);
    expect(await openHostedLink({ token: s.token, bindingSecretFor: () => secret })).toEqual({
      kind: "bound",
      sessionId: s.id,
    });
    expect(await openHostedLink({ token: s.token, bindingSecretFor: () => undefined })).toEqual({
      kind: "used",
      sessionId: s.id,
    });
    expect(await openHostedLink({ token: s.token, bindingSecretFor: () => `${secret}x` })).toEqual({
      kind: "used",
      sessionId: s.id,
    });
    expect(await loadBoundSession(s.id, secret)).not.toBeNull();
    expect(await loadBoundSession(s.id, "someone-elses-secret")).toBeNull();
    expect(await loadBoundSession(s.id, undefined)).toBeNull();
  });

  it("reveals nothing for unknown, malformed or tampered tokens", async () => {
    const s = await newSession();
    const tampered = `${s.token.slice(0, -1)}${s.token.endsWith("A") ? "B" : "A"}`;
    for (const token of [tampered, "short", `${s.token}x`, "../../etc/passwd", ""]) {
      expect(await openHostedLink({ token, bindingSecretFor: () => undefined })).toEqual({ kind: "invalid" });
    }
    expect((await row(s.id)).tokenUsedAt).toBeNull();
  });

  it("expires a session whose time is up when its link is opened, announcing it once", async () => {
    const s = await newSession();
    await db.verificationSession.update({ where: { id: s.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await openHostedLink({ token: s.token, bindingSecretFor: () => undefined })).toEqual({
      kind: "expired",
      sessionId: s.id,
    });
    expect(await openHostedLink({ token: s.token, bindingSecretFor: () => undefined })).toEqual({
      kind: "expired",
      sessionId: s.id,
    });
    expect((await row(s.id)).status).toBe("expired");
    expect(await events(s.id)).toEqual([{ type: "verification_session.expired" }]);
  });
});

describe("running the methods", () => {
  it("moves to in_progress only when the user starts, at the first method this mode can run", async () => {
    const s = await newSession({ methods: ["digital_id", "face_estimation", "id_document"] });
    const secret = await bind(s.token);
    expect((await row(s.id)).status).toBe("created");
    expect(await startVerification({ sessionId: s.id, orgId: s.orgId })).toBe("started");
    const started = await row(s.id);
    expect(started).toMatchObject({ status: "in_progress", currentMethodIndex: 1, attempts: 0 });
    expect(started.startedAt).not.toBeNull();
    // A double click does not start it twice.
    expect(await startVerification({ sessionId: s.id, orgId: s.orgId })).toBe("stale");
    const snapshot = await getFlowSnapshot(s.id, secret);
    expect(snapshot?.steps.map((step) => step.state)).toEqual(["skipped", "current", "upcoming"]);
  });

  it("cannot start before the link was opened, nor for another organisation", async () => {
    const s = await newSession();
    expect(await startVerification({ sessionId: s.id, orgId: s.orgId })).toBe("stale");
    await bind(s.token);
    const other = await newOrganization("flow-other");
    expect(await startVerification({ sessionId: s.id, orgId: other.id })).toBe("stale");
    expect((await row(s.id)).status).toBe("created");
  });

  it("escalates on inconclusive, counts each attempt, and ignores a stale double submit", async () => {
    const s = await newSession({ methods: ["face_estimation", "id_document"] });
    const secret = await bind(s.token);
    await startVerification({ sessionId: s.id, orgId: s.orgId });
    const session = (await loadBoundSession(s.id, secret))!;
    expect(await submitSimulatedChoice(session, 0, "inconclusive")).toEqual({ kind: "escalated", nextIndex: 1 });
    // The same submit again (a double click on the old page) changes nothing.
    expect(await submitSimulatedChoice(session, 0, "inconclusive")).toEqual({ kind: "stale" });
    expect(await row(s.id)).toMatchObject({ status: "in_progress", currentMethodIndex: 1, attempts: 1 });
    expect(await events(s.id)).toEqual([]);

    const fresh = (await loadBoundSession(s.id, secret))!;
    expect(await submitSimulatedChoice(fresh, 1, "pass")).toEqual({ kind: "completed", status: "passed" });
    expect(await row(s.id)).toMatchObject({
      status: "passed",
      attempts: 2,
      outcomeMethod: "id_document",
      outcomeResult: "pass",
      outcomeConfidence: "high",
    });
    expect(await events(s.id)).toEqual([{ type: "verification_session.completed" }]);
  });

  it("applies one result per method step when two tabs submit at once (compare-and-set on the step)", async () => {
    const s = await newSession({ methods: ["face_estimation", "id_document"] });
    await bind(s.token);
    await startVerification({ sessionId: s.id, orgId: s.orgId });
    // Force the worst interleaving: tab B (pass on step 0) has read the session on step 0 and its
    // write waits behind a row lock, while tab A's inconclusive on step 0 escalates the session to
    // step 1 and commits (the same update recordMethodOutcome makes, written here under the lock).
    const tabA = new pg.Client({ connectionString: inject("databaseUrl") });
    await tabA.connect();
    try {
      await tabA.query("begin");
      await tabA.query(`select 1 from "VerificationSession" where id = $1 for update`, [s.id]);
      const tabB = recordMethodOutcome({
        sessionId: s.id,
        orgId: s.orgId,
        expectedIndex: 0,
        verdict: { result: "pass", confidence: "high" },
      });
      await vi.waitFor(
        async () => {
          const { rows } = await tabA.query(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          expect(rows[0].n, "tab B's write waits on the session row").toBeGreaterThanOrEqual(1);
        },
        { timeout: 4_000, interval: 20 },
      );
      await tabA.query(
        `update "VerificationSession" set "currentMethodIndex" = 1, "attempts" = "attempts" + 1
          where id = $1 and status = 'in_progress' and "currentMethodIndex" = 0`,
        [s.id],
      );
      await tabA.query("commit");
      // The loser is told its page was out of date; its verdict for step 0 is not applied.
      expect(await tabB).toEqual({ kind: "stale" });
    } finally {
      await tabA.end();
    }
    expect(await row(s.id)).toMatchObject({
      status: "in_progress",
      currentMethodIndex: 1,
      attempts: 1,
      outcomeResult: null,
    });
    expect(await events(s.id)).toEqual([]);
  });

  it("completes a session once when two tabs submit the same step concurrently", async () => {
    for (let round = 0; round < 5; round++) {
      const s = await newSession({ methods: ["face_estimation", "id_document"] });
      await bind(s.token);
      await startVerification({ sessionId: s.id, orgId: s.orgId });
      const outcomes = await Promise.all([
        recordMethodOutcome({
          sessionId: s.id,
          orgId: s.orgId,
          expectedIndex: 0,
          verdict: { result: "pass", confidence: "high" },
        }),
        recordMethodOutcome({
          sessionId: s.id,
          orgId: s.orgId,
          expectedIndex: 0,
          verdict: { result: "fail", confidence: "high" },
        }),
      ]);
      expect(outcomes.filter((o) => o.kind === "completed")).toHaveLength(1);
      expect(outcomes.filter((o) => o.kind === "stale")).toHaveLength(1);
      expect(await row(s.id)).toMatchObject({ attempts: 1 });
      expect(await events(s.id)).toEqual([{ type: "verification_session.completed" }]);
    }
  });

  it("refuses a completion whose step is no longer the session's (completeSession compare-and-set)", async () => {
    const s = await newSession({ methods: ["face_estimation", "id_document"] });
    await bind(s.token);
    await startVerification({ sessionId: s.id, orgId: s.orgId });
    await recordMethodOutcome({
      sessionId: s.id,
      orgId: s.orgId,
      expectedIndex: 0,
      verdict: { result: "inconclusive", confidence: "low" },
    });
    await expect(
      completeSession({
        orgId: s.orgId,
        sessionId: s.id,
        result: "pass",
        method: "face_estimation",
        confidence: "high",
        attemptsUsed: 1,
        expectedMethodIndex: 0,
      }),
    ).rejects.toMatchObject({ code: "parameter_invalid" });
    expect(await row(s.id)).toMatchObject({ status: "in_progress", currentMethodIndex: 1, attempts: 1 });
  });

  it("fails with outcome.result fail on a fail, and inconclusive when the last method is inconclusive", async () => {
    const failing = await newSession({ methods: ["id_document", "face_estimation"] });
    await bind(failing.token);
    await startVerification({ sessionId: failing.id, orgId: failing.orgId });
    await recordMethodOutcome({
      sessionId: failing.id,
      orgId: failing.orgId,
      expectedIndex: 0,
      verdict: { result: "fail", confidence: "high" },
    });
    expect(await row(failing.id)).toMatchObject({
      status: "failed",
      outcomeResult: "fail",
      outcomeMethod: "id_document",
      attempts: 1,
    });

    const unsure = await newSession({ methods: ["face_estimation", "digital_id"] });
    await bind(unsure.token);
    await startVerification({ sessionId: unsure.id, orgId: unsure.orgId });
    await recordMethodOutcome({
      sessionId: unsure.id,
      orgId: unsure.orgId,
      expectedIndex: 0,
      verdict: { result: "inconclusive", confidence: "low" },
    });
    expect(await row(unsure.id)).toMatchObject({
      status: "failed",
      outcomeResult: "inconclusive",
      outcomeMethod: "face_estimation",
      outcomeConfidence: "low",
      attempts: 1,
    });
    expect(await events(unsure.id)).toEqual([{ type: "verification_session.completed" }]);
  });

  it("runs live face estimation on this server when no provider URL is set (the built-in estimator)", async () => {
    const s = await newSession({ mode: "live", methods: ["face_estimation", "credit_card"] });
    await bind(s.token);
    expect(await startVerification({ sessionId: s.id, orgId: s.orgId })).toBe("started");
    expect(await row(s.id)).toMatchObject({ status: "in_progress", attempts: 0 });
  });

  it("never simulates in live mode: without providers for its methods the session fails inconclusive with no attempt", async () => {
    // The card check has no built-in provider (face and document checks do, on this server).
    const s = await newSession({ mode: "live", methods: ["credit_card"] });
    const secret = await bind(s.token);
    const session = (await loadBoundSession(s.id, secret))!;
    expect(await submitSimulatedChoice(session, 0, "pass")).toEqual({ kind: "stale" });
    expect(await startVerification({ sessionId: s.id, orgId: s.orgId })).toBe("no_method_available");
    expect(await row(s.id)).toMatchObject({ status: "failed", outcomeResult: "inconclusive", attempts: 0 });
  });

  it("refuses a simulated result for a live session even when it is on a method", async () => {
    const s = await newSession({ mode: "live" });
    const secret = await bind(s.token);
    // Pretend the session got going (as it would with a live provider configured).
    await db.verificationSession.update({
      where: { id: s.id },
      data: { status: "in_progress", startedAt: new Date() },
    });
    const session = (await loadBoundSession(s.id, secret))!;
    expect(await submitSimulatedChoice(session, 0, "pass")).toMatchObject({ kind: "rejected" });
    expect((await row(s.id)).status).toBe("in_progress");
  });

  it("expires a started session at its expires_at instead of recording a result", async () => {
    const s = await newSession();
    const secret = await bind(s.token);
    await startVerification({ sessionId: s.id, orgId: s.orgId });
    // Started a moment ago, but the deadline the API showed has passed: no extra time.
    await db.verificationSession.update({ where: { id: s.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const session = (await loadBoundSession(s.id, secret))!;
    expect(await submitSimulatedChoice(session, 0, "pass")).toEqual({ kind: "stale" });
    expect((await row(s.id)).status).toBe("expired");
    expect((await getFlowSnapshot(s.id, secret))?.status).toBe("expired");
  });
});
