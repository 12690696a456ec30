import "server-only";
import { createHash } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * The public `evt_` id of one event for one endpoint: a pure function of (session, event
 * type, endpoint), so every retry and every manual redelivery carries the same id and
 * receivers can dedupe on it. Unkeyed on purpose: rotating APP_SECRET must not change ids.
 */
export function webhookEventId(sessionId: string, type: string, endpointId: string): string {
  let value = BigInt(`0x${createHash("sha256").update(`${sessionId}\n${type}\n${endpointId}`).digest("hex")}`);
  let out = "";
  // The 24 least significant base62 digits of a 256-bit hash: ~143 bits, uniformly spread.
  for (let i = 0; i < 24; i++) {
    out = ALPHABET[Number(value % 62n)] + out;
    value /= 62n;
  }
  return `evt_${out}`;
}
