// Test helpers (DESIGN.md): test-mode keys and sessions only; the same transitions as the hosted
// flow and the expiry timer, with the event to deliver recorded in the same transaction.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { v1 } from "../support/api";
import { createSession, expectError, expectParameterInvalid, validBody } from "./support";
import { newOrg } from "../support/fixtures";

const helper = (key: string, id: string, action: "complete" | "expire", body?: unknown) =>
  v1("POST", `/v1/test_helpers/verification-sessions/${id}/${action}`, { key, body });

const eventsOf = (sessionId: string) =>
  db.event.findMany({ where: { sessionId }, select: { type: true } }).then((rows) => rows.map((r) => r.type));

describe("POST /v1/test_helpers/verification-sessions/:id/complete", () => {
  it("passes a session: status, outcome, one attempt, and a completed event in the outbox", async () => {
    const { testKey } = await newOrg();
    const session = await createSession(testKey);
    const res = await helper(testKey, session.id, "complete", { result: "pass" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: session.id,
      status: "passed",
      attempts: 1,
      // Without a method, the method the user would be on: the first of the list.
      outcome: { method: "face_estimation", result: "pass", confidence: "high" },
    });
    expect(res.body.url).toBeUndefined();
    expect(await eventsOf(session.id)).toEqual(["verification_session.completed"]);
  });

  it("fails a session with the given method and confidence", async () => {
    const { testKey } = await newOrg();
    const session = await createSession(testKey, { ...validBody, methods: ["id_document", "credit_card"] });
    const res = await helper(testKey, session.id, "complete", {
      result: "fail",
      method: "credit_card",
      confidence: "low",
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("failed");
    expect(res.body.outcome).toMatchObject({ method: "credit_card", result: "fail", confidence: "low" });
  });

  it("refuses a method the session does not offer", async () => {
    const { testKey } = await newOrg();
    const session = await createSession(testKey, { ...validBody, methods: ["face_estimation"] });
    expectParameterInvalid(
      await helper(testKey, session.id, "complete", { result: "pass", method: "id_document" }),
      "method",
    );
    expect((await v1("GET", `/v1/verification-sessions/${session.id}`, { key: testKey })).body.status).toBe("created");
  });

  it.each([
    [{}, "result"],
    [{ result: "maybe" }, "result"],
    [{ result: "pass", confidence: "certain" }, "confidence"],
    [{ result: "pass", method: "palm_reading" }, "method"],
    [{ result: "pass", extra: 1 }, "extra"],
  ])("validates the body %j", async (body, param) => {
    const { testKey } = await newOrg();
    const session = await createSession(testKey);
    expectParameterInvalid(await helper(testKey, session.id, "complete", body), param);
  });

  it("a terminal session cannot transition again, and nothing more is recorded", async () => {
    const { testKey } = await newOrg();
    const session = await createSession(testKey);
    expect((await helper(testKey, session.id, "complete", { result: "pass" })).status).toBe(200);
    const again = await helper(testKey, session.id, "complete", { result: "fail" });
    expectParameterInvalid(again, "id");
    expect(again.body.error.message).toMatch(/already passed/);
    expectParameterInvalid(await helper(testKey, session.id, "expire"), "id");
    const after = await v1("GET", `/v1/verification-sessions/${session.id}`, { key: testKey });
    expect(after.body.status).toBe("passed");
    expect(after.body.attempts).toBe(1);
    expect(await eventsOf(session.id)).toEqual(["verification_session.completed"]);
  });

  // The deadline is the expires_at the answers show, whether or not the user has started.
  // A session a second past it, whose expiry timer (due 30 minutes on) has not run.
  async function overdueSession(status: "created" | "in_progress") {
    const { testKey } = await newOrg();
    const session = await createSession(testKey);
    await db.verificationSession.update({
      where: { id: session.id },
      data: { status, startedAt: status === "in_progress" ? new Date() : null, expiresAt: new Date(Date.now() - 1000) },
    });
    return { testKey, session };
  }

  it.each(["created", "in_progress"] as const)(
    "a %s session past its deadline whose timer has not fired yet answers as expired",
    async (status) => {
      const { testKey, session } = await overdueSession(status);
      const one = await v1("GET", `/v1/verification-sessions/${session.id}`, { key: testKey });
      expect(one.body.status).toBe("expired");
      const list = await v1("GET", "/v1/verification-sessions", { key: testKey });
      expect(list.body.data.find((s: { id: string }) => s.id === session.id).status).toBe("expired");
      // Only the answer says so until the timer (or a late call, below) records the transition.
      expect((await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).status).toBe(status);
    },
  );

  it.each(["created", "in_progress"] as const)(
    "a %s session past its deadline whose timer has not fired yet is expired, not passed",
    async (status) => {
      const { testKey, session } = await overdueSession(status);
      const late = await helper(testKey, session.id, "complete", { result: "pass" });
      expectParameterInvalid(late, "id");
      expect(late.body.error.message).toMatch(/already expired/);
      const after = await v1("GET", `/v1/verification-sessions/${session.id}`, { key: testKey });
      expect(after.body.status).toBe("expired");
      expect(after.body.outcome).toBeUndefined();
      expect(await eventsOf(session.id)).toEqual(["verification_session.expired"]);
      expect((await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).status).toBe("expired");
    },
  );

  it("concurrent completions: exactly one wins", async () => {
    const { testKey } = await newOrg();
    const session = await createSession(testKey);
    const results = await Promise.all([
      helper(testKey, session.id, "complete", { result: "pass" }),
      helper(testKey, session.id, "complete", { result: "fail" }),
      helper(testKey, session.id, "expire"),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(await eventsOf(session.id)).toHaveLength(1);
  });
});

describe("POST /v1/test_helpers/verification-sessions/:id/expire", () => {
  it("expires a created session: no outcome, an expired event in the outbox", async () => {
    const { testKey } = await newOrg();
    const session = await createSession(testKey);
    const res = await helper(testKey, session.id, "expire");
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("expired");
    expect(res.body.outcome).toBeUndefined();
    expect(await eventsOf(session.id)).toEqual(["verification_session.expired"]);
    // Expired is final too.
    expectParameterInvalid(await helper(testKey, session.id, "complete", { result: "pass" }), "id");
    expectParameterInvalid(await helper(testKey, session.id, "expire"), "id");
  });
});

describe("test mode only", () => {
  it("a live key gets 400 parameter_invalid, even on a test session, and nothing changes", async () => {
    const { testKey, liveKey } = await newOrg();
    const session = await createSession(testKey);
    for (const action of ["complete", "expire"] as const) {
      const res = await helper(liveKey, session.id, action, { result: "pass" });
      expectParameterInvalid(res);
      expect(res.body.error.message).toMatch(/test-mode keys/);
    }
    expect((await v1("GET", `/v1/verification-sessions/${session.id}`, { key: testKey })).body.status).toBe("created");
  });

  it("a live session gets 400 parameter_invalid, even with a test key", async () => {
    const { testKey, liveKey } = await newOrg();
    const live = await createSession(liveKey);
    expect(live.mode).toBe("live");
    for (const action of ["complete", "expire"] as const) {
      const res = await helper(testKey, live.id, action, { result: "pass" });
      expectParameterInvalid(res, "id");
      expect(res.body.error.message).toMatch(/test-mode sessions/);
    }
    expect(await eventsOf(live.id)).toEqual([]);
  });

  it("an unknown id is 404 resource_missing", async () => {
    const { testKey } = await newOrg();
    for (const action of ["complete", "expire"] as const) {
      expectError(await helper(testKey, "vs_nope", action, { result: "pass" }), {
        status: 404,
        type: "invalid_request_error",
        code: "resource_missing",
        param: "id",
      });
    }
  });
});
