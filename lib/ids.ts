import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random base62 string; rejection sampling keeps every character uniform. */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/** Public identifier with a type prefix, e.g. newId("vs") -> "vs_3kT9...". */
export function newId(prefix: string, length = 24): string {
  return `${prefix}_${randomBase62(length)}`;
}

/**
 * Whether `value` could be an id made by newId(prefix). Ids from a URL are checked with this
 * before any query: one that cannot exist (e.g. with a NUL character, which PostgreSQL text
 * refuses) is simply not found.
 */
export function hasIdShape(prefix: string, value: string): boolean {
  return value.startsWith(`${prefix}_`) && /^[A-Za-z0-9]{1,64}$/.test(value.slice(prefix.length + 1));
}
