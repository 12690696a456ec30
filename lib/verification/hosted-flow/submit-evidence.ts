import "server-only";
import type { BoundSession } from "@/lib/verification/hosted-flow/load-bound-session";
import { claimProviderCall, giveUpOnMethod, releaseProviderCall } from "@/lib/verification/hosted-flow/provider-calls";
import {
  countInconclusiveTry,
  recordMethodOutcome,
  type RecordOutcome,
} from "@/lib/verification/hosted-flow/record-method-outcome";
import { countPhotoUpload, holdCheckingPlace, type UploadLimit } from "@/lib/verification/hosted-flow/photo-uploads";
import { headerRefusal, readImageHeader, sniffImageType } from "@/lib/verification/hosted-flow/read-image-header";
import { RETAKE_MESSAGES } from "@/lib/verification/methods/face/types";
import { getMethodProvider } from "@/lib/verification/methods/get-method-provider";
import { errorField, logger } from "@/lib/log";
import {
  ProviderError,
  RetakeRequired,
  type ImageEvidence,
  type ImageProvider,
  type MethodProvider,
  type MethodResult,
  type VerificationMethod,
} from "@/lib/verification/methods/types";

// The server decides every outcome: the page only hands over evidence (a simulated choice in test
// mode, an image or a provider check in live mode) for the method the session is on.

export type EvidenceOutcome =
  | RecordOutcome
  | { kind: "rejected"; message: string }
  /** A vendor could not judge the image; `retryable`: the check was ours and costs no provider call. */
  | { kind: "provider_error"; message: string; retryable?: boolean }
  /** The photo could not be judged (no face, too dark, refused by its headers, ...): take another; no attempt counted. */
  | { kind: "retake"; message: string }
  /** The image gave an inconclusive verdict (one attempt counted) and the method has calls left: try it again. */
  | { kind: "try_again"; message: string }
  /** Another photo of this session is being checked right now: nothing was counted. */
  | { kind: "busy"; message: string }
  /** Past the session's or the client address's budget of photos: nothing was looked at. */
  | ({ kind: "limited" } & UploadLimit);

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

function currentMethod(session: BoundSession, expectedIndex: number): VerificationMethod | null {
  if (session.status !== "in_progress" || session.currentMethodIndex !== expectedIndex) return null;
  return (session.methods[expectedIndex] as VerificationMethod | undefined) ?? null;
}

/**
 * The provider of the method the session is on, when it takes evidence of `kind`; otherwise the
 * answer: stale (the page was behind) or rejected with `otherKind`.
 */
function currentProvider<K extends MethodProvider["kind"]>(
  session: BoundSession,
  expectedIndex: number,
  kind: K,
  otherKind: string,
): { provider: Extract<MethodProvider, { kind: K }> } | { outcome: EvidenceOutcome } {
  const method = currentMethod(session, expectedIndex);
  if (!method) return { outcome: { kind: "stale" } };
  const resolution = getMethodProvider(method, session.mode);
  if (!resolution.available || resolution.provider.kind !== kind)
    return { outcome: { kind: "rejected", message: otherKind } };
  return { provider: resolution.provider as Extract<MethodProvider, { kind: K }> };
}

/** Test mode only: the user's chosen result drives the same transitions as a live verdict. */
export async function submitSimulatedChoice(
  session: BoundSession,
  expectedIndex: number,
  choice: MethodResult,
): Promise<EvidenceOutcome> {
  const current = currentProvider(
    session,
    expectedIndex,
    "simulated_choice",
    "Simulated results are available for test sessions only.",
  );
  if ("outcome" in current) return current.outcome;
  return recordMethodOutcome({
    sessionId: session.id,
    orgId: session.orgId,
    expectedIndex,
    verdict: current.provider.evaluate(choice),
  });
}

/**
 * Live face estimation or document check: evaluate the image, then forget it. One image of a
 * session at a time, each counted against the session's and the address's budgets of photos
 * before it is looked at; images whose headers declare more than a camera writes are refused
 * before they are decoded (read-image-header.ts).
 */
export async function submitImageEvidence(
  session: BoundSession,
  expectedIndex: number,
  file: { size: number; arrayBuffer(): Promise<ArrayBuffer> },
  clientAddress = "",
): Promise<EvidenceOutcome> {
  const current = currentProvider(session, expectedIndex, "image", "This check does not take a photo.");
  if ("outcome" in current) return current.outcome;
  if (file.size === 0 || file.size > MAX_IMAGE_BYTES) {
    return { kind: "rejected", message: "The photo must be an image of at most 8 MB." };
  }
  const release = await holdCheckingPlace(session.id);
  if (!release)
    return { kind: "busy", message: "Your previous photo is still being checked. Please wait for its answer." };
  let bytes: Uint8Array | null = null;
  try {
    const limited = await countPhotoUpload(session, clientAddress);
    if (limited) return { kind: "limited", ...limited };
    bytes = new Uint8Array(await file.arrayBuffer());
    // The session may have moved on while this image waited for its turn: checkImage's provider
    // claim is conditional on the step, so a late image finds it stale and counts nothing.
    return await checkImage(session, expectedIndex, current.provider, bytes);
  } finally {
    // The image lives only in this request's memory: it is never written to disk, the database or
    // a log. Wipe our copy now rather than wait for the garbage collector.
    bytes?.fill(0);
    release();
  }
}

async function checkImage(
  session: BoundSession,
  expectedIndex: number,
  provider: ImageProvider,
  bytes: Uint8Array,
): Promise<EvidenceOutcome> {
  const contentType = sniffImageType(bytes);
  if (!contentType) return { kind: "rejected", message: "Please use a JPEG, PNG or WebP photo." };
  const header = readImageHeader(bytes, contentType);
  if (!header) return { kind: "retake", message: RETAKE_MESSAGES.unreadable_image };
  const refusal = headerRefusal(header);
  if (refusal) return { kind: "retake", message: refusal };

  const claim = await claimProviderCall({ sessionId: session.id, orgId: session.orgId, expectedIndex });
  if (claim.kind === "stale") return { kind: "stale" };
  if (claim.kind === "exhausted") return giveUpOnMethod(session, expectedIndex);
  const giveBack = () => releaseProviderCall({ sessionId: session.id, orgId: session.orgId, expectedIndex });
  let verdict;
  try {
    verdict = await provider.evaluate({ contentType, bytes } satisfies ImageEvidence, {
      reference: `${session.id}.${expectedIndex}.${session.attempts}`,
      requiredAge: session.requiredAge as 16 | 18,
    });
  } catch (error) {
    if (error instanceof RetakeRequired) {
      // A retake is the user's to fix and costs no provider call: give the claim back.
      await giveBack();
      return { kind: "retake", message: error.message };
    }
    if (!(error instanceof ProviderError)) throw error;
    logger().error({ err: errorField(error) }, "verification provider error");
    if (provider.checkedOnThisServer) {
      // Our own estimator was busy or out of time: nothing was billed and the user did nothing
      // wrong, so the call is given back (the photo budget bounds how often this can repeat).
      await giveBack();
      return {
        kind: "provider_error",
        retryable: true,
        message: "We couldn't check your photo just now. Please try again in a moment.",
      };
    }
    if (claim.last) return giveUpOnMethod(session, expectedIndex);
    return { kind: "provider_error", message: "We couldn't check your photo just now. Please try again." };
  }
  if (verdict.result === "inconclusive" && provider.checkedOnThisServer && !claim.last) {
    // Another photo may well decide (light, angle, a hat): on the built-in check, which costs
    // nothing per photo, the user gets another try while the method has calls left; its last
    // inconclusive verdict moves the flow on. (A vendor's inconclusive moves on at once: each
    // of its calls is billed.)
    const counted = await countInconclusiveTry({ sessionId: session.id, orgId: session.orgId, expectedIndex });
    if (!counted) return { kind: "stale" };
    return { kind: "try_again", message: INCONCLUSIVE_FACE_MESSAGE };
  }
  return recordMethodOutcome({ sessionId: session.id, orgId: session.orgId, expectedIndex, verdict });
}

/** The reason for another try after an inconclusive face, in plain words. */
export const INCONCLUSIVE_FACE_MESSAGE =
  "We couldn't tell your age clearly from that photo. Please try another: face the camera straight on, in even light, without glasses, hat or mask.";

/** The current method's provider went away mid-session: move on without counting an attempt. */
export async function skipUnavailableMethod(session: BoundSession, expectedIndex: number): Promise<EvidenceOutcome> {
  const method = currentMethod(session, expectedIndex);
  if (!method) return { kind: "stale" };
  if (getMethodProvider(method, session.mode).available) {
    return { kind: "rejected", message: "This check is available; please complete it." };
  }
  return recordMethodOutcome({ sessionId: session.id, orgId: session.orgId, expectedIndex, verdict: null });
}
