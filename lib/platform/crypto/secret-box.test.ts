import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "@/lib/platform/crypto/secret-box";

describe("secret box", () => {
  it("round-trips and never stores the plaintext", () => {
    const stored = encryptSecret("whsec_abc123", "webhook-endpoint-secret", "whe_1");
    expect(stored).not.toContain("whsec_abc123");
    expect(decryptSecret(stored, "webhook-endpoint-secret", "whe_1")).toBe("whsec_abc123");
  });

  it("uses a fresh IV each time", () => {
    const a = encryptSecret("same", "p", "c");
    const b = encryptSecret("same", "p", "c");
    expect(a).not.toBe(b);
  });

  it("never repeats an IV across refills of its random pool", () => {
    // 600 encryptions draw more than two pools of 256 IVs.
    const ivs = Array.from({ length: 600 }, () => encryptSecret("same", "p", "c").split(":")[1]);
    expect(new Set(ivs).size).toBe(ivs.length);
    for (const iv of ivs) expect(Buffer.from(iv, "base64url")).toHaveLength(12);
  });

  it("refuses a ciphertext moved to another row or purpose, or tampered with", () => {
    const stored = encryptSecret("whsec_abc123", "webhook-endpoint-secret", "whe_1");
    expect(() => decryptSecret(stored, "webhook-endpoint-secret", "whe_2")).toThrow();
    expect(() => decryptSecret(stored, "other-purpose", "whe_1")).toThrow();
    const parts = stored.split(":");
    const flipped = Buffer.from(parts[3], "base64url");
    flipped[0] ^= 1;
    parts[3] = flipped.toString("base64url");
    expect(() => decryptSecret(parts.join(":"), "webhook-endpoint-secret", "whe_1")).toThrow();
    expect(() => decryptSecret("garbage", "webhook-endpoint-secret", "whe_1")).toThrow();
  });
});
