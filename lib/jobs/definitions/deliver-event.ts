import "server-only";
import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";
import { logger } from "@/lib/log";
import { deadLetterUnfinishedDeliveries } from "@/lib/webhooks/dead-letter-unfinished-deliveries";
import { deliverEventAttempt } from "@/lib/webhooks/deliver-event-attempt";
import { MAX_DELIVERY_ATTEMPTS, retryDelayMs } from "@/lib/webhooks/retry-schedule";

/**
 * One delivery attempt of an outbox event to every subscribed endpoint; each job attempt is
 * one delivery attempt (spec: at most 5). Scheduled by recordSessionEvent.
 */
export const deliverEventJob = defineJob({
  name: "webhooks/event.deliver",
  payload: z.object({ eventId: z.string().min(1) }),
  maxAttempts: MAX_DELIVERY_ATTEMPTS,
  errorDelayMs: retryDelayMs,
  run: async ({ eventId }, ctx) => {
    const outcome = await deliverEventAttempt(eventId, ctx.attempt);
    switch (outcome.kind) {
      case "delivered":
        return { kind: "done", detail: `delivered to ${outcome.endpoints} endpoint(s) on attempt ${ctx.attempt}` };
      case "dead-lettered":
        return {
          kind: "done",
          detail: `dead-lettered ${outcome.deadLettered} delivery(ies) after attempt ${ctx.attempt}`,
        };
      case "retry":
        return {
          kind: "retry",
          delayMs: outcome.delayMs,
          reason: `${outcome.failing} endpoint(s) not yet delivered after attempt ${ctx.attempt}`,
        };
    }
  },
  // Failed for good: the event's automatic delivery ends as a fifth failed attempt would. Its
  // unfinished deliveries become dead letters, ready for manual redelivery, instead of staying
  // pending where nothing would ever retry them.
  onFinalFailure: async ({ eventId }) => {
    const deadLettered = await deadLetterUnfinishedDeliveries(eventId);
    logger().error({ eventId, deadLettered }, "event delivery failed for good; deliveries dead-lettered");
  },
});
