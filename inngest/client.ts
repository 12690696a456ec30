import { eventType, Inngest } from "inngest";
import { z } from "zod";
import { env } from "@/lib/platform/env";
import type { JobDefinition } from "@/lib/platform/jobs/define-job";

// The app never sends events directly from request handlers: state changes write Job rows in
// their own transaction (outbox), and the job runner relays them here when Inngest is
// configured (inngest/relay-jobs-to-inngest.ts).

/**
 * The event of a job (named as the job): its payload, and runAt (ISO) when it was relayed
 * before it was due, for the function to sleep until.
 */
export function jobEvent(job: Pick<JobDefinition, "name" | "payload">) {
  return eventType(job.name, { schema: z.object({ payload: job.payload, runAt: z.string().optional() }) });
}

export const inngest = new Inngest({
  id: "voiceage",
  eventKey: env().INNGEST_EVENT_KEY,
  ...(env().INNGEST_DEV ? { isDev: true } : {}),
});
