import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import type { BoundSession } from "@/lib/verification/hosted-flow/load-bound-session";
import { claimProviderCall, giveUpOnMethod } from "@/lib/verification/hosted-flow/provider-calls";
import { recordMethodOutcome, type RecordOutcome } from "@/lib/verification/hosted-flow/record-method-outcome";
import { getMethodProvider } from "@/lib/verification/methods/get-method-provider";
import { ProviderError, type HostedRedirectProvider } from "@/lib/verification/methods/types";
import { errorField, logger } from "@/lib/log";

// A live credit card check leaves our page for the provider's and comes back to
// /verify/session/<id>/card-return?state=...&check_id=.... The state is signed and pinned to the
// session, the method index and the attempt count, so it is good for one attempt only, and the
// verdict is fetched from the provider server-side, never taken from the returning URL.
const STATE_TTL_MS = 30 * 60 * 1000;

type CardState = { sessionId: string; index: number; attempts: number; nonce: string; expires: number };

function sign(payload: string): string {
  return createHmac("sha256", env().APP_SECRET).update(`card-check:${payload}`).digest("base64url").slice(0, 32);
}

function encodeState(state: CardState): string {
  const payload = [state.sessionId, state.index, state.attempts, state.nonce, state.expires].join(".");
  return `${payload}.${sign(payload)}`;
}

function decodeState(raw: string, now: number): CardState | null {
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
function referenceOf(state: CardState): string {
  return `${state.sessionId}.${state.index}.${state.attempts}.${state.nonce}`;
}

function cardProviderFor(session: BoundSession): HostedRedirectProvider | null {
  const resolution = getMethodProvider("credit_card", session.mode);
  return resolution.available && resolution.provider.kind === "hosted_redirect" ? resolution.provider : null;
}

/**
 * Opens a check with the provider for the session's current method; returns where to send the
 * user, or null when the page was out of date or the method has opened all the checks it may (the
 * flow then moves on; see MAX_PROVIDER_CALLS_PER_METHOD).
 */
export async function startCardCheck(
  session: BoundSession,
  expectedIndex: number,
  now = Date.now(),
): Promise<string | null> {
  const provider = cardProviderFor(session);
  if (
    !provider ||
    session.status !== "in_progress" ||
    session.currentMethodIndex !== expectedIndex ||
    session.methods[expectedIndex] !== "credit_card"
  ) {
    return null;
  }
  const state: CardState = {
    sessionId: session.id,
    index: expectedIndex,
    attempts: session.attempts,
    nonce: randomBytes(12).toString("base64url"),
    expires: now + STATE_TTL_MS,
  };
  const returnUrl = `${env().APP_URL}/verify/session/${session.id}/card-return?state=${encodeURIComponent(encodeState(state))}`;
  const claim = await claimProviderCall({ sessionId: session.id, orgId: session.orgId, expectedIndex });
  if (claim.kind === "stale") return null;
  if (claim.kind === "exhausted") {
    await giveUpOnMethod(session, expectedIndex);
    return null;
  }
  try {
    const check = await provider.startCheck({
      reference: referenceOf(state),
      requiredAge: session.requiredAge as 16 | 18,
      returnUrl,
    });
    return check.redirectUrl;
  } catch (error) {
    if (!(error instanceof ProviderError) || !claim.last) throw error;
    logger().error({ err: errorField(error) }, "card provider error on the method's last call");
    await giveUpOnMethod(session, expectedIndex);
    return null;
  }
}

export type CardReturnOutcome = RecordOutcome | { kind: "pending" } | { kind: "rejected" };

/** The user is back from the provider: fetch the verdict and apply it. */
export async function finishCardCheck(
  session: BoundSession,
  input: { state: string; checkId: string },
  now = Date.now(),
): Promise<CardReturnOutcome> {
  const state = decodeState(input.state, now);
  const provider = cardProviderFor(session);
  if (!state || !provider || state.sessionId !== session.id || !input.checkId) return { kind: "rejected" };
  // Already applied (a reload of the return URL) or overtaken by another attempt.
  if (session.currentMethodIndex !== state.index || session.attempts !== state.attempts) return { kind: "stale" };
  const verdict = await provider.fetchVerdict(input.checkId, {
    reference: referenceOf(state),
    requiredAge: session.requiredAge as 16 | 18,
  });
  if (!verdict) return { kind: "pending" };
  return recordMethodOutcome({ sessionId: session.id, orgId: session.orgId, expectedIndex: state.index, verdict });
}
