import "server-only";
import { db } from "@/lib/platform/db";
import { hasIdShape } from "@/lib/platform/ids";
import { bindingMatches } from "@/lib/verification/hosted-flow/binding";

/**
 * The session, if this browser holds its binding secret. A missing session and a session bound to
 * another browser look the same to the caller, so the flow page reveals nothing to a stranger.
 */
export async function loadBoundSession(sessionId: string, bindingSecret: string | undefined) {
  if (!hasIdShape("vs", sessionId) || !bindingSecret) return null;
  const session = await db.verificationSession.findUnique({
    where: { id: sessionId },
    // The organisation's display name: the flow names who asked for the check.
    include: { org: { select: { displayName: true } } },
  });
  if (!session || !bindingMatches(bindingSecret, session.browserBindingHash)) return null;
  return session;
}

export type BoundSession = NonNullable<Awaited<ReturnType<typeof loadBoundSession>>>;
