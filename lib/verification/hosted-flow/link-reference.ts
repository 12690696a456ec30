import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";

// The link pages (expired, already finished, already used) may offer the way back to the
// integrator, but only to a browser that just presented that session's one-time token. The token route hands such a
// browser a short-lived signed reference instead of repeating the token in a URL.
const REFERENCE_TTL_MS = 15 * 60 * 1000;

function sign(payload: string): string {
  return createHmac("sha256", env().APP_SECRET).update(`verify-link:${payload}`).digest("base64url").slice(0, 32);
}

export function signLinkReference(sessionId: string, now = Date.now()): string {
  const payload = `${sessionId}.${now + REFERENCE_TTL_MS}`;
  return `${payload}.${sign(payload)}`;
}

/** The session id of a valid, unexpired reference; null for anything else. */
function verifyLinkReference(reference: string | undefined, now = Date.now()): string | null {
  if (!reference) return null;
  const parts = reference.split(".");
  if (parts.length !== 3) return null;
  const [sessionId, expires, signature] = parts;
  const expected = Buffer.from(sign(`${sessionId}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (!/^\d+$/.test(expires) || Number(expires) < now) return null;
  return sessionId;
}

/** The session behind a valid reference, with only what a link page may show. */
export async function findSessionForLinkReference(reference: string | undefined) {
  const sessionId = verifyLinkReference(reference);
  if (!sessionId) return null;
  return db.verificationSession.findUnique({
    where: { id: sessionId },
    select: { id: true, orgId: true, status: true, returnUrl: true, mode: true, requiredAge: true },
  });
}
