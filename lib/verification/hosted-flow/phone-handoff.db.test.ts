// Continue on a phone: the hand-off link is single-use and short-lived, moves the browser binding
// to the phone, and leaves the first browser told where the check went. Real database.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { bindingCookieName } from "@/lib/verification/hosted-flow/binding";
import { loadBoundSession } from "@/lib/verification/hosted-flow/load-bound-session";
import {
  acceptPhoneHandoff,
  createPhoneHandoff,
  HANDOFF_TTL_SECONDS,
  handedOffFrom,
} from "@/lib/verification/hosted-flow/phone-handoff";
import { openHostedLink } from "@/lib/verification/hosted-flow/open-hosted-link";
import { createSession } from "@/lib/verification/create-session";
import { startVerification } from "@/lib/verification/hosted-flow/start-verification";
import { submitSimulatedChoice } from "@/lib/verification/hosted-flow/submit-evidence";
import { newOrganization } from "../../../tests/support/fixtures";

async function openedSession() {
  const org = await newOrganization("handoff");
  const created = await createSession({
    orgId: org.id,
    mode: "test",
    required_age: 18,
    methods: ["face_estimation"],
    return_url: "https://shop.example/x?a=1",
    metadata: {},
  });
  const opened = await openHostedLink({ token: created.url.split("/verify/")[1], bindingSecretFor: () => undefined });
  if (opened.kind !== "bound" || !opened.newSecret) throw new Error("not bound");
  return { id: created.id, secret: opened.newSecret };
}

const tokenOf = (url: string) => url.split("/verify/handoff/")[1];

describe("the phone hand-off", () => {
  it("moves the binding to the phone once; the computer is told, and nobody else learns anything", async () => {
    const computer = await openedSession();
    const handoff = await createPhoneHandoff((await loadBoundSession(computer.id, computer.secret))!);
    expect(handoff!.url).toMatch(/^http.*\/verify\/handoff\/[A-Za-z0-9_-]{16}$/);
    // Only the token's hash is stored.
    const row = await db.verificationSession.findUniqueOrThrow({ where: { id: computer.id } });
    expect(JSON.stringify(row)).not.toContain(tokenOf(handoff!.url));

    const phone = await acceptPhoneHandoff(tokenOf(handoff!.url));
    if (phone.kind !== "moved") throw new Error("not moved");
    expect(phone.sessionId).toBe(computer.id);
    expect(await loadBoundSession(computer.id, phone.bindingSecret)).not.toBeNull();
    expect(await loadBoundSession(computer.id, computer.secret)).toBeNull();
    expect(await handedOffFrom(computer.id, computer.secret)).toMatchObject({
      status: "created",
      outcome: null,
      returnTo: `https://shop.example/x?a=1&session_id=${computer.id}`,
      requester: "shop.example",
    });
    expect(await handedOffFrom(computer.id, phone.bindingSecret)).toBeNull();
    expect(await handedOffFrom(computer.id, "someone-else")).toBeNull();
    expect(bindingCookieName(phone.sessionId)).toBe(`vsb_${computer.id}`);

    // Single use.
    expect(await acceptPhoneHandoff(tokenOf(handoff!.url))).toEqual({ kind: "invalid" });

    // The phone finishes: the computer's page learns the outcome (and only the outcome).
    const onPhone = (await loadBoundSession(computer.id, phone.bindingSecret))!;
    await startVerification({ sessionId: computer.id, orgId: onPhone.orgId });
    await submitSimulatedChoice((await loadBoundSession(computer.id, phone.bindingSecret))!, 0, "pass");
    expect(await handedOffFrom(computer.id, computer.secret)).toMatchObject({
      status: "passed",
      outcome: { method: "face_estimation", result: "pass" },
    });
  });

  it("refuses expired, unknown and malformed tokens, and a code from a browser that lost the binding", async () => {
    const computer = await openedSession();
    const session = (await loadBoundSession(computer.id, computer.secret))!;
    const now = new Date();
    const handoff = await createPhoneHandoff(session, now);
    const later = new Date(now.getTime() + HANDOFF_TTL_SECONDS * 1000 + 1);
    expect(await acceptPhoneHandoff(tokenOf(handoff!.url), later)).toEqual({ kind: "invalid" });
    expect(await acceptPhoneHandoff("A".repeat(16))).toEqual({ kind: "invalid" });
    expect(await acceptPhoneHandoff("A".repeat(43))).toEqual({ kind: "invalid" });
    expect(await acceptPhoneHandoff("../../etc")).toEqual({ kind: "invalid" });

    // A newer code replaces the older one.
    const first = await createPhoneHandoff(session);
    const second = await createPhoneHandoff(session);
    expect(await acceptPhoneHandoff(tokenOf(first!.url))).toEqual({ kind: "invalid" });
    expect((await acceptPhoneHandoff(tokenOf(second!.url))).kind).toBe("moved");
    // The computer's stale page cannot make another code: it no longer holds the binding.
    expect(await createPhoneHandoff(session)).toBeNull();
  });

  it("is not offered for a finished session", async () => {
    const computer = await openedSession();
    await db.verificationSession.update({ where: { id: computer.id }, data: { status: "passed" } });
    expect(await createPhoneHandoff((await loadBoundSession(computer.id, computer.secret))!)).toBeNull();
  });
});
