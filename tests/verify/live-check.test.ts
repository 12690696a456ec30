// The camera view's live check over HTTP, against the built app and its real estimator: only this
// session's browser may use it, only on the built-in face step of a live session; it answers the
// quality gate's reason and nothing else (no age), counts no attempt and changes nothing in the
// session, and is rate-limited per second and per session.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { LIVE_CHECK_MESSAGES } from "@/lib/verification/methods/face/types";
import { LIVE_CHECKS_PER_SESSION } from "@/lib/verification/hosted-flow/live-face-check";
import { baseUrl } from "../support/api";
import { newOrg } from "../support/fixtures";
import { derivedFace, facePhoto } from "../support/face-fixtures";
import { openHostedSession, type OpenedSession } from "../support/hosted-flow";

/** A frame as the page sends it: 320 px wide JPEG. */
const frame = async (photo: Uint8Array, width = 320) =>
  new Uint8Array(await sharp(photo).resize(width).jpeg({ quality: 70 }).toBuffer());

async function post(session: OpenedSession, body: Uint8Array, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl()}/verify/session/${session.id}/live-check`, {
    method: "POST",
    headers: { cookie: session.cookie, origin: baseUrl(), "content-type": "image/jpeg", ...headers },
    body: Buffer.from(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Posts until the estimator answers (the first frame may find it loading its models: "busy"), under the rate limit. */
async function check(session: OpenedSession, body: Uint8Array) {
  for (let i = 0; i < 60; i++) {
    const answer = await post(session, body);
    if (answer.status !== 200 || answer.body.check !== "busy") return answer;
    await sleep(600);
  }
  throw new Error("the live check stayed busy");
}

const sessionRow = async (id: string) => {
  const row = await db.verificationSession.findUniqueOrThrow({ where: { id } });
  const events = await db.event.count({ where: { sessionId: id } });
  return { row, events };
};

describe("the live check of camera frames", () => {
  it("answers a good face ok, a photo without a face and a dark one with their reasons: nothing more, nothing counted, nothing changed", async () => {
    const org = await newOrg("live-check");
    const session = await openHostedSession(org.liveKey, org.orgId);
    const before = await sessionRow(session.id);

    const good = await check(session, await frame(facePhoto("adult-70-plus")));
    expect(good.status).toBe(200);
    // Exactly the gate's answer: no age, no box, no score.
    expect(good.body).toEqual({ check: "ok" });
    expect(good.headers.get("cache-control")).toBe("no-store");

    await sleep(600);
    expect((await check(session, await frame(await derivedFace.noFace()))).body).toEqual({
      check: "retake",
      reason: "no_face",
      message: LIVE_CHECK_MESSAGES.no_face,
    });
    await sleep(600);
    expect((await check(session, await frame(await derivedFace.dark()))).body).toEqual({
      check: "retake",
      reason: "too_dark",
      message: LIVE_CHECK_MESSAGES.too_dark,
    });

    const after = await sessionRow(session.id);
    expect(after).toEqual(before);
    expect(after.row).toMatchObject({ status: "in_progress", attempts: 0, methodProviderCalls: 0 });
  }, 180_000);

  it("is only for this session's browser, from the page's origin", async () => {
    const org = await newOrg("live-check");
    const session = await openHostedSession(org.liveKey, org.orgId);
    const other = await openHostedSession(org.liveKey, org.orgId);
    const body = await frame(facePhoto("adult-50-59"));

    expect((await post({ ...session, cookie: "" }, body)).status).toBe(403);
    // Another session's cookie, renamed to this one's: the binding secret does not match.
    expect((await post({ ...session, cookie: other.cookie.replace(other.id, session.id) }, body)).status).toBe(403);
    expect((await post(session, body, { origin: "https://evil.example" })).status).toBe(403);
    const unknown = await post({ id: "vs_000000000000000000000000", cookie: session.cookie }, body);
    expect(unknown.status).toBe(403);
  }, 60_000);

  it("is only for the built-in face step of a live session, and takes small JPEG frames only", async () => {
    const org = await newOrg("live-check");
    const testMode = await openHostedSession(org.testKey, org.orgId);
    const body = await frame(facePhoto("adult-50-59"));
    const simulated = await post(testMode, body);
    expect(simulated.status).toBe(409);
    expect(simulated.body.check).toBeUndefined();

    const session = await openHostedSession(org.liveKey, org.orgId);
    expect((await post(session, await frame(facePhoto("adult-50-59"), 700))).status).toBe(400);
    expect(
      (await post(session, new Uint8Array(await sharp(facePhoto("adult-50-59")).resize(64).png().toBuffer()))).status,
    ).toBe(400);
    expect((await post(session, new Uint8Array(97 * 1024).fill(1))).status).toBe(413);
    expect((await post(session, new Uint8Array())).status).toBe(400);
  }, 60_000);

  it("allows two frames a second and a fixed budget per session", async () => {
    const org = await newOrg("live-check");
    const session = await openHostedSession(org.liveKey, org.orgId);
    const body = await frame(await derivedFace.noFace());

    // Three at once, just after a second begins: the third is refused.
    await sleep(1000 - (Date.now() % 1000) + 20);
    const burst = await Promise.all([post(session, body), post(session, body), post(session, body)]);
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    const limited = burst.find((r) => r.status === 429)!;
    expect(limited.body).toMatchObject({ limit: "per_second" });
    expect(limited.headers.get("retry-after")).toBe("1");

    // The session's budget, spent (as by three minutes of camera view): refused, for good.
    const row = await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } });
    await db.rateLimitWindow.update({
      where: { orgId_windowStart: { orgId: `face-live-total:${session.id}`, windowStart: row.createdAt } },
      data: { count: LIVE_CHECKS_PER_SESSION },
    });
    await sleep(1100);
    const spent = await post(session, body);
    expect(spent.status).toBe(429);
    expect(spent.body).toMatchObject({ limit: "per_session" });
    // Spent, the budget leaves the photo itself untouched: the session can still be checked.
    expect(await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      status: "in_progress",
      attempts: 0,
    });
  }, 60_000);
});
