import "server-only";
import type { z } from "zod";

// What a background job is, for both engines: the embedded runner (lib/platform/jobs/job-runner.ts)
// and Inngest (inngest/job-function.ts). A job is a definition (name, payload schema,
// retry rules: lib/<product>/jobs/, which the domains schedule with) and a handler (the work:
// lib/edge/jobs/handlers/, which calls the domains); the registry pairs them. Kept apart, the
// domains that schedule a job never import the code that runs it, so there is no cycle. A job
// does one unit of work and says what should happen next; each engine turns that into its own
// scheduling (runner: the Job row; Inngest: step.sleepUntil / RetryAfterError).

type JobContext = { /** 1-based attempt number of this run. */ attempt: number };

export type JobOutcome =
  | { kind: "done"; detail?: string }
  /** Try again (counts as an attempt) after delayMs. */
  | { kind: "retry"; delayMs: number; reason: string }
  /** Not due yet: run again at `at` (ISO); not a failure, does not use an attempt. */
  | { kind: "reschedule"; at: string };

/** One job's definition: every engine and the scheduler take its name and rules from here. */
export type JobDefinition<Payload = unknown> = {
  /**
   * Stored in Job.name (pending rows carry it across deploys: never rename a job that may have
   * rows), and the Inngest event name; the Inngest function id is derived from it.
   */
  name: string;
  payload: z.ZodType<Payload>;
  /** Runs in all, the first included (Job.maxAttempts; Inngest retries = maxAttempts - 1). */
  maxAttempts: number;
  /** Back-off after a thrown error on the given attempt. */
  errorDelayMs: (attempt: number) => number;
  /**
   * How often one job may `reschedule` itself (default 4). Inngest runs every round as two steps
   * of one function run, which has a step budget; the embedded runner sets no limit.
   */
  maxReschedules?: number;
};

/** What a job does: its handler, in lib/edge/jobs/handlers/<name>.ts. */
export type JobRun<Payload> = {
  // Method syntax on purpose: a Job<{ id: string }> is then a Job (of unknown payload) for the
  // registry's list; the engines only ever pass a parsed payload.
  run(payload: Payload, ctx: JobContext): Promise<JobOutcome>;
  /**
   * Called once the job has failed for good: its last attempt threw, asked to retry, or was
   * cut short by a worker that died. The embedded runner calls it before marking the job dead;
   * Inngest calls it from onFailure. It may run more than once, so it must be idempotent.
   */
  onFinalFailure?(payload: Payload): Promise<void>;
};

/** A definition with its handler: what the registry lists and the engines run. */
export type Job<Payload = unknown> = JobDefinition<Payload> & JobRun<Payload>;

/** A job as an engine sees it: the payload still unparsed (it comes from a Job row or an event). */
export type JobHandler = {
  run: (payload: unknown, ctx: JobContext) => Promise<JobOutcome>;
  errorDelayMs: (attempt: number) => number;
  onFinalFailure?: (payload: unknown) => Promise<void>;
};

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

/** The job's handler for an engine: every entry point parses the payload with its schema. */
export function jobHandler<Payload>(job: Job<Payload>): JobHandler {
  return {
    run: async (payload, ctx) => job.run(job.payload.parse(payload), ctx),
    errorDelayMs: job.errorDelayMs,
    ...(job.onFinalFailure
      ? { onFinalFailure: async (payload: unknown) => job.onFinalFailure!(job.payload.parse(payload)) }
      : {}),
  };
}

/** The Inngest function id for a job: its name with every run of other characters as one `-`. */
export function inngestFunctionId(job: Pick<JobDefinition, "name">): string {
  return job.name.replace(/[^A-Za-z0-9]+/g, "-");
}

/** Doubling back-off from 2 s, at most 5 minutes. */
export const exponentialBackoff = (attempt: number) => Math.min(1000 * 2 ** attempt, 5 * 60_000);
