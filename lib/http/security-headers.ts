import { newId } from "@/lib/ids";

/** Paths answered by the two JSON APIs (Voice Prompt API and /v1): they carry a Request-Id. */
export function isApiPath(pathname: string): boolean {
  return (
    pathname.startsWith("/v1/") ||
    pathname === "/v1" ||
    pathname === "/health" ||
    pathname === "/voices" ||
    pathname.startsWith("/voices/") ||
    pathname === "/formats" ||
    pathname === "/tts" ||
    pathname.startsWith("/tts/")
  );
}

/** The hosted verification flow: the only pages allowed the camera, and sent with no referrer. */
export function isHostedFlowPath(pathname: string): boolean {
  return pathname === "/verify" || pathname.startsWith("/verify/");
}

/** `req_` + 24 random base62 characters, as Stripe's Request-Id. */
export function newRequestId(): string {
  return newId("req");
}

export type SecurityHeaderOptions = {
  pathname: string;
  appUrl: string;
  /** Origin the hosted flow may post or redirect a form to (the credit-card check's page). */
  creditCardProviderUrl?: string;
};

/**
 * Headers every response carries. The Content-Security-Policy here holds the directives that
 * cannot break a page's scripts (framing, forms, base, plugins); script/style/media sources
 * are not restricted yet (see docs/security.md, "What remains").
 */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const hosted = isHostedFlowPath(options.pathname);
  const formAction = ["'self'"];
  if (hosted && options.creditCardProviderUrl) formAction.push(new URL(options.creditCardProviderUrl).origin);
  const headers: Record<string, string> = {
    "Content-Security-Policy": [
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
