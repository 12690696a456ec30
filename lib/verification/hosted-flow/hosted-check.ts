import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/platform/env";
import type { BoundSession } from "@/lib/verification/hosted-flow/load-bound-session";
import { claimProviderCall, giveUpOnMethod } from "@/lib/verification/hosted-flow/provider-calls";
import { recordMethodOutcome, type RecordOutcome } from "@/lib/verification/hosted-flow/record-method-outcome";
import { getMethodProvider } from "@/lib/verification/methods/get-method-provider";
import {
  ProviderError,
  type HostedRedirectProvider,
  type ProviderVerdict,
  type VerificationMethod,
} from "@/lib/verification/methods/types";
import { db } from "@/lib/platform/db";
import { errorField, logger } from "@/lib/platform/log";
import { methodOf, requiredAgeOf } from "@/lib/verification/session-columns";

// A live check on a provider's own page (a credit card check; a Stripe Identity document check)
// leaves our page for the provider's and comes back to
// /verify/session/<id>/hosted-return?state=...[&check_id=...]. The state is signed and pinned to
// the session, the method index and the attempt count, so it is good for one attempt only, and
// the verdict is fetched from the provider server-side, never taken from the returning URL.
const STATE_TTL_MS = 30 * 60 * 1000;

type HostedState = { sessionId: string; index: number; attempts: number; nonce: string; expires: number };
/** The attempt a provider's check was opened for, as our reference to it names it. */
type HostedAttempt = Pick<HostedState, "sessionId" | "index" | "attempts">;

// "card-check:" from the days cards were the only such check: kept, so links in flight stay valid.
function sign(payload: string): string {
  return createHmac("sha256", env().APP_SECRET).update(`card-check:${payload}`).digest("base64url").slice(0, 32);
}

function encodeState(state: HostedState): string {
  const payload = [state.sessionId, state.index, state.attempts, state.nonce, state.expires].join(".");
  return `${payload}.${sign(payload)}`;
}

function decodeState(raw: string, now: number): HostedState | null {
  const parts = raw.split(".");
  if (parts.length !== 6) return null;
  const signature = Buffer.from(parts[5]);
  const expected = Buffer.from(sign(parts.slice(0, 5).join(".")));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const [sessionId, index, attempts, nonce, expires] = parts;
  if (!/^\d+$/.test(index) || !/^\d+$/.test(attempts) || !/^\d+$/.test(expires) || Number(expires) < now) return null;
  return { sessionId, index: Number(index), attempts: Number(attempts), nonce, expires: Number(expires) };
}

/** Our reference for the attempt, sent to the provider and checked when it reports back. */
function referenceOf(state: HostedState): string {
  return `${state.sessionId}.${state.index}.${state.attempts}.${state.nonce}`;
}

/** The attempt a reference names (a provider's webhook carries it back), or null for one not of ours. */
export function attemptOfReference(reference: string | null | undefined): HostedAttempt | null {
  const match = /^(vs_[A-Za-z0-9]+)\.(\d{1,2})\.(\d{1,4})\.[A-Za-z0-9_-]{16}$/.exec(reference ?? "");
  return match ? { sessionId: match[1], index: Number(match[2]), attempts: Number(match[3]) } : null;
}

/** The hosted provider of the session's method at `index`, when that method runs on a provider's page. */
function hostedProviderFor(
  session: Pick<BoundSession, "mode" | "methods">,
  index: number,
): HostedRedirectProvider | null {
  const name = session.methods.at(index);
  if (name === undefined) return null;
  const method = methodOf(name);
  const resolution = getMethodProvider(method, session.mode);
  return resolution.available && resolution.provider.kind === "hosted_redirect" ? resolution.provider : null;
}

/**
 * Opens a check with the provider for the session's current method; returns where to send the
 * user, or null when the page was out of date or the method has opened all the checks it may (the
 * flow then moves on; see MAX_PROVIDER_CALLS_PER_METHOD).
 */
export async function startHostedCheck(
  session: BoundSession,
  expectedIndex: number,
  now = Date.now(),
): Promise<string | null> {
  const provider = hostedProviderFor(session, expectedIndex);
  if (!provider || session.status !== "in_progress" || session.currentMethodIndex !== expectedIndex) {
    return null;
  }
  const state: HostedState = {
    sessionId: session.id,
    index: expectedIndex,
    attempts: session.attempts,
    nonce: randomBytes(12).toString("base64url"),
    expires: now + STATE_TTL_MS,
  };
  const returnUrl = `${env().APP_URL}/verify/session/${session.id}/hosted-return?state=${encodeURIComponent(encodeState(state))}`;
  const claim = await claimProviderCall({ sessionId: session.id, orgId: session.orgId, expectedIndex });
  if (claim.kind === "stale") return null;
  if (claim.kind === "exhausted") {
    await giveUpOnMethod(session, expectedIndex);
    return null;
  }
  try {
    const check = await provider.startCheck({
      reference: referenceOf(state),
      requiredAge: requiredAgeOf(session.requiredAge),
      returnUrl,
    });
    return check.redirectUrl;
  } catch (error) {
    if (!(error instanceof ProviderError) || !claim.last) throw error;
    logger().error({ err: errorField(error), method: provider.method }, "provider error on the method's last call");
    await giveUpOnMethod(session, expectedIndex);
    return null;
  }
}

export type HostedReturnOutcome = RecordOutcome | { kind: "pending" } | { kind: "rejected" };

/** The user is back from the provider: fetch the verdict and apply it. */
export async function finishHostedCheck(
  session: BoundSession,
  input: { state: string; checkId: string },
  now = Date.now(),
): Promise<HostedReturnOutcome> {
  const state = decodeState(input.state, now);
  if (!state || state.sessionId !== session.id) return { kind: "rejected" };
  const provider = hostedProviderFor(session, state.index);
  if (!provider) return { kind: "rejected" };
  // Already applied (a reload of the return URL, a webhook first) or overtaken by another attempt.
  if (session.currentMethodIndex !== state.index || session.attempts !== state.attempts) return { kind: "stale" };
  const verdict = await provider.fetchVerdict(input.checkId || undefined, {
    reference: referenceOf(state),
    requiredAge: requiredAgeOf(session.requiredAge),
  });
  if (!verdict) return { kind: "pending" };
  return recordMethodOutcome({ sessionId: session.id, orgId: session.orgId, expectedIndex: state.index, verdict });
}

/**
 * A provider told us (a signed webhook) that the check it opened for `attempt` has a verdict:
 * applied only while the session is still live, on that method and that attempt, so a user who
 * never comes back is decided, and one who did is not decided twice.
 */
export async function applyHostedVerdict(
  attempt: HostedAttempt,
  method: VerificationMethod,
  verdict: ProviderVerdict,
): Promise<RecordOutcome> {
  const session = await db.verificationSession.findUnique({
    where: { id: attempt.sessionId },
    select: { orgId: true, mode: true, status: true, methods: true, currentMethodIndex: true, attempts: true },
  });
  if (
    !session ||
    session.mode !== "live" ||
    session.status !== "in_progress" ||
    session.methods[attempt.index] !== method ||
    session.currentMethodIndex !== attempt.index ||
    session.attempts !== attempt.attempts
  ) {
    return { kind: "stale" };
  }
  return recordMethodOutcome({
    sessionId: attempt.sessionId,
    orgId: session.orgId,
    expectedIndex: attempt.index,
    verdict,
  });
}
