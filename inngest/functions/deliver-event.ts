import { RetryAfterError } from "inngest";
import { inngest, webhookEventRecorded } from "@/inngest/client";
import { failDeliverEventJob, runDeliverEventJob } from "@/lib/jobs/job-handlers";
import { MAX_DELIVERY_ATTEMPTS } from "@/lib/webhooks/retry-schedule";

// One run per outbox event. Each Inngest attempt is one delivery attempt (ctx.attempt is
// 0-based); a failed attempt throws RetryAfterError with our own back-off, and the fifth
// attempt dead-letters instead of throwing. No step.run: a retry must redo the whole
// attempt (send to every endpoint again), not replay memoized results.
/** Inngest counts retries after the first try; the literal type is what createFunction wants. */
export const DELIVERY_RETRIES = 4;
if (DELIVERY_RETRIES + 1 !== MAX_DELIVERY_ATTEMPTS) throw new Error("DELIVERY_RETRIES must be MAX_DELIVERY_ATTEMPTS - 1");

export const deliverEvent = inngest.createFunction(
  {
    id: "deliver-webhook-event",
    retries: DELIVERY_RETRIES,
    triggers: [webhookEventRecorded],
    // The run failed for good (its last attempt threw, or Inngest gave up on it): its
    // unfinished deliveries go to the dead-letter queue, as after a fifth failed attempt.
    onFailure: async ({ event }) => {
      await failDeliverEventJob({ eventId: event.data.event.data.eventId });
    },
  },
  async ({ event, attempt }) => {
    const outcome = await runDeliverEventJob({ eventId: event.data.eventId }, { attempt: attempt + 1 });
    if (outcome.kind === "retry") {
      throw new RetryAfterError(`${outcome.reason}; next attempt in ${outcome.delayMs / 1000} s`, outcome.delayMs);
    }
    return outcome;
  },
);
