import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { newId, randomBase62 } from "@/lib/ids";
import { scheduleJobInTx } from "@/lib/jobs/schedule-job";
import type { KeyMode } from "@/lib/keys/key-format";
import type { CreateSessionBody } from "@/lib/verification/schemas";
import { serializeCreatedSession } from "@/lib/verification/serialize-session";

export function hashUrlToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Creates a session with a one-time hosted URL. The URL carries 256 bits of randomness; only
 * its hash is stored, so the URL cannot be recovered or guessed from the database. The expiry
 * job is scheduled in the same transaction.
 */
export async function createSession(input: { orgId: string; mode: KeyMode } & CreateSessionBody) {
  const token = randomBase62(43);
  const now = new Date();
  const session = await db.$transaction(async (tx) => {
    const row = await tx.verificationSession.create({
      data: {
        id: newId("vs"),
        orgId: input.orgId,
        mode: input.mode,
        requiredAge: input.required_age,
        methods: input.methods,
        returnUrl: input.return_url,
        metadata: input.metadata,
        urlTokenHash: hashUrlToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + env().SESSION_TTL_SECONDS * 1000),
      },
    });
    await scheduleJobInTx(tx, {
      name: "verification/session.expire",
      payload: { sessionId: row.id },
      runAt: row.expiresAt,
      dedupeKey: `expire:${row.id}`,
    });
    return row;
  });
  return serializeCreatedSession(session, `${env().APP_URL}/verify/${token}`);
}
