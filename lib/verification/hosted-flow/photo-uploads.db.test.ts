// Fair sharing of the built-in estimator (issue #29): real inference, real database. Parallel
// photos of one session are checked one after another and can never end it; refused images cost
// uploads, never attempts; a session and an address have budgets of photos.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { RETAKE_MESSAGES } from "@/lib/verification/methods/face/types";
import {
  PHOTOS_PER_ADDRESS_PER_MINUTE,
  PHOTOS_PER_SESSION,
  WAITING_PER_SESSION,
} from "@/lib/verification/hosted-flow/photo-uploads";
import { submitImageEvidence } from "@/lib/verification/hosted-flow/submit-evidence";
import { derivedFace, facePhoto } from "../../../tests/support/face-fixtures";
import { flatJpeg, manyScansJpeg } from "../../../tests/support/hostile-images";
import { startLiveSession, upload } from "../../../tests/support/hosted-flow";

const row = (id: string) => db.verificationSession.findUniqueOrThrow({ where: { id } });
let addresses = 0;
/** A client address of its own per test, so the per-address budget of one test does not reach another. */
const newAddress = () => `198.51.100.${++addresses}`;

describe("parallel photos in one session", () => {
  it("20 parallel photos without a face are checked one at a time and never end the session", async () => {
    const session = await startLiveSession(["face_estimation"]);
    const noFace = await derivedFace.noFace();
    const address = newAddress();
    const loaded = await session.load();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => submitImageEvidence(loaded, 0, upload(noFace), address)),
    );

    const kinds = outcomes.map((o) => o.kind);
    // One checked and WAITING_PER_SESSION checked after it, in turn; the rest answered "busy" at once.
    expect(kinds.filter((k) => k === "retake")).toHaveLength(1 + WAITING_PER_SESSION);
    expect(kinds.filter((k) => k === "busy")).toHaveLength(20 - 1 - WAITING_PER_SESSION);
    expect(await row(session.id)).toMatchObject({
      status: "in_progress",
      attempts: 0,
      methodProviderCalls: 0,
      outcomeResult: null,
    });

    // And the session still passes a genuine selfie with its one attempt.
    expect(await submitImageEvidence(await session.load(), 0, upload(facePhoto("adult-70-plus")), address)).toEqual({
      kind: "completed",
      status: "passed",
    });
    expect(await row(session.id)).toMatchObject({ status: "passed", attempts: 1 });
  }, 300_000);
});

describe("images refused by their headers", () => {
  it("are retakes that cost an upload, not an attempt or a provider call, and never reach the estimator", async () => {
    const session = await startLiveSession(["face_estimation"]);
    const address = newAddress();
    const scans = await submitImageEvidence(await session.load(), 0, upload(manyScansJpeg()), address);
    expect(scans).toEqual({ kind: "retake", message: expect.stringMatching(/take a photo with your camera/) });
    const huge = await submitImageEvidence(await session.load(), 0, upload(await flatJpeg(8000, 8000)), address);
    expect(huge).toEqual({ kind: "retake", message: expect.stringMatching(/too large/) });
    const garbled = await submitImageEvidence(await session.load(), 0, upload(derivedFace.unreadable()), address);
    expect(garbled).toEqual({ kind: "retake", message: RETAKE_MESSAGES.unreadable_image });
    expect(await row(session.id)).toMatchObject({ status: "in_progress", attempts: 0, methodProviderCalls: 0 });
    const counted = await db.rateLimitWindow.findFirstOrThrow({ where: { orgId: `photo-total:${session.id}` } });
    expect(counted.count).toBe(3);
  }, 120_000);
});

describe("budgets of photos", () => {
  it("a session that used up its photos is refused without a look at the image, and stays open", async () => {
    const session = await startLiveSession(["face_estimation"]);
    const tiny = await flatJpeg(8000, 8000); // refused by its header: cheap to send many times
    for (let i = 0; i < PHOTOS_PER_SESSION; i++) {
      expect((await submitImageEvidence(await session.load(), 0, upload(tiny), newAddress())).kind).toBe("retake");
    }
    const over = await submitImageEvidence(await session.load(), 0, upload(facePhoto("adult-70-plus")), newAddress());
    expect(over).toMatchObject({ kind: "limited", limit: "per_session", message: expect.stringMatching(/Go back/) });
    expect(await row(session.id)).toMatchObject({ status: "in_progress", attempts: 0, methodProviderCalls: 0 });
  }, 120_000);

  it("one client address gets PHOTOS_PER_ADDRESS_PER_MINUTE photos a minute over all its sessions", async () => {
    const address = newAddress();
    const tiny = await flatJpeg(8000, 8000);
    const sessions = await Promise.all([1, 2].map(() => startLiveSession(["face_estimation"])));
    for (let i = 0; i < PHOTOS_PER_ADDRESS_PER_MINUTE; i++) {
      const outcome = await submitImageEvidence(await sessions[i % 2].load(), 0, upload(tiny), address);
      // The minute may turn over mid-loop; only an over-limit answer with its own minute's count fails this.
      expect(["retake", "limited"]).toContain(outcome.kind);
      if (outcome.kind === "limited") return;
    }
    const over = await submitImageEvidence(await sessions[0].load(), 0, upload(tiny), address);
    const other = await submitImageEvidence(await sessions[0].load(), 0, upload(tiny), newAddress());
    if (over.kind !== "limited") {
      // Only possible when a new minute began: then the address has its budget again.
      expect(over.kind).toBe("retake");
      return;
    }
    expect(over).toMatchObject({ kind: "limited", limit: "per_address", retryAfterSeconds: expect.any(Number) });
    expect(other.kind).toBe("retake");
  }, 120_000);
});
