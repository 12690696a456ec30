import "server-only";
import type { JobRun } from "@/lib/platform/jobs/define-job";
import type { expireApiKeyJob } from "@/lib/account/jobs/expire-api-key";
import { expireApiKeyIfDue } from "@/lib/account/keys/expire-api-key";

type Payload = ReturnType<typeof expireApiKeyJob.payload.parse>;

/** Revokes a rolled key when its window ends (lib/account/jobs/expire-api-key.ts). */
export const expireApiKey: JobRun<Payload> = {
  run: async ({ keyId }) => {
    const again = await expireApiKeyIfDue(keyId);
    return again ? { kind: "reschedule", at: again.toISOString() } : { kind: "done" };
  },
};
