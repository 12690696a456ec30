import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/platform/db";
import { moveBindingByHandoffToken } from "@/lib/platform/db/session-compare-and-set";
import { env } from "@/lib/platform/env";
import { bindingMatches, hashBindingSecret, newBindingSecret } from "@/lib/verification/hosted-flow/binding";
import { isPastDeadline, shownStatus } from "@/lib/verification/deadline";
import type { BoundSession } from "@/lib/verification/hosted-flow/load-bound-session";
import { appendSessionId, returnHost } from "@/lib/verification/hosted-flow/return-url";
import { hasIdShape } from "@/lib/platform/ids";
import { methodOf, outcomeResultOf, requiredAgeOf } from "@/lib/verification/session-columns";

// Continue on a phone (docs/age-verification.md, "Continue on a phone"): a computer without a
// camera shows a QR code of a hand-off link. The link is single-use and short-lived; opening it
// moves the session's browser binding to the phone (the computer's cookie stops working), and
// the computer's page then says the check continued on another device. Only the hash of the
// hand-off token is stored, like the session link's.

/** Long enough to find a phone and scan; a new code can be made at any time. */
export const HANDOFF_TTL_SECONDS = 5 * 60;

/** 12 bytes: 16 base64url characters. */
const HANDOFF_TOKEN_BYTES = 12;

const hashHandoffToken = (token: string) => createHash("sha256").update(`verify-handoff:${token}`).digest("hex");

/**
 * A new hand-off link for this browser's open session (replacing any earlier one), or null when
 * the session can no longer be continued anywhere.
 */
export async function createPhoneHandoff(
  session: BoundSession,
  now = new Date(),
): Promise<{ url: string; expiresAt: Date } | null> {
  if (session.status !== "created" && session.status !== "in_progress") return null;
  if (isPastDeadline(session, now)) return null;
  // Short enough to type from the screen (the "short link"); 96 random bits, single use, for
  // minutes: guessing one is out of reach.
  const token = randomBytes(HANDOFF_TOKEN_BYTES).toString("base64url");
  const expiresAt = new Date(now.getTime() + HANDOFF_TTL_SECONDS * 1000);
  // Only while this browser still holds the binding (another hand-off may have just taken it).
  const updated = await db.verificationSession.updateMany({
    where: {
      id: session.id,
      orgId: session.orgId,
      browserBindingHash: session.browserBindingHash,
      status: { in: ["created", "in_progress"] },
    },
    data: { handoffTokenHash: hashHandoffToken(token), handoffExpiresAt: expiresAt },
  });
  if (updated.count !== 1) return null;
  return { url: `${env().APP_URL}/verify/handoff/${token}`, expiresAt };
}

export type HandoffAcceptance = { kind: "moved"; sessionId: string; bindingSecret: string } | { kind: "invalid" };

/**
 * Opens a hand-off link on the phone: in one conditional update, the token is spent and the
 * session's binding moves to a new secret for this browser. Used, expired and unknown tokens are
 * all "invalid" alike.
 */
export async function acceptPhoneHandoff(token: string, now = new Date()): Promise<HandoffAcceptance> {
  if (!/^[A-Za-z0-9_-]{16}$/.test(token)) return { kind: "invalid" };
  const bindingSecret = newBindingSecret();
  const sessionId = await moveBindingByHandoffToken(hashHandoffToken(token), hashBindingSecret(bindingSecret), now);
  return sessionId ? { kind: "moved", sessionId, bindingSecret } : { kind: "invalid" };
}

/**
 * For the browser that held the session's binding until it was handed off to a phone: where the
 * check is now (so this page can show the phone's outcome) and its way back. Null for any other
 * browser.
 */
export async function handedOffFrom(sessionId: string, bindingSecret: string | undefined, now = new Date()) {
  if (!hasIdShape("vs", sessionId) || !bindingSecret) return null;
  const session = await db.verificationSession.findUnique({
    where: { id: sessionId },
    select: {
      id: true,
      orgId: true,
      mode: true,
      requiredAge: true,
      status: true,
      expiresAt: true,
      outcomeMethod: true,
      outcomeResult: true,
      handedOffBindingHash: true,
      returnUrl: true,
      org: { select: { displayName: true } },
    },
  });
  if (!session || !bindingMatches(bindingSecret, session.handedOffBindingHash)) return null;
  return {
    orgId: session.orgId,
    mode: session.mode,
    requiredAge: requiredAgeOf(session.requiredAge),
    status: shownStatus(session, now),
    outcome:
      session.outcomeMethod && session.outcomeResult
        ? {
            method: methodOf(session.outcomeMethod),
            result: outcomeResultOf(session.outcomeResult),
          }
        : null,
    returnTo: appendSessionId(session.returnUrl, sessionId),
    returnHost: returnHost(session.returnUrl),
    requester: session.org.displayName ?? returnHost(session.returnUrl),
  };
}
