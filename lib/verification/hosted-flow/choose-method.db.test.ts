// The user chooses the method (issue 50): before the first capture, and at any point after,
// without spending an attempt; only among the methods the session allows, and an inconclusive
// method moves the flow to the first method, in the session's order, that has not ended.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { createSession } from "@/lib/verification/create-session";
import { chooseMethod, MAX_METHOD_SWITCHES } from "@/lib/verification/hosted-flow/choose-method";
import { getFlowSnapshot } from "@/lib/verification/hosted-flow/get-flow-snapshot";
import { loadBoundSession } from "@/lib/verification/hosted-flow/load-bound-session";
import { openHostedLink } from "@/lib/verification/hosted-flow/open-hosted-link";
import { startVerification } from "@/lib/verification/hosted-flow/start-verification";
import { submitSimulatedChoice } from "@/lib/verification/hosted-flow/submit-evidence";
import { newOrganization } from "../../../tests/support/fixtures";

async function openSession(methods: ("face_estimation" | "id_document" | "credit_card" | "digital_id")[]) {
  const org = await newOrganization("choose");
  const created = await createSession({
    orgId: org.id,
    mode: "test",
    required_age: 18,
    methods,
    return_url: "https://shop.example/done",
    metadata: {},
  });
  const opened = await openHostedLink({ token: created.url.split("/verify/")[1], bindingSecretFor: () => undefined });
  if (opened.kind !== "bound" || !opened.newSecret) throw new Error("not bound");
  const secret = opened.newSecret;
  return {
    id: created.id,
    orgId: org.id,
    load: async () => (await loadBoundSession(created.id, secret))!,
    snapshot: () => getFlowSnapshot(created.id, secret),
  };
}

const row = (id: string) => db.verificationSession.findUniqueOrThrow({ where: { id } });

describe("choosing the method", () => {
  it("starts on the method the user picked, and refuses one the session does not allow or cannot run", async () => {
    const s = await openSession(["face_estimation", "id_document", "digital_id"]);
    // digital_id is allowed but not live: it cannot be chosen; an index outside the list neither.
    expect(await startVerification({ sessionId: s.id, orgId: s.orgId, methodIndex: 2 })).toBe("stale");
    expect(await startVerification({ sessionId: s.id, orgId: s.orgId, methodIndex: 7 })).toBe("stale");
    expect((await row(s.id)).status).toBe("created");

    expect(await startVerification({ sessionId: s.id, orgId: s.orgId, methodIndex: 1 })).toBe("started");
    expect(await row(s.id)).toMatchObject({ status: "in_progress", currentMethodIndex: 1, attempts: 0 });
    const snapshot = (await s.snapshot())!;
    // The face check, not tried, is still on offer; nothing says it was tried.
    expect(snapshot.steps.map((step) => step.state)).toEqual(["upcoming", "current", "skipped"]);
  });

  it("switches without spending an attempt, and an inconclusive method moves to the first method not yet ended", async () => {
    const s = await openSession(["face_estimation", "id_document", "credit_card"]);
    await startVerification({ sessionId: s.id, orgId: s.orgId, methodIndex: 1 });
    // ID first, then the user changes their mind to the face check: no attempt counted.
    expect(await chooseMethod(await s.load(), 1, 0)).toBe("switched");
    expect(await row(s.id)).toMatchObject({ currentMethodIndex: 0, attempts: 0, methodSwitches: 1 });
    // A page that was behind (still showing ID) changes nothing.
    expect(await chooseMethod(await s.load(), 1, 2)).toBe("stale");

    // The face check gives no clear result: the flow moves to ID (index 1), the first not ended.
    expect(await submitSimulatedChoice(await s.load(), 0, "inconclusive")).toEqual({
      kind: "escalated",
      nextIndex: 1,
    });
    expect(await row(s.id)).toMatchObject({ currentMethodIndex: 1, attempts: 1, concludedMethods: [0] });
    // A method that ended cannot be chosen again; the card check can.
    expect(await chooseMethod(await s.load(), 1, 0)).toBe("stale");
    expect(await chooseMethod(await s.load(), 1, 2)).toBe("switched");
    expect((await s.snapshot())!.steps.map((step) => step.state)).toEqual(["inconclusive", "upcoming", "current"]);

    // The card check is inconclusive too: ID is left, then nothing.
    expect(await submitSimulatedChoice(await s.load(), 2, "inconclusive")).toEqual({ kind: "escalated", nextIndex: 1 });
    expect(await submitSimulatedChoice(await s.load(), 1, "pass")).toEqual({ kind: "completed", status: "passed" });
    expect(await row(s.id)).toMatchObject({ status: "passed", attempts: 3, outcomeMethod: "id_document" });
  });

  it("caps the changes of method, since each resets the method's provider calls", async () => {
    const s = await openSession(["face_estimation", "id_document"]);
    await startVerification({ sessionId: s.id, orgId: s.orgId });
    for (let i = 0; i < MAX_METHOD_SWITCHES; i++) {
      expect(await chooseMethod(await s.load(), i % 2, (i + 1) % 2)).toBe("switched");
    }
    const at = MAX_METHOD_SWITCHES % 2;
    expect(await chooseMethod(await s.load(), at, 1 - at)).toBe("limit");
    expect((await s.snapshot())!.canSwitch).toBe(false);
    expect(await row(s.id)).toMatchObject({ currentMethodIndex: at, attempts: 0 });
  });

  it("refuses a change on a finished session", async () => {
    const s = await openSession(["face_estimation", "id_document"]);
    await startVerification({ sessionId: s.id, orgId: s.orgId });
    await submitSimulatedChoice(await s.load(), 0, "fail");
    expect(await chooseMethod(await s.load(), 0, 1)).toBe("stale");
    expect((await row(s.id)).status).toBe("failed");
  });
});
