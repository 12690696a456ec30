import "server-only";
import { z } from "zod";
import { defineJob, exponentialBackoff } from "@/lib/platform/jobs/define-job";

/**
 * A session still `created` at expires_at expires then; one `in_progress` gets until its own
 * deadline (the job answers "not yet, come back at ..."). Scheduled by createSession in the
 * session's own INSERT (insertSessionWithExpiryJob in lib/platform/db/hot/sessions.ts), due at
 * expires_at; run by lib/edge/jobs/handlers/expire-session.ts.
 */
export const expireSessionJob = defineJob({
  name: "verification/session.expire",
  payload: z.object({ sessionId: z.string().min(1) }),
  maxAttempts: 5,
  errorDelayMs: exponentialBackoff,
});
