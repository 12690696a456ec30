import "server-only";
import type { JobRun } from "@/lib/platform/jobs/define-job";
import type { deliverEventJob } from "@/lib/verification/jobs/deliver-event";
import { logger } from "@/lib/platform/log";
import { deadLetterUnfinishedDeliveries } from "@/lib/verification/webhooks/dead-letter-unfinished-deliveries";
import { deliverEventAttempt } from "@/lib/verification/webhooks/deliver-event-attempt";

type Payload = ReturnType<typeof deliverEventJob.payload.parse>;

/** One delivery attempt of an event (lib/verification/jobs/deliver-event.ts). */
export const deliverEvent: JobRun<Payload> = {
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
};
