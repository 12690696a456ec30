import "server-only";
import type { NextRequest } from "next/server";

/**
 * The request at the exact origin the browser used (X-Forwarded-Host/-Proto, which Next.js
 * fills from Host when no proxy did). Next.js rewrites loopback hosts in request URLs
 * (http://127.0.0.1:3000 becomes http://localhost:3000), and Auth.js builds OAuth callback
 * URLs from the request URL, so GitHub would be sent a redirect_uri on another origin than
 * the one holding the sign-in cookies. A plain Request keeps the origin as given; Auth.js
 * only uses the standard Request interface. `trustHost: true` already trusts these headers.
 */
export function atForwardedOrigin(req: NextRequest): NextRequest {
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  if (!host) return req;
  const proto = (req.headers.get("x-forwarded-proto") ?? req.nextUrl.protocol).replace(/:$/, "");
  let origin: string;
  try {
    origin = new URL(`${proto}://${host}`).origin;
  } catch {
    return req;
  }
  const url = new URL(req.url);
  if (url.origin === origin) return req;
  const rewritten = new Request(`${origin}${url.pathname}${url.search}`, {
    method: req.method,
    headers: req.headers,
    body: req.method === "GET" || req.method === "HEAD" ? undefined : req.body,
    // @ts-expect-error duplex is required by Node's fetch for streamed bodies but missing from the DOM types
    duplex: "half",
  });
  // Auth.js's handlers are typed for NextRequest but read only the Request interface (see above).
  return rewritten as NextRequest;
}
