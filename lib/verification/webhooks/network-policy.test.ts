import { describe, expect, it } from "vitest";
import { forbiddenAddressReason, parseIpv6, resolveWebhookHost } from "@/lib/verification/webhooks/network-policy";

describe("forbiddenAddressReason", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["100.64.0.1", "shared (carrier-grade NAT)"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["::", "unspecified, loopback or IPv4-compatible"],
    ["::1", "unspecified, loopback or IPv4-compatible"],
    ["::ffff:127.0.0.1", "IPv4-mapped"],
    ["::ffff:8.8.8.8", "IPv4-mapped"],
    ["::ffff:7f00:1", "IPv4-mapped"],
    ["fe80::1%eth0", "link-local"],
    ["fd12:3456::1", "unique local (private)"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["64:ff9b::10.0.0.1", "NAT64 of a private IPv4 address"],
    ["2002:7f00:0001::1", "6to4 of a loopback IPv4 address"],
    ["[::1]", "unspecified, loopback or IPv4-compatible"],
    ["localhost", "not an IP address"],
  ])("refuses %s (%s)", (ip, reason) => {
    expect(forbiddenAddressReason(ip)).toBe(reason);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "192.169.0.1",
    "2606:4700:4700::1111",
    "64:ff9b::8.8.8.8",
    "2a00:1450::1",
  ])("allows public %s", (ip) => {
    expect(forbiddenAddressReason(ip)).toBeNull();
  });

  it("parses IPv6 forms", () => {
    expect(Array.from(parseIpv6("::1")!)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(Array.from(parseIpv6("::ffff:1.2.3.4")!).slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(parseIpv6("1::2::3")).toBeNull();
    expect(parseIpv6("1:2:3")).toBeNull();
  });
});

describe("resolveWebhookHost", () => {
  it("refuses names that resolve to loopback unless private networks are allowed", async () => {
    await expect(resolveWebhookHost("localhost", { allowPrivate: false })).rejects.toMatchObject({ kind: "forbidden" });
    await expect(resolveWebhookHost("[::1]", { allowPrivate: false })).rejects.toMatchObject({ kind: "forbidden" });
    const allowed = await resolveWebhookHost("localhost", { allowPrivate: true });
    expect(["127.0.0.1", "::1"]).toContain(allowed.address);
  });

  it("passes public literals through and reports DNS failures as such", async () => {
    await expect(resolveWebhookHost("8.8.8.8", { allowPrivate: false })).resolves.toEqual({
      address: "8.8.8.8",
      family: 4,
    });
    await expect(resolveWebhookHost("no-such-host.invalid", { allowPrivate: false })).rejects.toMatchObject({
      kind: "dns",
    });
  });
});
