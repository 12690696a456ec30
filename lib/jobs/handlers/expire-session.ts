import "server-only";
import type { JobRun } from "@/lib/jobs/define-job";
import type { expireSessionJob } from "@/lib/jobs/definitions/expire-session";
import { expireSessionIfDue } from "@/lib/verification/expire-session";

type Payload = ReturnType<typeof expireSessionJob.payload.parse>;

/** Expires a session when it is due (lib/jobs/definitions/expire-session.ts). */
export const expireSession: JobRun<Payload> = {
  run: async ({ sessionId }) => {
    const again = await expireSessionIfDue(sessionId);
    return again ? { kind: "reschedule", at: again.toISOString() } : { kind: "done" };
  },
};
