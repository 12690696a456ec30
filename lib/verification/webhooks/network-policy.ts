import "server-only";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

// SSRF policy for webhook URLs. A webhook URL is chosen by a customer and fetched by our
// servers, so without a policy it could reach our own loopback, the cloud metadata service
// (169.254.169.254) or anything on the private network. We refuse every address that is not
// globally routable unicast, for IPv4 and IPv6 alike, including IPv6 forms that embed an
// IPv4 address (mapped, compatible, NAT64, 6to4). The check runs when an endpoint is
// created and again, after DNS resolution, before every delivery; the delivery then
// connects to the very address that was checked, so a DNS answer that changes in between
// (DNS rebinding) cannot slip a private address past us.

type Range = { bytes: number[]; bits: number; reason: string };

function v4(cidr: string, reason: string): Range {
  const [address, bits] = cidr.split("/");
  return { bytes: address.split(".").map(Number), bits: Number(bits), reason };
}

const FORBIDDEN_V4: Range[] = [
  v4("0.0.0.0/8", "unspecified"),
  v4("10.0.0.0/8", "private"),
  v4("100.64.0.0/10", "shared (carrier-grade NAT)"),
  v4("127.0.0.0/8", "loopback"),
  v4("169.254.0.0/16", "link-local"),
  v4("172.16.0.0/12", "private"),
  v4("192.0.0.0/24", "reserved"),
  v4("192.0.2.0/24", "documentation"),
  v4("192.88.99.0/24", "reserved"),
  v4("192.168.0.0/16", "private"),
  v4("198.18.0.0/15", "reserved"),
  v4("198.51.100.0/24", "documentation"),
  v4("203.0.113.0/24", "documentation"),
  v4("224.0.0.0/4", "multicast"),
  v4("240.0.0.0/4", "reserved"),
];

function matches(address: Uint8Array, range: Range): boolean {
  let bits = range.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((address[i] & mask) !== (range.bytes[i] & mask)) return false;
  }
  return true;
}

function parseIpv4(ip: string): Uint8Array {
  return Uint8Array.from(ip.split(".").map(Number));
}

/** 16 bytes of an IPv6 address (zone id dropped), or null when it does not parse. */
export function parseIpv6(ip: string): Uint8Array | null {
  let text = ip.replace(/^\[|\]$/g, "").split("%")[0];
  const bytes = new Uint8Array(16);
  // A trailing dotted quad ("::ffff:1.2.3.4") becomes two hex groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    if (isIP(quad[1]) !== 4) return null;
    const [a, b, c, d] = parseIpv4(quad[1]);
    text = `${text.slice(0, -quad[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const groups = halves.length === 2 ? [...head, ...Array(8 - head.length - tail.length).fill("0"), ...tail] : head;
  if (groups.length !== 8) return null;
  for (let i = 0; i < 8; i++) {
    if (!/^[0-9a-f]{1,4}$/i.test(groups[i])) return null;
    const value = parseInt(groups[i], 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  }
  return bytes;
}

function v6(prefix: number[], bits: number, reason: string): Range {
  return { bytes: prefix, bits, reason };
}

// Checked in order; the first match decides.
const IPV6_RULES: (Range & { embedsV4At?: number })[] = [
  v6([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96, "IPv4-mapped"),
  v6([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 96, "unspecified, loopback or IPv4-compatible"),
  { ...v6([0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96, "NAT64"), embedsV4At: 12 },
  v6([0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48, "NAT64 (local use)"),
  v6([0x01, 0x00, 0, 0, 0, 0, 0, 0], 64, "discard-only"),
  v6([0x20, 0x01, 0x00, 0x00], 32, "Teredo"),
  v6([0x20, 0x01, 0x00, 0x02, 0x00, 0x00], 48, "benchmarking"),
  v6([0x20, 0x01, 0x0d, 0xb8], 32, "documentation"),
  v6([0x3f, 0xff], 20, "documentation"),
  { ...v6([0x20, 0x02], 16, "6to4"), embedsV4At: 2 },
  v6([0xfc], 7, "unique local (private)"),
  v6([0xfe, 0x80], 10, "link-local"),
  v6([0xfe, 0xc0], 10, "site-local"),
  v6([0xff], 8, "multicast"),
];

/**
 * Why an IP address must not receive webhooks, or null when it is a public unicast address.
 * Anything that is not an IP address is refused.
 */
export function forbiddenAddressReason(ip: string): string | null {
  const family = isIP(ip.replace(/^\[|\]$/g, "").split("%")[0]);
  if (family === 4) {
    const bytes = parseIpv4(ip);
    return FORBIDDEN_V4.find((range) => matches(bytes, range))?.reason ?? null;
  }
  const bytes = family === 6 ? parseIpv6(ip) : null;
  if (!bytes) return "not an IP address";
  for (const rule of IPV6_RULES) {
    if (!matches(bytes, rule)) continue;
    if (rule.embedsV4At !== undefined) {
      const embedded = Array.from(bytes.slice(rule.embedsV4At, rule.embedsV4At + 4)).join(".");
      const inner = forbiddenAddressReason(embedded);
      return inner ? `${rule.reason} of a ${inner} IPv4 address` : null;
    }
    return rule.reason;
  }
  // Only global unicast (2000::/3) is routable on the internet.
  return (bytes[0] & 0xe0) === 0x20 ? null : "reserved";
}

export class WebhookAddressError extends Error {
  constructor(
    message: string,
    readonly kind: "forbidden" | "dns",
  ) {
    super(message);
    this.name = "WebhookAddressError";
  }
}

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** An address family as Node reports it (isIP, dns.lookup): 4, or else 6. */
const familyOf = (family: number): 4 | 6 => (family === 4 ? 4 : 6);

/**
 * Resolves a URL's host to the address to connect to. With `allowPrivate` false, refuses
 * the host when any of its addresses is not public (a host that mixes public and private
 * answers is a rebinding setup, not a misconfiguration). IPv4 answers are preferred.
 */
export async function resolveWebhookHost(
  hostname: string,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<ResolvedAddress> {
  const literal = hostname.replace(/^\[|\]$/g, "");
  let addresses: ResolvedAddress[];
  const literalFamily = isIP(literal);
  if (literalFamily !== 0) {
    addresses = [{ address: literal, family: familyOf(literalFamily) }];
  } else {
    let timer: NodeJS.Timeout | undefined;
    try {
      const answers = await Promise.race([
        lookup(literal, { all: true, verbatim: true }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(Object.assign(new Error("DNS lookup timed out"), { code: "ETIMEOUT" })),
            options.timeoutMs ?? 5000,
          );
        }),
      ]);
      addresses = answers.map((a) => ({ address: a.address, family: familyOf(a.family) }));
    } catch (error) {
      const code =
        (error instanceof Error && "code" in error && typeof error.code === "string" && error.code) || "error";
      throw new WebhookAddressError(`DNS lookup of ${literal} failed (${code})`, "dns");
    } finally {
      clearTimeout(timer);
    }
    if (addresses.length === 0) throw new WebhookAddressError(`DNS lookup of ${literal} returned no address`, "dns");
  }
  if (!options.allowPrivate) {
    for (const { address } of addresses) {
      const reason = forbiddenAddressReason(address);
      if (reason) {
        throw new WebhookAddressError(
          `${literal === address ? address : `${literal} resolves to ${address}, which`} is not a public address (${reason}); webhooks are sent to public addresses only`,
          "forbidden",
        );
      }
    }
  }
  return addresses.find((a) => a.family === 4) ?? addresses[0];
}
