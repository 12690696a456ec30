const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random base62 string; rejection sampling keeps every character uniform. */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    // Web Crypto rather than node:crypto, so the id shape below can be used in client bundles too.
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
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
 * The shape of an id made by newId(prefix), allowing other lengths up to 64 characters. Ids from
 * a URL or a form are checked with it before any query: one that cannot exist (e.g. with a NUL
 * character, which PostgreSQL text refuses) is simply not found.
 */
export function idPattern(prefix: string): RegExp {
  let pattern = patterns.get(prefix);
  if (!pattern) {
    pattern = new RegExp(`^${prefix}_[A-Za-z0-9]{1,64}$`);
    patterns.set(prefix, pattern);
  }
  return pattern;
}
const patterns = new Map<string, RegExp>();

/** Whether `value` could be an id made by newId(prefix) (see idPattern). */
export function hasIdShape(prefix: string, value: string): boolean {
  return idPattern(prefix).test(value);
}
