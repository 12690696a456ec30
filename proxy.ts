import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/platform/env";
import {
  contentOrigins,
  hostedCheckOrigins,
  newCspNonce,
  newRequestId,
  securityHeaders,
} from "@/lib/platform/http/security-headers";
import { isApiPath } from "@/lib/edge/openapi/api-paths";
import { pseudoLocaleEnabled } from "@/lib/verification/locale/pseudo-enabled";
import {
  FLOW_LOCALE_HEADER,
  isFlowPath,
  LOCALE_COOKIE,
  resolveFlowLocale,
} from "@/lib/verification/locale/request-locale";

/**
 * Runs before every route (Next.js 16 "proxy", formerly middleware): sets the security headers
 * once for pages and APIs alike, and gives each API request its Request-Id. The id is passed
 * to the route as the `x-request-id` request header so handlers and logs can use the same one,
 * and is set on the response here, so every answer carries it, errors and 500s included.
 * Pages get a fresh script nonce: Next.js reads it from the request's Content-Security-Policy
 * header and puts it on its own scripts; our own HTML (the API reference) reads `x-nonce`.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const e = env();
  const requestHeaders = new Headers(request.headers);
  let requestId: string | null = null;
  let nonce: string | undefined;
  if (isApiPath(pathname)) {
    requestId = newRequestId();
    requestHeaders.set("x-request-id", requestId);
  } else {
    // A client must not choose the id a page request is logged under.
    requestHeaders.delete("x-request-id");
    nonce = newCspNonce();
  }
  const headers = securityHeaders({
    pathname,
    appUrl: e.APP_URL,
    nonce,
    development: e.NODE_ENV === "development",
    hostedCheckOrigins: hostedCheckOrigins(e),
    contentOrigins: contentOrigins(e),
  });
  if (nonce) {
    requestHeaders.set("x-nonce", nonce);
    requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]);
  } else {
    requestHeaders.delete("x-nonce");
  }
  // The hosted flow's language, for next-intl (i18n/request.ts); never one a client sent itself.
  requestHeaders.delete(FLOW_LOCALE_HEADER);
  if (isFlowPath(pathname)) {
    const locale = resolveFlowLocale({
      cookie: request.cookies.get(LOCALE_COOKIE)?.value,
      acceptLanguage: request.headers.get("accept-language"),
      pseudoEnabled: pseudoLocaleEnabled(e),
    });
    requestHeaders.set(FLOW_LOCALE_HEADER, locale);
  }
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  if (requestId) response.headers.set("Request-Id", requestId);
  return response;
}

export const config = {
  // Static build assets need none of this and are the bulk of requests.
  matcher: ["/((?!_next/static|_next/image).*)"],
};
