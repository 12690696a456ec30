import "server-only";
import type { Inngest } from "inngest";
import { jobEvent } from "@/inngest/client";
import type { ClaimedJob } from "@/lib/platform/jobs/job-runner";
import { findJob } from "@/lib/edge/jobs/registry";

/**
 * The Inngest event for an outbox job: its job's event, with runAt when it is not due yet. The
 * job id is the event id, so a relay repeated after a crash (sent, but not yet marked done) is
 * deduplicated by Inngest.
 */
function jobToInngestEvent(job: ClaimedJob, now = Date.now()) {
  const definition = findJob(job.name);
  if (!definition) throw new Error(`No Inngest event for job ${job.name}: it is not in lib/edge/jobs/registry.ts`);
  const runAt = new Date(job.runAt);
  const payload = definition.payload.parse(job.payload);
  return jobEvent(definition).create(runAt.getTime() > now ? { payload, runAt: runAt.toISOString() } : { payload }, {
    id: job.id,
  });
}

export function relayJobsToInngest(client: Inngest.Any) {
  return async (jobs: ClaimedJob[]) => {
    const events = jobs.map((job) => jobToInngestEvent(job)).map(({ name, data, id }) => ({ name, data, id }));
    await client.send(events);
  };
}
