import "server-only";
import { countRateLimitUse } from "@/lib/platform/db/rate-limit-windows";
import { REFUSALS } from "@/lib/verification/hosted-flow/refusals";

// Fair sharing of the one face estimator between sessions (issue #29): every photo and live frame
// is counted per session and per client address before its bytes are looked at, so a refused or
// unreadable image still costs its sender an upload (never a verdict attempt); and a session has
// at most one image in checking at a time, so it cannot hold the estimator twice or race its own
// provider-call budget from parallel requests: they are checked one after another. The counts live in the RateLimitWindow table (by
// prefixes of their own); the one-at-a-time rule is per process, like the estimator it protects.

/** Photos one session may send: room for every provider call and many retakes, not for a flood. */
export const PHOTOS_PER_SESSION = 20;
/** Photos one client address may send a minute, over all its sessions (a household, an office). */
export const PHOTOS_PER_ADDRESS_PER_MINUTE = 30;
/** Live-check frames one client address may send a minute (two a second for two sessions at once). */
const LIVE_FRAMES_PER_ADDRESS_PER_MINUTE = 240;

/** Counts one use in a bucket of the shared rate-limit table; returns the count so far. */
export const countUse = countRateLimitUse;

export type UploadLimit = { limit: "per_session" | "per_address"; message: string; retryAfterSeconds?: number };

const minuteStart = (now: number) => new Date(Math.floor(now / 60_000) * 60_000);
const secondsToNextMinute = (now: number) => Math.max(1, Math.ceil((60_000 - (now % 60_000)) / 1000));

/** Counts one photo for its session and its address; the limit it went over, or null. */
export async function countPhotoUpload(
  session: { id: string; createdAt: Date },
  clientAddress: string,
  now = Date.now(),
): Promise<UploadLimit | null> {
  if ((await countUse(`photo-addr:${clientAddress || "unknown"}`, minuteStart(now))) > PHOTOS_PER_ADDRESS_PER_MINUTE) {
    return {
      limit: "per_address",
      message: REFUSALS.photosNetwork,
      retryAfterSeconds: secondsToNextMinute(now),
    };
  }
  // The session's window starts when it was created, so the table's one-day sweep outlives it.
  if ((await countUse(`photo-total:${session.id}`, session.createdAt)) > PHOTOS_PER_SESSION) {
    return {
      limit: "per_session",
      message: REFUSALS.photosSpent,
    };
  }
  return null;
}

/** Counts one live-check frame for its address; the limit it went over, or null. */
export async function countLiveFrame(clientAddress: string, now = Date.now()): Promise<UploadLimit | null> {
  if (
    (await countUse(`face-live-addr:${clientAddress || "unknown"}`, minuteStart(now))) >
    LIVE_FRAMES_PER_ADDRESS_PER_MINUTE
  ) {
    return {
      limit: "per_address",
      message: REFUSALS.liveNetwork,
      retryAfterSeconds: secondsToNextMinute(now),
    };
  }
  return null;
}

/** Images of one session that may wait for its place in checking; more are answered "busy" at once. */
export const WAITING_PER_SESSION = 2;

type Place = { tail: Promise<void>; holders: number };
// One per process, on globalThis so Next.js dev's module reloads keep it (a typed global, not a cast).
declare global {
  var voiceagePhotosInChecking: Map<string, Place> | undefined;
}
const places = (globalThis.voiceagePhotosInChecking ??= new Map<string, Place>());

/**
 * Waits for the session's one place in checking (its images are checked one after another, in
 * the order they came); resolves to its release, or to null at once when WAITING_PER_SESSION
 * images of this session are already waiting.
 */
export async function holdCheckingPlace(sessionId: string): Promise<(() => void) | null> {
  return enter(sessionId, WAITING_PER_SESSION);
}

/** The place only when it is free now (live frames never wait): its release, or null. */
export function holdFreeCheckingPlace(sessionId: string): (() => void) | null {
  const entered = enter(sessionId, 0);
  return entered === null ? null : () => void entered.then((release) => release());
}

function enter(sessionId: string, mayWait: number): Promise<() => void> | null {
  const place = places.get(sessionId) ?? { tail: Promise.resolve(), holders: 0 };
  if (place.holders > mayWait) return null;
  place.holders++;
  places.set(sessionId, place);
  const before = place.tail;
  let open!: () => void;
  place.tail = new Promise<void>((resolve) => (open = resolve));
  let released = false;
  return before.then(() => () => {
    if (released) return;
    released = true;
    open();
    if (--place.holders === 0) places.delete(sessionId);
  });
}
