import "server-only";
import { db } from "@/lib/platform/db";
import { expireApiKeyJob } from "@/lib/account/jobs/expire-api-key";
import { scheduleJobInTx } from "@/lib/platform/jobs/schedule-job";
import { createApiKey, type CreatedApiKey } from "@/lib/account/keys/create-api-key";
import { ApiKeyNotFoundError } from "@/lib/account/keys/revoke-api-key";
import { rollWindows, type RollWindow } from "@/lib/account/keys/roll-windows";

/** The key was rolled already and is counting down: rolling it again would leave two replacements. */
export class ApiKeyAlreadyRollingError extends Error {
  constructor(
    id: string,
    readonly expiresAt: Date,
  ) {
    super(`API key ${id} was already rolled; it stops working at ${expiresAt.toISOString()}.`);
    this.name = "ApiKeyAlreadyRollingError";
  }
}

export type RolledApiKey = { replacement: CreatedApiKey; old: { id: string; expiresAt: Date } };

/**
 * Rolls a key of the organisation: creates its replacement (same name and mode) and lets the old
 * key keep working for `window`, after which the expire-api-key job records its revocation.
 * Authentication itself refuses the old key from `expiresAt` on, so a late job never extends the
 * window. "now" revokes the old key in the same transaction. All of it commits or none of it:
 * the replacement, the old key's expiry and the job (outbox).
 * Throws ApiKeyNotFoundError (unknown, revoked, expired, another organisation's) or
 * ApiKeyAlreadyRollingError; anything else propagates as itself.
 */
export async function rollApiKey(input: {
  orgId: string;
  id: string;
  window: RollWindow;
  now?: Date;
}): Promise<RolledApiKey> {
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + rollWindows[input.window].ms);
  return db.$transaction(async (tx) => {
    // One conditional update claims the key, so two rolls at once cannot both succeed.
    const claimed = await tx.apiKey.updateMany({
      where: { id: input.id, orgId: input.orgId, revokedAt: null, expiresAt: null },
      data: input.window === "now" ? { expiresAt, revokedAt: now } : { expiresAt },
    });
    if (claimed.count === 0) {
      const key = await tx.apiKey.findFirst({ where: { id: input.id, orgId: input.orgId, revokedAt: null } });
      if (key?.expiresAt && key.expiresAt > now) throw new ApiKeyAlreadyRollingError(key.id, key.expiresAt);
      throw new ApiKeyNotFoundError(input.id);
    }
    const old = await tx.apiKey.findUniqueOrThrow({ where: { id: input.id } });
    const replacement = await createApiKey({ orgId: input.orgId, mode: old.mode, name: old.name }, tx);
    if (input.window !== "now") {
      await scheduleJobInTx(
        tx,
        expireApiKeyJob,
        { keyId: old.id },
        { runAt: expiresAt, dedupeKey: `api-key.expire:${old.id}` },
      );
    }
    return { replacement, old: { id: old.id, expiresAt } };
  });
}
