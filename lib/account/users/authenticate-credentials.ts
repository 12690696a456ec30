import "server-only";
import { db } from "@/lib/platform/db";
import { verifyPassword } from "@/lib/account/users/password";
import type { SignInBody } from "@/lib/account/users/schemas";
import { beginSignInAttempt, markSignInSucceeded } from "@/lib/account/users/sign-in-rate-limit";

export type CredentialsResult =
  | { ok: true; user: { id: string; email: string; name: string | null } }
  | { ok: false; reason: "invalid_credentials" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * Email + password sign-in, rate-limited per email and per client address. The answer for an
 * unknown email and for a wrong password is the same, in content and in time.
 */
export async function authenticateCredentials(input: SignInBody & { ip: string }): Promise<CredentialsResult> {
  const ticket = await beginSignInAttempt({ email: input.email, ip: input.ip });
  if (!ticket.allowed) return { ok: false, reason: "rate_limited", retryAfterSeconds: ticket.retryAfterSeconds };

  const user = await db.user.findUnique({
    where: { email: input.email },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) return { ok: false, reason: "invalid_credentials" };

  await markSignInSucceeded(ticket.attemptId);
  return { ok: true, user: { id: user.id, email: user.email, name: user.name } };
}
