import "server-only";
import argon2 from "argon2";

// argon2id with the library's defaults (64 MiB, 3 passes, 4 lanes): OWASP's recommended
// floor, and about 100 ms here, which is what a sign-in can afford.

// Each hash holds 64 MiB while it runs, so a burst of sign-ins must not run them all at once:
// at most this many per process, the rest wait their turn.
const MAX_CONCURRENT_HASHES = 4;
let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  // A finished hash hands its slot straight to the next in line, so the count never overshoots.
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export async function hashPassword(password: string): Promise<string> {
  return limited(() => argon2.hash(password, { type: argon2.argon2id }));
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. With no hash (unknown email, or an account that
 * only signs in with GitHub) it still spends the time of a real verification, so response
 * time does not reveal which emails have accounts.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword("not-a-real-password-only-for-timing");
    const hash = await dummyHash;
    await limited(() => argon2.verify(hash, password)).catch(() => false);
    return false;
  }
  return limited(() => argon2.verify(storedHash, password)).catch(() => false);
}
