// Hostile images over HTTP against the built app (issue #29): each is refused by its headers
// before any decoding, and the server stays responsive while it is in flight (/health answers
// within 200 ms). The same files, decoded, hold a CPU for seconds (read-image-header.ts).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { baseUrl } from "../support/api";
import { newOrg } from "../support/fixtures";
import { expectHealthAnswersDuring } from "../support/health-while";
import { flatJpeg, manyScansJpeg, trickyJpegs } from "../support/hostile-images";
import { openHostedSession, type OpenedSession } from "../support/hosted-flow";

function sendPhoto(session: OpenedSession, photo: Uint8Array) {
  const form = new FormData();
  form.set("expected_index", "0");
  form.set("image", new Blob([Buffer.from(photo)], { type: "image/jpeg" }), "photo.jpg");
  return fetch(`${baseUrl()}/verify/session/${session.id}/evidence`, {
    method: "POST",
    headers: { cookie: session.cookie, origin: baseUrl() },
    body: form,
  });
}

function sendFrame(session: OpenedSession, frame: Uint8Array) {
  return fetch(`${baseUrl()}/verify/session/${session.id}/live-check`, {
    method: "POST",
    headers: { cookie: session.cookie, origin: baseUrl(), "content-type": "image/jpeg" },
    body: Buffer.from(frame),
  });
}

/** The hostile request's answer; /health stays responsive while it is in flight. */
async function withHealthDuring(request: () => Promise<Response>, name: string) {
  const res = await expectHealthAnswersDuring(request, name);
  return { status: res.status, body: await res.json() };
}

describe("hostile images", () => {
  it("are refused before decoding, as retakes, while /health answers within 200 ms", async () => {
    const org = await newOrg("hostile-images");
    const session = await openHostedSession(org.liveKey, org.orgId);
    const cases = {
      "7000 x 7000 progressive JPEG with 379 near-empty scans": manyScansJpeg(7000),
      "8000 x 8000 JPEG (64 megapixels)": await flatJpeg(8000, 8000),
    };
    for (const [name, photo] of Object.entries(cases)) {
      const answer = await withHealthDuring(() => sendPhoto(session, photo), name);
      expect(answer.status, name).toBe(422);
      expect(answer.body, name).toEqual({ retake: true, error: expect.stringMatching(/camera|too large/) });
    }
    // Refused images cost the session uploads, never attempts.
    expect(await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      status: "in_progress",
      attempts: 0,
      methodProviderCalls: 0,
    });
  }, 120_000);

  it("frames for the live check: a fake small frame header in APP15 and hundreds of scans are refused", async () => {
    const org = await newOrg("hostile-frames");
    const session = await openHostedSession(org.liveKey, org.orgId);
    const cases = {
      "a 1900 px frame behind a fake 16 px frame header in APP15": trickyJpegs(await flatJpeg(1900, 1900))[
        "fake SOF inside APP15"
      ],
      "a 640 px progressive frame with 379 scans": manyScansJpeg(640),
    };
    for (const [name, frame] of Object.entries(cases)) {
      const answer = await withHealthDuring(() => sendFrame(session, frame), name);
      expect(answer.status, name).toBe(400);
      expect(answer.body.error, name).toMatch(/640 pixels|camera/);
      expect(answer.body.check, name).toBeUndefined();
    }
  }, 120_000);
});
