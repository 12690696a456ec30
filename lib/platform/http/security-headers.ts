import { creditCardProvider, idDocumentProvider, type Env } from "@/lib/platform/env";
import { newId } from "@/lib/platform/ids";

/** The hosted verification flow: the only pages allowed the camera, and sent with no referrer. */
function isHostedFlowPath(pathname: string): boolean {
  return pathname === "/verify" || pathname.startsWith("/verify/");
}

/** `req_` + 24 random base62 characters, as Stripe's Request-Id. */
export function newRequestId(): string {
  return newId("req");
}

// Stripe's hosted pages: Checkout (the card check) and Identity (the document check).
const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";
const STRIPE_IDENTITY_ORIGIN = "https://verify.stripe.com";

// ElevenLabs serves its voices' preview_url samples from Google Cloud Storage; the studio plays
// them directly.
const ELEVENLABS_PREVIEW_ORIGIN = "https://storage.googleapis.com";

/**
 * Origins besides this one that pages load audio, images or data from, by configuration: the
 * S3 bucket's presigned URLs (virtual-hosted and path style), ElevenLabs' voice previews, and
 * CSP_EXTRA_ORIGINS (a CDN in front of storage, say).
 */
/**
 * Where the hosted flow sends the user for a check on a provider's own page: the card vendor's
 * origin, or Stripe's hosted pages (Checkout for cards, Identity for documents; docs/stripe.md).
 */
export function hostedCheckOrigins(
  e: Pick<
    Env,
    "CREDIT_CARD_PROVIDER" | "CREDIT_CARD_PROVIDER_URL" | "ID_DOCUMENT_PROVIDER" | "ID_DOCUMENT_PROVIDER_URL"
  >,
): string[] {
  const origins: string[] = [];
  const card = creditCardProvider(e);
  if (card === "http" && e.CREDIT_CARD_PROVIDER_URL) origins.push(new URL(e.CREDIT_CARD_PROVIDER_URL).origin);
  if (card === "stripe") origins.push(STRIPE_CHECKOUT_ORIGIN);
  if (idDocumentProvider(e) === "stripe") origins.push(STRIPE_IDENTITY_ORIGIN);
  return origins;
}

export function contentOrigins(
  e: Pick<Env, "STORAGE_DRIVER" | "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "SPEECH_PROVIDER" | "CSP_EXTRA_ORIGINS">,
): string[] {
  const origins = new Set<string>();
  if (e.STORAGE_DRIVER === "s3" && e.S3_BUCKET) {
    const endpoint = new URL(e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`);
    origins.add(endpoint.origin);
    origins.add(`${endpoint.protocol}//${e.S3_BUCKET}.${endpoint.host}`);
  }
  if (e.SPEECH_PROVIDER === "elevenlabs") origins.add(ELEVENLABS_PREVIEW_ORIGIN);
  for (const origin of e.CSP_EXTRA_ORIGINS) origins.add(origin);
  return [...origins];
}

/** A fresh CSP nonce for one page response: 128 random bits, base64. */
export function newCspNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

export type SecurityHeaderOptions = {
  pathname: string;
  appUrl: string;
  /** This response's script nonce (pages); without one, no script may run (API answers). */
  nonce?: string;
  /** `next dev`: React's refresh runtime needs eval and a websocket. */
  development?: boolean;
  /** Origins the hosted flow may post or redirect a form to: the pages of checks on a provider's site. */
  hostedCheckOrigins?: string[];
  /** Other origins pages load audio, images or data from: S3, voice previews, a CDN. */
  contentOrigins?: string[];
};

/**
 * Headers every response carries. Scripts run only with this response's nonce ('strict-dynamic'
 * lets those scripts load Next.js's chunks); styles allow inline style attributes, which React
 * sets and which carry no script. See docs/security.md for extending the policy.
 */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const hosted = isHostedFlowPath(options.pathname);
  const formAction = ["'self'"];
  if (hosted) formAction.push(...(options.hostedCheckOrigins ?? []));
  const content = options.contentOrigins ?? [];
  const script = options.nonce ? ["'self'", `'nonce-${options.nonce}'`, "'strict-dynamic'"] : ["'none'"];
  const connect = ["'self'", ...content];
  if (options.development) {
    script.push("'unsafe-eval'");
    connect.push("ws:");
  }
  const headers: Record<string, string> = {
    "Content-Security-Policy": [
      "default-src 'self'",
      `script-src ${script.join(" ")}`,
      "style-src 'self' 'unsafe-inline'",
      `img-src ${["'self'", "data:", "blob:", ...content].join(" ")}`,
      `media-src ${["'self'", "data:", "blob:", ...content].join(" ")}`,
      `connect-src ${connect.join(" ")}`,
      "font-src 'self'",
      "frame-src 'none'",
      "frame-ancestors 'none'",
      `form-action ${formAction.join(" ")}`,
      "base-uri 'none'",
      "object-src 'none'",
    ].join("; "),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": hosted ? "no-referrer" : "strict-origin-when-cross-origin",
    "Permissions-Policy": `camera=${hosted ? "(self)" : "()"}, microphone=(), geolocation=(), payment=()`,
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (new URL(options.appUrl).protocol === "https:") {
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
}
