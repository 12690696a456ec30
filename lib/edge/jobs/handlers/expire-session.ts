import "server-only";
import type { JobRun } from "@/lib/platform/jobs/define-job";
import type { expireSessionJob } from "@/lib/verification/jobs/expire-session";
import { expireSessionIfDue } from "@/lib/verification/expire-session";

type Payload = ReturnType<typeof expireSessionJob.payload.parse>;

/** Expires a session when it is due (lib/verification/jobs/expire-session.ts). */
export const expireSession: JobRun<Payload> = {
  run: async ({ sessionId }) => {
    const again = await expireSessionIfDue(sessionId);
    return again ? { kind: "reschedule", at: again.toISOString() } : { kind: "done" };
  },
};
