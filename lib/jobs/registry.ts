import "server-only";
import { jobHandler, type JobDefinition, type JobHandler } from "@/lib/jobs/define-job";
import { expireApiKeyJob } from "@/lib/jobs/definitions/expire-api-key";
import { deliverEventJob } from "@/lib/jobs/definitions/deliver-event";
import { expireSessionJob } from "@/lib/jobs/definitions/expire-session";
import { generatePromptSetJob } from "@/lib/jobs/definitions/generate-prompt-set";

// Every background job, once. Both engines read this list: the embedded runner claims Job rows
// by these names, the relay turns them into Inngest events, and inngest/functions.ts builds
// one Inngest function per entry. Adding a job: a definition in lib/jobs/definitions/ and a
// line here.
export const jobs: readonly JobDefinition[] = [
  expireSessionJob,
  deliverEventJob,
  generatePromptSetJob,
  expireApiKeyJob,
];

/** The job of a Job row's name, or undefined for a name no job has. */
export function findJob(name: string): JobDefinition | undefined {
  return jobs.find((job) => job.name === name);
}

/** The handlers the embedded runner runs, by job name. */
export const jobHandlers: Record<string, JobHandler> = Object.fromEntries(
  jobs.map((job) => [job.name, jobHandler(job)]),
);
