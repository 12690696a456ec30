import { RetryAfterError } from "inngest";
import { inngestFunctionId, type Job, type JobOutcome } from "@/lib/platform/jobs/define-job";
import { inngest, jobEvent } from "@/inngest/client";
import { runWithContext } from "@/lib/platform/log-context";
import { errorField, logger } from "@/lib/platform/log";
import { isOneOf } from "@/lib/platform/narrow";

// The Inngest function of a job; inngest/route-handlers.ts serves one per job of the
// registry, so a new job needs no wiring here. The relay
// (inngest/relay-jobs-to-inngest.ts) sends each outbox Job row as its job's event.
//
// - Not due yet (the event carries runAt): step.sleepUntil first.
// - Each run is a step, so a finished run is not repeated when the function resumes after a
//   later sleep. A run that asks to retry throws RetryAfterError inside its step: Inngest runs
//   that step again after the job's own back-off, with the attempt number counted up, and
//   nothing of the failed run is memoized (a webhook retry sends to every endpoint again).
// - `reschedule` sleeps until the new time and runs again, at most job.maxReschedules times
//   (default 4: a session gets at most one extension; a prompt set's generation, which hands
//   over every 20 s and pauses on 429s, sets its own).
// - Retries: maxAttempts - 1, since Inngest counts retries after the first try. onFailure
//   calls the job's onFinalFailure.
const DEFAULT_MAX_RESCHEDULES = 4;

// Inngest takes 0 to 20 retries, typed as those literals; a job asking for more gets the most.
const INNGEST_RETRIES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20] as const;
const inngestRetries = (retries: number) => (isOneOf(INNGEST_RETRIES, retries) ? retries : retries < 0 ? 0 : 20);

export function jobFunction(job: Job) {
  const event = jobEvent(job);
  const { onFinalFailure } = job;
  return inngest.createFunction(
    {
      id: inngestFunctionId(job),
      retries: inngestRetries(job.maxAttempts - 1),
      triggers: [event],
      ...(onFinalFailure
        ? { onFailure: async ({ event: failed }) => onFinalFailure(job.payload.parse(failed.data.event.data.payload)) }
        : {}),
    },
    async ({ event, step, attempt }) => {
      const payload = job.payload.parse(event.data.payload);
      let dueAt = event.data.runAt;
      const rounds = 1 + (job.maxReschedules ?? DEFAULT_MAX_RESCHEDULES);
      for (let round = 0; round < rounds; round++) {
        if (dueAt) await step.sleepUntil(`wait-until-due-${round}`, dueAt);
        const outcome: JobOutcome = await step.run(`run-${round}`, () =>
          // One log context and one summary line per run, as the embedded runner writes.
          runWithContext({ jobId: event.id ?? job.name, route: `job ${job.name}` }, async () => {
            const started = performance.now();
            const took = () => Math.round(performance.now() - started);
            let result: JobOutcome;
            try {
              result = await job.run(payload, { attempt: attempt + 1 });
            } catch (error) {
              logger().warn({ attempt: attempt + 1, durationMs: took(), err: errorField(error) }, "job attempt failed");
              throw error;
            }
            logger().info({ attempt: attempt + 1, outcome: result.kind, durationMs: took() }, "job");
            if (result.kind === "retry") {
              throw new RetryAfterError(`${result.reason}; next attempt in ${result.delayMs / 1000} s`, result.delayMs);
            }
            return result;
          }),
        );
        if (outcome.kind !== "reschedule") return outcome;
        dueAt = outcome.at;
      }
      throw new Error(`Job ${job.name} still not finished after ${rounds} rounds`);
    },
  );
}
