import "server-only";
import { jobHandler, type Job, type JobDefinition, type JobHandler, type JobRun } from "@/lib/jobs/define-job";
import { deliverEventJob } from "@/lib/jobs/definitions/deliver-event";
import { expireApiKeyJob } from "@/lib/jobs/definitions/expire-api-key";
import { expireSessionJob } from "@/lib/jobs/definitions/expire-session";
import { generatePromptSetJob } from "@/lib/jobs/definitions/generate-prompt-set";
import { deliverEvent } from "@/lib/jobs/handlers/deliver-event";
import { expireApiKey } from "@/lib/jobs/handlers/expire-api-key";
import { expireSession } from "@/lib/jobs/handlers/expire-session";
import { generatePromptSet } from "@/lib/jobs/handlers/generate-prompt-set";

// Every background job, once: each definition with its handler. Both engines read this list:
// the embedded runner claims Job rows by these names, the relay turns them into Inngest
// events, and lib/jobs/inngest/route-handlers.ts serves one Inngest function per entry. Adding a
// job: a definition in lib/jobs/definitions/, a handler in lib/jobs/handlers/ and a line here.
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
