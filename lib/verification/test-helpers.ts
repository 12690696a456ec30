import "server-only";
import type { z } from "zod";
import type { ApiPrincipal } from "@/lib/account/keys/authenticate-api-key";
import { completeSession } from "@/lib/verification/complete-session";
import { VerificationApiError } from "@/lib/verification/errors";
import { expireSessionIfDue, forceExpireSession } from "@/lib/verification/expire-session";
import { getSessionOrThrow } from "@/lib/verification/get-session-or-throw";
import { isPastDeadline } from "@/lib/verification/deadline";
import type { completeSessionHelperBodySchema } from "@/lib/verification/schemas";
import { serializeSession } from "@/lib/verification/serialize-session";
import { methodsOf } from "@/lib/verification/session-columns";

// Test helpers drive the same transitions as the hosted flow and the expiry timer, for
// test-mode keys and sessions only.
async function testSessionOrThrow(principal: ApiPrincipal, sessionId: string) {
  if (principal.mode !== "test") {
    throw new VerificationApiError("parameter_invalid", "Test helpers are available with test-mode keys only.");
  }
  const session = await getSessionOrThrow(principal.orgId, sessionId);
  if (session.mode !== "test") {
    throw new VerificationApiError("parameter_invalid", "Test helpers only act on test-mode sessions.", "id");
  }
  return session;
}

/**
 * Completes a test session as the hosted flow would. The method defaults to the one the user
 * would be on; an explicit method must be one the session offers, as in the hosted flow.
 */
export async function completeTestSession(
  principal: ApiPrincipal,
  sessionId: string,
  body: z.infer<typeof completeSessionHelperBodySchema>,
) {
  const session = await testSessionOrThrow(principal, sessionId);
  const methods = methodsOf(session.methods);
  if (body.method && !methods.includes(body.method)) {
    throw new VerificationApiError(
      "parameter_invalid",
      `Invalid method: ${body.method} is not one of this session's methods (${methods.join(", ")}).`,
      "method",
    );
  }
  // Past its deadline the session is expired, even if the timer has not run yet (it fires within
  // seconds): expire it now, as the hosted flow does, rather than let it pass late.
  if (isPastDeadline(session)) {
    await expireSessionIfDue(sessionId);
    throw new VerificationApiError(
      "parameter_invalid",
      `Verification session ${sessionId} is already expired and cannot transition again.`,
      "id",
    );
  }
  const updated = await completeSession({
    orgId: principal.orgId,
    sessionId,
    result: body.result,
    method: body.method ?? methods[session.currentMethodIndex] ?? methods[0],
    confidence: body.confidence ?? "high",
    attemptsUsed: 1,
  });
  return serializeSession(updated);
}

export async function expireTestSession(principal: ApiPrincipal, sessionId: string) {
  await testSessionOrThrow(principal, sessionId);
  return serializeSession(await forceExpireSession(principal.orgId, sessionId));
}
