import "server-only";
import { env } from "@/lib/platform/env";

/**
 * CSRF guard for mutations from the hosted flow: the browser's Origin must be this app, either
 * the public APP_URL or the host the request arrived on (as Next.js checks for server actions).
 * A request without Origin is refused: every browser that can run the flow sends it on POST.
 */
export function isSameOriginRequest(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (!origin || origin === "null") return false;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return false;
  }
  if (originUrl.origin === new URL(env().APP_URL).origin) return true;
  const host = headers.get("x-forwarded-host")?.split(",")[0].trim() || headers.get("host");
  return Boolean(host) && originUrl.host === host;
}
