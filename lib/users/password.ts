import "server-only";
import argon2 from "argon2";

// argon2id with the library's defaults (64 MiB, 3 passes, 4 lanes): OWASP's recommended
// floor, and about 100 ms here, which is what a sign-in can afford.
export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
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
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(storedHash, password);
  } catch {
    return false;
  }
}
