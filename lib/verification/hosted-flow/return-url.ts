// Builds the URL the hosted flow sends the user back to. Importable by client and server.

/** A pass returns to the integrator by itself after this long, which the user can stop (WCAG 2.2.1: at least 10 s). */
export const RETURN_DELAY_SECONDS = 10;

/**
 * Appends `session_id=<id>` to the integrator's return_url. The existing query is kept byte for
 * byte (only a previous session_id is dropped, so ours is the one value the integrator reads)
 * and the fragment stays at the end, where it belongs.
 */
export function appendSessionId(returnUrl: string, sessionId: string): string {
  const url = new URL(returnUrl);
  const kept = url.search
    .slice(1)
    .split("&")
    .filter((pair) => pair !== "" && decodeQueryName(pair) !== "session_id");
  kept.push(`session_id=${encodeURIComponent(sessionId)}`);
  url.search = `?${kept.join("&")}`;
  return url.toString();
}

function decodeQueryName(pair: string): string {
  const name = pair.split("=", 1)[0].replace(/\+/g, " ");
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** The host a user recognises ("shop.example"), for "Return to ..." links. */
export function returnHost(returnUrl: string): string {
  return new URL(returnUrl).host;
}
