import "server-only";
import { errorField, logger } from "@/lib/platform/log";
import { analyzeFace } from "@/lib/verification/methods/face/analyze-face";
import { EstimatorBusy } from "@/lib/verification/methods/face/face-estimator";
import { liveCheckFrom } from "@/lib/verification/methods/face/live-check";
import type { LiveCheck } from "@/lib/verification/methods/face/types";
import { REFUSALS } from "@/lib/verification/hosted-flow/refusals";
import { isPastDeadline } from "@/lib/verification/deadline";
import type { BoundSession } from "@/lib/verification/hosted-flow/load-bound-session";
import { countLiveFrame, countUse, holdFreeCheckingPlace } from "@/lib/verification/hosted-flow/photo-uploads";
import { headerRefusal, readImageHeader, sniffImageType } from "@/lib/verification/hosted-flow/read-image-header";
import { getMethodProvider } from "@/lib/verification/methods/get-method-provider";
import { methodOf } from "@/lib/verification/session-columns";

// The camera view's live check (docs/face-estimation.md, "Live feedback before capture"): a small
// frame through the quality gates, never the age model, so the page can say "face found", "move
// closer" or "more light" before the photo is taken. It counts no attempt, changes nothing in the
// session, stores and logs no frame, and answers only the gate's reason. Bounded so it is no free
// face-analysis API: live sessions on the built-in check's step only, two frames a second and a
// fixed budget per session and per client address, small frames only (their headers read first,
// read-image-header.ts), one image of a session at a time, and never a place in the estimator's queue behind
// real selfies (a busy estimator means no feedback this time).

/** A 320 px wide JPEG from the camera view is about 10 to 30 KB. */
export const MAX_LIVE_FRAME_BYTES = 96 * 1024;
/** Longest side accepted: the page sends 320 px wide frames (a portrait phone's is 320 x 569). */
export const MAX_LIVE_FRAME_SIDE = 640;
const LIVE_CHECKS_PER_SECOND = 2;
/** At one frame a second, three minutes of camera view, over however many openings of it. */
export const LIVE_CHECKS_PER_SESSION = 180;
/** How long a frame may wait for the estimator before the answer is "busy" (the first one loads the models). */
const LIVE_CHECK_WAIT_MS = 2500;

export type LiveCheckAnswer =
  | LiveCheck
  /** No feedback this time: the estimator is serving selfies (or starting). */
  | { check: "busy" }
  | {
      check: "refused";
      status: 400 | 409 | 413 | 429;
      message: string;
      retryAfterSeconds?: number;
      limit?: "per_second" | "per_session" | "per_address";
    };

const refused = (status: 400 | 409 | 413, message: string): LiveCheckAnswer => ({ check: "refused", status, message });

/**
 * Two buckets in the RateLimitWindow table (shared with the API's limits, by a prefix of their
 * own): this second's checks, and the session's whole budget (its window starts when the session
 * was created, so the table's one-day sweep outlives any session).
 */
async function consumeLiveCheck(
  session: BoundSession,
  clientAddress: string,
  now: number,
): Promise<LiveCheckAnswer | null> {
  const address = await countLiveFrame(clientAddress, now);
  if (address) return { check: "refused", status: 429, ...address };
  const second = Math.floor(now / 1000) * 1000;
  if ((await countUse(`face-live:${session.id}`, new Date(second))) > LIVE_CHECKS_PER_SECOND) {
    return {
      check: "refused",
      status: 429,
      limit: "per_second",
      retryAfterSeconds: 1,
      message: REFUSALS.liveTooFast,
    };
  }
  if ((await countUse(`face-live-total:${session.id}`, session.createdAt)) > LIVE_CHECKS_PER_SESSION) {
    return {
      check: "refused",
      status: 429,
      limit: "per_session",
      message: REFUSALS.liveSpent,
    };
  }
  return null;
}

/** Why this session cannot have a live check now, or null when it can. */
function ineligible(session: BoundSession, now: Date): LiveCheckAnswer | null {
  const name = session.methods.at(session.currentMethodIndex);
  const method = name === undefined ? undefined : methodOf(name);
  // The face check, or the built-in document check's selfie.
  if (
    session.status !== "in_progress" ||
    isPastDeadline(session, now) ||
    (method !== "face_estimation" && method !== "id_document")
  ) {
    return refused(409, REFUSALS.notOnFace);
  }
  // Live mode with the built-in check only: test mode simulates, and a vendor's check is the vendor's.
  const resolution = getMethodProvider(method, session.mode);
  if (
    session.mode !== "live" ||
    !resolution.available ||
    resolution.provider.kind !== "image" ||
    !resolution.provider.checkedOnThisServer ||
    (method === "id_document" && !resolution.provider.takesSelfie)
  ) {
    return refused(409, REFUSALS.liveUnavailable);
  }
  return null;
}

export async function checkLiveFrame(
  session: BoundSession,
  bytes: Uint8Array,
  clientAddress = "",
  now = new Date(),
): Promise<LiveCheckAnswer> {
  const refusal = await admit(session, bytes, clientAddress, now).catch((error: unknown) => {
    bytes.fill(0);
    throw error;
  });
  if (refusal) {
    bytes.fill(0);
    return refusal;
  }
  // One image of a session in the estimator at a time: while its selfie is checked, no frame.
  const release = holdFreeCheckingPlace(session.id);
  if (!release) {
    bytes.fill(0);
    return { check: "busy" };
  }
  try {
    return await judge(bytes);
  } finally {
    release();
  }
}

/** The reason this frame is not checked (the session's step, the frame, the limits), or null. */
async function admit(
  session: BoundSession,
  bytes: Uint8Array,
  clientAddress: string,
  now: Date,
): Promise<LiveCheckAnswer | null> {
  const notNow = ineligible(session, now);
  if (notNow) return notNow;
  if (bytes.length === 0) return refused(400, REFUSALS.oneFrame);
  if (bytes.length > MAX_LIVE_FRAME_BYTES) return refused(413, REFUSALS.frameTooLarge);
  const header = sniffImageType(bytes) === "image/jpeg" ? readImageHeader(bytes, "image/jpeg") : null;
  if (!header) return refused(400, REFUSALS.oneFrame);
  if (header.width > MAX_LIVE_FRAME_SIDE || header.height > MAX_LIVE_FRAME_SIDE) {
    return refused(400, REFUSALS.frameSide);
  }
  const refusal = headerRefusal(header);
  if (refusal) return refused(400, refusal);
  return consumeLiveCheck(session, clientAddress, now.getTime());
}

/** The gates on one frame, or "busy" when the estimator is serving selfies or has not answered in time. */
async function judge(bytes: Uint8Array): Promise<LiveCheckAnswer> {
  const analysis = analyzeFace(bytes, { estimateAge: false, onlyIfIdle: true });
  // The frame lives in memory for the call only: wiped when the worker is done, even if the
  // answer went out earlier as "busy".
  void analysis.then(
    () => bytes.fill(0),
    () => bytes.fill(0),
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), LIVE_CHECK_WAIT_MS);
  });
  try {
    const result = await Promise.race([analysis, late]);
    if (result === "late") return { check: "busy" };
    return liveCheckFrom(result);
  } catch (error) {
    if (!(error instanceof EstimatorBusy)) logger().warn({ err: errorField(error) }, "live face check failed");
    return { check: "busy" };
  } finally {
    clearTimeout(timer);
  }
}
