// Receiver side of spec part 6, for integrators (and our own tests of it): verify a delivery
// before trusting or even parsing it. Copy this file into your receiver, or import it.
//
//   const raw = await req.text();                       // the raw body, never a re-serialised object
//   const event = constructWebhookEvent(raw, req.headers.get("service-signature"), secret);
//
// No "server-only" marker: it has no secrets of ours and works in any Node.js receiver.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { WebhookEventPayload } from "@/lib/verification/schemas";

const SIGNATURE_HEADER = "Service-Signature";
const DEFAULT_TOLERANCE_SECONDS = 300;
const HEADER_PATTERN = /^t=(\d+),v1=([0-9a-f]+)$/;

type WebhookSignatureErrorCode =
  "header_missing" | "header_malformed" | "timestamp_outside_tolerance" | "signature_mismatch" | "payload_invalid";

class WebhookSignatureError extends Error {
  constructor(
    readonly code: WebhookSignatureErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

export type VerifyOptions = {
  /** Maximum difference between `t` and now, in seconds. Default 300 (spec part 8). */
  toleranceSeconds?: number;
  /** Current time in milliseconds (for tests). */
  now?: number;
};

/**
 * Checks a Service-Signature header against the raw request body and the endpoint secret
 * (`whsec_...`, as shown once at creation). Throws WebhookSignatureError when the header is
 * missing or malformed, the timestamp is more than the tolerance away from now, or the
 * signature does not match. Returns the signed timestamp.
 */
export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): { timestamp: number } {
  if (!header) throw new WebhookSignatureError("header_missing", `Missing ${SIGNATURE_HEADER} header.`);
  const match = HEADER_PATTERN.exec(header.trim());
  if (!match)
    throw new WebhookSignatureError("header_malformed", `${SIGNATURE_HEADER} must look like t=<unix>,v1=<hex>.`);
  const timestamp = Number(match[1]);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  if (!Number.isSafeInteger(timestamp) || Math.abs(nowSeconds - timestamp) > tolerance) {
    throw new WebhookSignatureError("timestamp_outside_tolerance", "Signature timestamp is outside the tolerance.");
  }
  const body = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : Buffer.from(rawBody);
  const expected = createHmac("sha256", secret)
    .update(Buffer.concat([Buffer.from(`${match[1]}.`, "utf8"), body]))
    .digest("hex");
  const given = Buffer.from(match[2], "utf8");
  const wanted = Buffer.from(expected, "utf8");
  // Lengths are public (64 hex digits); only the contents are compared in constant time.
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
    throw new WebhookSignatureError("signature_mismatch", "Signature does not match the payload.");
  }
  return { timestamp };
}

/** Verifies, then parses. Never parse (or act on) a body before it is verified. */
export function constructWebhookEvent<T = WebhookEvent>(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): T {
  verifyWebhookSignature(rawBody, header, secret, options);
  try {
    // Cast: the caller names the event type it expects; the signature proves who sent it, not its shape.
    return JSON.parse(typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8")) as T;
  } catch {
    throw new WebhookSignatureError("payload_invalid", "Payload is not valid JSON.");
  }
}

/**
 * The payload of spec part 6: the type of the zod schema that also feeds the OpenAPI document's
 * `webhooks` (copying this file elsewhere: replace the import with your own type of the payload).
 */
export type WebhookEvent = WebhookEventPayload;
