import "server-only";
import { methodOf } from "@/lib/verification/session-columns";
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
import { REFUSALS } from "@/lib/verification/hosted-flow/refusals";
import { getMethodProvider } from "@/lib/verification/methods/get-method-provider";
import { errorField, logger } from "@/lib/platform/log";
import {
  ProviderError,
  RetakeRequired,
  type ImageEvidence,
  type ImageProvider,
  type MethodProvider,
  type MethodResult,
  type VerificationMethod,
} from "@/lib/verification/methods/types";
import { requiredAgeOf } from "@/lib/verification/session-columns";

// The server decides every outcome: the page only hands over evidence (a simulated choice in test
// mode, an image or a provider check in live mode) for the method the session is on.

export type EvidenceOutcome =
  | RecordOutcome
  | { kind: "rejected"; message: string }
  /** A vendor could not judge the image; `retryable`: the check was ours and costs no provider call. */
  | { kind: "provider_error"; message: string; retryable?: boolean }
  /**
   * The photo could not be judged (no face, too dark, refused by its headers, ...): take another;
   * no attempt counted. `about`: which of two photos (a document and its selfie) to take again.
   */
  | { kind: "retake"; message: string; about?: PhotoSubject }
  /** The image gave an inconclusive verdict (one attempt counted) and the method has calls left: try it again. */
  | { kind: "try_again"; message: string; triesLeft: number }
  /** Another photo of this session is being checked right now: nothing was counted. */
  | { kind: "busy"; message: string }
  /** Past the session's or the client address's budget of photos: nothing was looked at. */
  | ({ kind: "limited" } & UploadLimit);

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

type PhotoSubject = "document" | "selfie";

function currentMethod(session: BoundSession, expectedIndex: number): VerificationMethod | null {
  if (session.status !== "in_progress" || session.currentMethodIndex !== expectedIndex) return null;
  const method = session.methods.at(expectedIndex);
  return method === undefined ? null : methodOf(method);
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
  // Cast: the kind was checked just above; TypeScript does not narrow a union by a generic K.
  return { provider: resolution.provider as Extract<MethodProvider, { kind: K }> };
}

/** Test mode only: the user's chosen result drives the same transitions as a live verdict. */
export async function submitSimulatedChoice(
  session: BoundSession,
  expectedIndex: number,
  choice: MethodResult,
): Promise<EvidenceOutcome> {
  const current = currentProvider(session, expectedIndex, "simulated_choice", REFUSALS.simulatedOnly);
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
  file: UploadedFile,
  clientAddress = "",
  /** The live selfie sent with a document photo (providers that take one: takesSelfie). */
  selfieFile: UploadedFile | null = null,
): Promise<EvidenceOutcome> {
  const current = currentProvider(session, expectedIndex, "image", REFUSALS.noPhotoHere);
  if ("outcome" in current) return current.outcome;
  for (const upload of [file, selfieFile]) {
    if (upload && (upload.size === 0 || upload.size > MAX_IMAGE_BYTES)) {
      return { kind: "rejected", message: REFUSALS.imageTooBig };
    }
  }
  if (selfieFile && !current.provider.takesSelfie) return { kind: "rejected", message: REFUSALS.onePhoto };
  const release = await holdCheckingPlace(session.id);
  if (!release) return { kind: "busy", message: REFUSALS.stillChecking };
  let bytes: Uint8Array | null = null;
  let selfieBytes: Uint8Array | null = null;
  try {
    const limited = await countPhotoUpload(session, clientAddress);
    if (limited) return { kind: "limited", ...limited };
    bytes = new Uint8Array(await file.arrayBuffer());
    selfieBytes = selfieFile ? new Uint8Array(await selfieFile.arrayBuffer()) : null;
    // The session may have moved on while this image waited for its turn: checkImage's provider
    // claim is conditional on the step, so a late image finds it stale and counts nothing.
    return await checkImage(session, expectedIndex, current.provider, bytes, selfieBytes);
  } finally {
    // The images live only in this request's memory: they are never written to disk, the database
    // or a log. Wipe our copies now rather than wait for the garbage collector.
    bytes?.fill(0);
    selfieBytes?.fill(0);
    release();
  }
}

export const IMAGE_TYPE_MESSAGE = "Please use a JPEG, PNG or WebP photo.";

type UploadedFile = { size: number; arrayBuffer(): Promise<ArrayBuffer> };

/** The image's type when its headers allow decoding it; otherwise the answer. */
function screenImage(
  bytes: Uint8Array,
  about?: PhotoSubject,
): { contentType: ImageEvidence["contentType"] } | { outcome: EvidenceOutcome } {
  const contentType = sniffImageType(bytes);
  if (!contentType) return { outcome: { kind: "retake", message: IMAGE_TYPE_MESSAGE, about } };
  const header = readImageHeader(bytes, contentType);
  if (!header) return { outcome: { kind: "retake", message: RETAKE_MESSAGES.unreadable_image, about } };
  const refusal = headerRefusal(header);
  if (refusal) return { outcome: { kind: "retake", message: refusal, about } };
  return { contentType };
}

async function checkImage(
  session: BoundSession,
  expectedIndex: number,
  provider: ImageProvider,
  bytes: Uint8Array,
  selfieBytes: Uint8Array | null,
): Promise<EvidenceOutcome> {
  const screened = screenImage(bytes, selfieBytes ? "document" : undefined);
  if ("outcome" in screened) return screened.outcome;
  const { contentType } = screened;
  let selfie: ImageEvidence | undefined;
  if (selfieBytes) {
    const screenedSelfie = screenImage(selfieBytes, "selfie");
    if ("outcome" in screenedSelfie) return screenedSelfie.outcome;
    selfie = { contentType: screenedSelfie.contentType, bytes: selfieBytes };
  }

  const claim = await claimProviderCall({ sessionId: session.id, orgId: session.orgId, expectedIndex });
  if (claim.kind === "stale") return { kind: "stale" };
  if (claim.kind === "exhausted") return giveUpOnMethod(session, expectedIndex);
  const giveBack = () => releaseProviderCall({ sessionId: session.id, orgId: session.orgId, expectedIndex });
  let verdict;
  try {
    verdict = await provider.evaluate({ contentType, bytes } satisfies ImageEvidence, {
      reference: `${session.id}.${expectedIndex}.${session.attempts}`,
      requiredAge: requiredAgeOf(session.requiredAge),
      orgId: session.orgId,
      selfie,
    });
  } catch (error) {
    if (error instanceof RetakeRequired) {
      // A retake is the user's to fix and costs no provider call: give the claim back.
      await giveBack();
      return { kind: "retake", message: error.message, about: error.about ?? (selfie ? "selfie" : undefined) };
    }
    if (!(error instanceof ProviderError)) throw error;
    logger().error({ err: errorField(error) }, "verification provider error");
    if (provider.checkedOnThisServer && !error.photoOverBudget) {
      // Our own estimator was busy, or the photo waited past its time: nothing was billed and the
      // user did nothing wrong, so the call is given back (the photo budget bounds how often this
      // can repeat). A photo that used its whole work budget in the worker is what cost the time
      // (a sliver, a decompression bomb), so it keeps the call like a vendor's failure below.
      await giveBack();
      return {
        kind: "provider_error",
        retryable: true,
        message: REFUSALS.checkFailedRetry,
      };
    }
    if (claim.last) return giveUpOnMethod(session, expectedIndex);
    return { kind: "provider_error", message: REFUSALS.checkFailed };
  }
  // The built-in document check's inconclusive (expired, faces that do not match) moves on at once,
  // as the spec has it: another photo of the same document would not change it.
  if (
    verdict.result === "inconclusive" &&
    provider.method === "face_estimation" &&
    provider.checkedOnThisServer &&
    !claim.last
  ) {
    // Another photo may well decide (light, angle, a hat): on the built-in check, which costs
    // nothing per photo, the user gets another try while the method has calls left; its last
    // inconclusive verdict moves the flow on. (A vendor's inconclusive moves on at once: each
    // of its calls is billed.)
    const counted = await countInconclusiveTry({ sessionId: session.id, orgId: session.orgId, expectedIndex });
    if (!counted) return { kind: "stale" };
    return {
      kind: "try_again",
      message: inconclusiveFaceMessage(session.requiredAge, claim.left),
      triesLeft: claim.left,
    };
  }
  return recordMethodOutcome({ sessionId: session.id, orgId: session.orgId, expectedIndex, verdict });
}

/**
 * "No clear result" from the first try, with its true reason: the face check passes only faces
 * that look well over the age asked (docs/face-estimation.md), so a good photo of a young adult
 * gets this answer too. Blaming the photo would send them round again for nothing.
 */
export function inconclusiveFaceMessage(requiredAge: number, triesLeft: number): string {
  return `No clear result. The face check only confirms people who look well over ${requiredAge}, so this often happens to younger adults even with a good photo. ${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left.`;
}

/** The current method's provider went away mid-session: move on without counting an attempt. */
export async function skipUnavailableMethod(session: BoundSession, expectedIndex: number): Promise<EvidenceOutcome> {
  const method = currentMethod(session, expectedIndex);
  if (!method) return { kind: "stale" };
  if (getMethodProvider(method, session.mode).available) {
    return { kind: "rejected", message: REFUSALS.checkAvailable };
  }
  return recordMethodOutcome({ sessionId: session.id, orgId: session.orgId, expectedIndex, verdict: null });
}
