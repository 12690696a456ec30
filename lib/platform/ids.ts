const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// Random bytes are drawn a pool at a time: one getRandomValues call per POOL_SIZE bytes instead
// of one per id (on the server each call goes through Next's instrumented Web Crypto and
// randomFillSync, a measurable share of a create). Every byte is used once and then passed, so
// an id is as unpredictable as one drawn on its own: no byte is reused or derived from another.
const POOL_SIZE = 4096;
let pool = new Uint8Array(0);
let next = 0;

function randomByte(): number {
  if (next >= pool.length) {
    // A fresh array each time: the previous pool's used bytes are never read again. Web Crypto
    // rather than node:crypto, so the id shape below can be used in client bundles too.
    pool = crypto.getRandomValues(new Uint8Array(POOL_SIZE));
    next = 0;
  }
  return pool[next++];
}

/** Random base62 string; rejection sampling keeps every character uniform. */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
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
