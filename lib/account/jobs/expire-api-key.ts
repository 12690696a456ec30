import "server-only";
import { z } from "zod";
import { defineJob, exponentialBackoff } from "@/lib/platform/jobs/define-job";

/**
 * Revokes a rolled key at the end of the window chosen when it was rolled. Scheduled by
 * rollApiKey in the roll's own transaction, due at the key's expiresAt; a Job row, so it
 * survives restarts. Run by lib/edge/jobs/handlers/expire-api-key.ts.
 */
export const expireApiKeyJob = defineJob({
  name: "keys/api-key.expire",
  payload: z.object({ keyId: z.string().min(1) }),
  maxAttempts: 5,
  errorDelayMs: exponentialBackoff,
});
