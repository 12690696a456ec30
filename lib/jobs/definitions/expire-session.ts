import "server-only";
import { z } from "zod";
import { defineJob, exponentialBackoff } from "@/lib/jobs/define-job";
import { expireSessionIfDue } from "@/lib/verification/expire-session";

/**
 * A session still `created` at expires_at expires then; one `in_progress` gets until its own
 * deadline (the job answers "not yet, come back at ..."). Scheduled by createSession in the
 * session's own INSERT (lib/db/hot/insert-session.ts), due at expires_at.
 */
export const expireSessionJob = defineJob({
  name: "verification/session.expire",
  payload: z.object({ sessionId: z.string().min(1) }),
  maxAttempts: 5,
  errorDelayMs: exponentialBackoff,
  run: async ({ sessionId }) => {
    const again = await expireSessionIfDue(sessionId);
    return again ? { kind: "reschedule", at: again.toISOString() } : { kind: "done" };
  },
});
