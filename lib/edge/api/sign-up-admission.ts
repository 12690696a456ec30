import "server-only";
import type http from "node:http";

// Sign-up posts in the app at once; the next ones are answered here, before Next.js renders
// anything (issue #48: a burst of sign-ups, each refused post still rendering the page, queued
// every sign-in behind it on the one event loop). A real person's sign-up takes one post; a
// browser that is told "busy" tries again in a minute, as the page's own refusal says.
export const SIGN_UP_POSTS_AT_ONCE = 4;
export const SIGN_UP_BUSY_RETRY_AFTER_SECONDS = 60;

let inFlight = 0;

const isSignUpPost = (req: http.IncomingMessage, rawPath: string) =>
  req.method === "POST" && (rawPath === "/sign-up" || rawPath === "/sign-up/");

/**
 * Counts a sign-up post in, or answers it 503 when SIGN_UP_POSTS_AT_ONCE are already in the app.
 * Returns whether the request was answered here.
 */
export function shedSignUpPost(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  rawPath: string,
  pageHeaders: () => Record<string, string>,
): boolean {
  if (!isSignUpPost(req, rawPath)) return false;
  if (inFlight >= SIGN_UP_POSTS_AT_ONCE) {
    const text =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-up is busy</title>' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>' +
      "<h1>Many accounts are being created right now</h1><p>Try again in a minute.</p>" +
      '<p><a href="/sign-up">Back to sign-up</a></p></body></html>';
    res.writeHead(503, {
      ...pageHeaders(),
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(text)),
      "Cache-Control": "no-store",
      "Retry-After": String(SIGN_UP_BUSY_RETRY_AFTER_SECONDS),
    });
    res.end(text);
    // The form's few fields are read and dropped, so the browser's upload is not cut off mid-write.
    req.resume();
    return true;
  }
  inFlight++;
  res.once("close", () => inFlight--);
  return false;
}
