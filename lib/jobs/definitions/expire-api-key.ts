import "server-only";
import { z } from "zod";
import { defineJob, exponentialBackoff } from "@/lib/jobs/define-job";
import { expireApiKeyIfDue } from "@/lib/keys/expire-api-key";

/**
 * Revokes a rolled key at the end of the window chosen when it was rolled. Scheduled by
 * rollApiKey in the roll's own transaction, due at the key's expiresAt; a Job row, so it
 * survives restarts.
 */
export const expireApiKeyJob = defineJob({
  name: "keys/api-key.expire",
  payload: z.object({ keyId: z.string().min(1) }),
  maxAttempts: 5,
  errorDelayMs: exponentialBackoff,
  run: async ({ keyId }) => {
    const again = await expireApiKeyIfDue(keyId);
    return again ? { kind: "reschedule", at: again.toISOString() } : { kind: "done" };
  },
});
