import "server-only";
import type { Inngest } from "inngest";
import { sessionExpiryScheduled, webhookEventRecorded } from "@/inngest/client";
import { deliverEventPayloadSchema, expireSessionPayloadSchema } from "@/lib/jobs/job-handlers";
import type { ClaimedJob } from "@/lib/jobs/job-runner";
import type { JobName } from "@/lib/jobs/schedule-job";

/**
 * The Inngest event for an outbox job. The job id is the event id, so a relay repeated after
 * a crash (sent, but not yet marked done) is deduplicated by Inngest.
 */
export function jobToInngestEvent(job: ClaimedJob) {
  const name = job.name as JobName;
  switch (name) {
    case "verification/session.expire": {
      const { sessionId } = expireSessionPayloadSchema.parse(job.payload);
      return sessionExpiryScheduled.create({ sessionId, expiresAt: new Date(job.runAt).toISOString() }, { id: job.id });
    }
    case "webhooks/event.deliver": {
      const { eventId } = deliverEventPayloadSchema.parse(job.payload);
      return webhookEventRecorded.create({ eventId }, { id: job.id });
    }
    default:
      throw new Error(`No Inngest event for job ${String(name)}`);
  }
}

export function relayJobsToInngest(client: Inngest.Any) {
  return async (jobs: ClaimedJob[]) => {
    const events = jobs.map(jobToInngestEvent).map(({ name, data, id }) => ({ name, data, id }));
    await client.send(events);
  };
}
