import "server-only";
import { jobHandler, type Job, type JobDefinition, type JobHandler, type JobRun } from "@/lib/platform/jobs/define-job";
import { deliverEventJob } from "@/lib/verification/jobs/deliver-event";
import { expireApiKeyJob } from "@/lib/account/jobs/expire-api-key";
import { expireSessionJob } from "@/lib/verification/jobs/expire-session";
import { generatePromptSetJob } from "@/lib/voice/jobs/generate-prompt-set";
import { deliverEvent } from "@/lib/edge/jobs/handlers/deliver-event";
import { expireApiKey } from "@/lib/edge/jobs/handlers/expire-api-key";
import { expireSession } from "@/lib/edge/jobs/handlers/expire-session";
import { generatePromptSet } from "@/lib/edge/jobs/handlers/generate-prompt-set";

// Every background job, once: each definition with its handler. Both engines read this list:
// the embedded runner claims Job rows by these names, the relay turns them into Inngest
// events, and inngest/route-handlers.ts serves one Inngest function per entry. Adding a job: a
// definition in its product's lib/<product>/jobs/, a handler in lib/edge/jobs/handlers/ and a
// line here.
const job = <Payload>(definition: JobDefinition<Payload>, handler: JobRun<Payload>): Job<Payload> => ({
  ...definition,
  ...handler,
});

export const jobs: readonly Job[] = [
  job(expireSessionJob, expireSession),
  job(deliverEventJob, deliverEvent),
  job(generatePromptSetJob, generatePromptSet),
  job(expireApiKeyJob, expireApiKey),
];

/** The job of a Job row's name, or undefined for a name no job has. */
export function findJob(name: string): Job | undefined {
  return jobs.find((entry) => entry.name === name);
}

/** The handlers the embedded runner runs, by job name. */
export const jobHandlers: Record<string, JobHandler> = Object.fromEntries(
  jobs.map((entry) => [entry.name, jobHandler(entry)]),
);
