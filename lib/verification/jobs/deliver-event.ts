import "server-only";
import { z } from "zod";
import { env } from "@/lib/platform/env";
import { defineJob } from "@/lib/platform/jobs/define-job";

/** Spec part 8: a delivery is attempted at most 5 times (the first try and 4 retries). */
export const MAX_DELIVERY_ATTEMPTS = 5;

/**
 * Milliseconds to wait after the given failed attempt (1-based) before the next one, from
 * WEBHOOK_RETRY_SCHEDULE: seconds before attempts 2, 3, 4 and 5 (default 30, 120, 600, 3600).
 * A shorter list repeats its last value.
 */
export function retryDelayMs(failedAttempt: number): number {
  const seconds = env()
    .WEBHOOK_RETRY_SCHEDULE.split(",")
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isFinite(n) && n >= 0);
  if (seconds.length === 0) throw new Error("WEBHOOK_RETRY_SCHEDULE must list seconds, e.g. 30,120,600,3600");
  return seconds[Math.min(Math.max(failedAttempt, 1), seconds.length) - 1] * 1000;
}

/**
 * One delivery attempt of an outbox event to every subscribed endpoint; each job attempt is
 * one delivery attempt (spec: at most 5), so the delivery schedule is this job's retry rule.
 * Scheduled by recordSessionEvent; run by lib/edge/jobs/handlers/deliver-event.ts.
 */
export const deliverEventJob = defineJob({
  name: "webhooks/event.deliver",
  payload: z.object({ eventId: z.string().min(1) }),
  maxAttempts: MAX_DELIVERY_ATTEMPTS,
  errorDelayMs: retryDelayMs,
});
