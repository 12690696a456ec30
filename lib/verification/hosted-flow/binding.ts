import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/platform/env";

// The hosted flow belongs to the first browser that opens the one-time link. That browser gets
// a random secret in an HttpOnly cookie; the session stores only its hash, so neither the
// database nor the link can be replayed into another browser.

/** One cookie per session, so a browser can run two verifications (two shops) side by side. */
export function bindingCookieName(sessionId: string): string {
  return `vsb_${sessionId}`;
}

export function newBindingSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function hashBindingSecret(secret: string): string {
  return createHash("sha256").update(`verify-binding:${secret}`).digest("hex");
}

/** Constant-time check of a cookie value against the stored hash. */
export function bindingMatches(secret: string | undefined, storedHash: string | null | undefined): boolean {
  if (!secret || !storedHash) return false;
  const given = Buffer.from(hashBindingSecret(secret), "hex");
  const expected = Buffer.from(storedHash, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// Long enough for a session started at the last minute (30 + 30 minutes) plus the result page.
const BINDING_MAX_AGE_SECONDS = 2 * 60 * 60;

export function bindingCookieOptions(requestUrl?: string) {
  const https =
    new URL(env().APP_URL).protocol === "https:" || (requestUrl ? new URL(requestUrl).protocol === "https:" : false);
  return {
    httpOnly: true,
    // Lax: sent on the top-level GET that brings the user back from a card provider, never on
    // cross-site POSTs.
    sameSite: "lax" as const,
    secure: https,
    path: "/verify",
    maxAge: BINDING_MAX_AGE_SECONDS,
  };
}
