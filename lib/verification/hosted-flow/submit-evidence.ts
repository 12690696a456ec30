import "server-only";
import type { BoundSession } from "@/lib/verification/hosted-flow/load-bound-session";
import { claimProviderCall, giveUpOnMethod, releaseProviderCall } from "@/lib/verification/hosted-flow/provider-calls";
import { recordMethodOutcome, type RecordOutcome } from "@/lib/verification/hosted-flow/record-method-outcome";
import { getMethodProvider } from "@/lib/verification/providers/get-method-provider";
import { errorField, logger } from "@/lib/log";
import {
  ProviderError,
  RetakeRequired,
  type ImageEvidence,
  type MethodProvider,
  type MethodResult,
  type VerificationMethod,
} from "@/lib/verification/providers/types";

// The server decides every outcome: the page only hands over evidence (a simulated choice in test
// mode, an image or a provider check in live mode) for the method the session is on.

export type EvidenceOutcome =
  | RecordOutcome
  | { kind: "rejected"; message: string }
  | { kind: "provider_error"; message: string }
  /** The photo could not be judged (no face, too dark, ...): take another; nothing was counted. */
  | { kind: "retake"; message: string };

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
  if (!resolution.available || resolution.provider.kind !== kind) return { outcome: { kind: "rejected", message: otherKind } };
  return { provider: resolution.provider as Extract<MethodProvider, { kind: K }> };
}

/** Test mode only: the user's chosen result drives the same transitions as a live verdict. */
export async function submitSimulatedChoice(
  session: BoundSession,
  expectedIndex: number,
  choice: MethodResult,
): Promise<EvidenceOutcome> {
  const current = currentProvider(session, expectedIndex, "simulated_choice", "Simulated results are available for test sessions only.");
  if ("outcome" in current) return current.outcome;
  return recordMethodOutcome({ sessionId: session.id, orgId: session.orgId, expectedIndex, verdict: current.provider.evaluate(choice) });
}

/** Live face estimation or document check: evaluate the image, then forget it. */
export async function submitImageEvidence(
  session: BoundSession,
  expectedIndex: number,
  file: { size: number; arrayBuffer(): Promise<ArrayBuffer> },
): Promise<EvidenceOutcome> {
  const current = currentProvider(session, expectedIndex, "image", "This check does not take a photo.");
  if ("outcome" in current) return current.outcome;
  if (file.size === 0 || file.size > MAX_IMAGE_BYTES) {
    return { kind: "rejected", message: "The photo must be an image of at most 8 MB." };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = sniffImageType(bytes);
  if (!contentType) {
    bytes.fill(0);
    return { kind: "rejected", message: "Please use a JPEG, PNG or WebP photo." };
  }
  const image: ImageEvidence = { contentType, bytes };
  let verdict;
  try {
    const claim = await claimProviderCall({ sessionId: session.id, orgId: session.orgId, expectedIndex });
    if (claim.kind === "stale") return { kind: "stale" };
    if (claim.kind === "exhausted") return giveUpOnMethod(session, expectedIndex);
    try {
      verdict = await current.provider.evaluate(image, {
        reference: `${session.id}.${expectedIndex}.${session.attempts}`,
        requiredAge: session.requiredAge as 16 | 18,
      });
    } catch (error) {
      if (error instanceof RetakeRequired) {
        // A retake is the user's to fix and costs no provider call: give the claim back.
        await releaseProviderCall({ sessionId: session.id, orgId: session.orgId, expectedIndex });
        return { kind: "retake", message: error.message };
      }
      if (!(error instanceof ProviderError)) throw error;
      logger().error({ err: errorField(error) }, "verification provider error");
      if (claim.last) return giveUpOnMethod(session, expectedIndex);
      return { kind: "provider_error", message: "We couldn't check your photo just now. Please try again." };
    }
  } finally {
    // The image lives only in this request's memory: it is never written to disk, the database or
    // a log. Wipe our copy now rather than wait for the garbage collector.
    bytes.fill(0);
  }
  return recordMethodOutcome({ sessionId: session.id, orgId: session.orgId, expectedIndex, verdict });
}

/** The current method's provider went away mid-session: move on without counting an attempt. */
export async function skipUnavailableMethod(session: BoundSession, expectedIndex: number): Promise<EvidenceOutcome> {
  const method = currentMethod(session, expectedIndex);
  if (!method) return { kind: "stale" };
  if (getMethodProvider(method, session.mode).available) {
    return { kind: "rejected", message: "This check is available; please complete it." };
  }
  return recordMethodOutcome({ sessionId: session.id, orgId: session.orgId, expectedIndex, verdict: null });
}

/** The type by the file's first bytes, not by what the browser claims. */
export function sniffImageType(bytes: Uint8Array): ImageEvidence["contentType"] | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) {
    return "image/png";
  }
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}
