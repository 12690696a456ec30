/**
 * The address a request came from, for per-address limits (the /v1 failed-authentication budget,
 * sign-in attempts). Next.js sets X-Forwarded-For to the socket's peer when no proxy did; behind a
 * proxy, the last entry is the one the proxy nearest to us appended (earlier entries come from
 * the client and can be forged).
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((part) => part.trim()).filter(Boolean).pop();
  return (last ?? headers.get("x-real-ip") ?? "").slice(0, 64);
}
