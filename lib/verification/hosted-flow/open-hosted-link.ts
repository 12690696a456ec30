import "server-only";
import { db } from "@/lib/platform/db";
import { hashUrlToken } from "@/lib/verification/create-session";
import { expireSessionIfDue } from "@/lib/verification/expire-session";
import { bindingMatches, hashBindingSecret, newBindingSecret } from "@/lib/verification/hosted-flow/binding";

export type OpenLinkOutcome =
  /** This browser owns the flow; newSecret is set when it was bound just now (set the cookie). */
  | { kind: "bound"; sessionId: string; newSecret?: string }
  /** The link was already opened in another browser (its holder may still be shown the way back). */
  | { kind: "used"; sessionId: string }
  /** Unknown, malformed or tampered token: nothing about any session is revealed. */
  | { kind: "invalid" }
  | { kind: "expired"; sessionId: string }
  /** The session reached its outcome before the link was ever opened (e.g. through a test helper). */
  | { kind: "closed"; sessionId: string };

// Tokens are 43 base62 characters (create-session.ts); anything else is not worth a query.
const TOKEN_PATTERN = /^[A-Za-z0-9]{43}$/;

/**
 * Resolves a visit to a one-time link. The first visit binds the session to the visiting browser
 * and burns the token in one conditional update, so of two simultaneous first visits exactly one
 * wins; the other is told the link was already used.
 */
export async function openHostedLink(input: {
  token: string;
  bindingSecretFor: (sessionId: string) => string | undefined;
  now?: Date;
}): Promise<OpenLinkOutcome> {
  const now = input.now ?? new Date();
  if (!TOKEN_PATTERN.test(input.token)) return { kind: "invalid" };
  const session = await db.verificationSession.findUnique({
    where: { urlTokenHash: hashUrlToken(input.token) },
    select: { id: true, status: true, expiresAt: true, tokenUsedAt: true, browserBindingHash: true },
  });
  if (!session) return { kind: "invalid" };

  if (session.tokenUsedAt) {
    return bindingMatches(input.bindingSecretFor(session.id), session.browserBindingHash)
      ? { kind: "bound", sessionId: session.id }
      : { kind: "used", sessionId: session.id };
  }
  if (session.status === "expired") return { kind: "expired", sessionId: session.id };
  if (session.status === "passed" || session.status === "failed") return { kind: "closed", sessionId: session.id };
  if (session.expiresAt <= now) {
    // The timer has not run yet; expire now so the integrator hears about it as usual.
    await expireSessionIfDue(session.id, now);
    return { kind: "expired", sessionId: session.id };
  }

  const secret = newBindingSecret();
  const claimed = await db.verificationSession.updateMany({
    where: { id: session.id, tokenUsedAt: null, status: "created", expiresAt: { gt: now } },
    data: { tokenUsedAt: now, browserBindingHash: hashBindingSecret(secret) },
  });
  if (claimed.count === 1) return { kind: "bound", sessionId: session.id, newSecret: secret };
  // Lost a race: another visit bound it, or it expired this instant. Look again.
  const current = await db.verificationSession.findUniqueOrThrow({
    where: { id: session.id },
    select: { status: true, tokenUsedAt: true },
  });
  if (current.tokenUsedAt) return { kind: "used", sessionId: session.id };
  return current.status === "expired" ? { kind: "expired", sessionId: session.id } : { kind: "invalid" };
}
