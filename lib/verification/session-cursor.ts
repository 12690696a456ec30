import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/platform/env";
import { VerificationApiError } from "@/lib/verification/errors";

// Opaque keyset cursor: the (created_at, id) of the last item on the page, bound to the
// organisation and an expiry by an HMAC, so it cannot be forged, altered or replayed elsewhere.
const CURSOR_TTL_MS = 24 * 60 * 60 * 1000;

type CursorPosition = { createdAt: Date; id: string };

function sign(orgId: string, payload: string): string {
  return createHmac("sha256", env().APP_SECRET).update(`cursor:${orgId}:${payload}`).digest("base64url").slice(0, 32);
}

export function encodeSessionCursor(orgId: string, position: CursorPosition, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({ t: position.createdAt.getTime(), i: position.id, e: now + CURSOR_TTL_MS }),
  ).toString("base64url");
  return `${payload}.${sign(orgId, payload)}`;
}

export function decodeSessionCursor(orgId: string, cursor: string, now = Date.now()): CursorPosition {
  const invalid = () =>
    new VerificationApiError("cursor_invalid", "The cursor is malformed, expired or not from this list.", "cursor");
  const [payload, signature, extra] = cursor.split(".");
  if (!payload || !signature || extra !== undefined) throw invalid();
  const expected = Buffer.from(sign(orgId, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let decoded: { t?: unknown; i?: unknown; e?: unknown };
  try {
    decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (typeof decoded.t !== "number" || typeof decoded.i !== "string" || typeof decoded.e !== "number") throw invalid();
  if (decoded.e < now) throw invalid();
  return { createdAt: new Date(decoded.t), id: decoded.i };
}
