import { env } from "@/lib/platform/env";

/**
 * The address a request came from, for per-address limits (the failed-authentication budgets of
 * both APIs, sign-in attempts). X-Forwarded-For is only believed as far as TRUST_PROXY_HOPS
 * proxies of ours: each appends the address it saw, so the entry that many places from the end
 * is the one our outermost proxy saw; everything before it is client-sent and can be forged.
 * With no trusted proxy (the default) pinForwardedForToPeer has replaced the header with the
 * socket's peer, so the one entry is that peer.
 */
export function clientAddress(headers: Headers, trustedHops = env().TRUST_PROXY_HOPS): string {
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const chosen = entries[Math.max(0, entries.length - Math.max(1, trustedHops))];
  return (chosen ?? "").slice(0, 64);
}
