import { createHash, timingSafeEqual } from "node:crypto";
import { randomBase62 } from "@/lib/platform/ids";
import type { KeyMode } from "@/lib/account/keys/key-mode";

const KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9]{32,128}$/;

export function generateApiKey(mode: KeyMode): string {
  return `sk_${mode}_${randomBase62(40)}`;
}

export function parseApiKey(candidate: string): { mode: KeyMode } | null {
  const match = KEY_PATTERN.exec(candidate);
  return match ? { mode: match[1] === "live" ? "live" : "test" } : null;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Constant-time comparison of two hex digests of equal length. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What the dashboard shows of a key: its mode prefix plus four characters, and the last four. */
export function displayParts(key: string): { prefix: string; last4: string } {
  const modePrefix = key.startsWith("sk_live_") ? "sk_live_" : "sk_test_";
  return { prefix: key.slice(0, modePrefix.length + 4), last4: key.slice(-4) };
}
