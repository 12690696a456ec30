import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import type { JobName } from "@/lib/jobs/schedule-job";
import { expireSessionIfDue } from "@/lib/verification/expire-session";
import { deadLetterUnfinishedDeliveries } from "@/lib/webhooks/dead-letter-unfinished-deliveries";
import { deliverEventAttempt } from "@/lib/webhooks/deliver-event-attempt";
import { retryDelayMs } from "@/lib/webhooks/retry-schedule";
import { logger } from "@/lib/log";

// The handlers of background work, shared by both engines: Inngest functions
// (inngest/functions/*) and the embedded runner (lib/jobs/job-runner.ts) call exactly these.
// A handler does one unit of work and says what should happen next; each engine turns that
// into its own scheduling (Inngest: step.sleepUntil / RetryAfterError; runner: the Job row).

export type JobContext = { /** 1-based attempt number of this run. */ attempt: number };

export type JobOutcome =
  | { kind: "done"; detail?: string }
  /** Try again (counts as an attempt) after delayMs. */
  | { kind: "retry"; delayMs: number; reason: string }
  /** Not due yet: run again at `at` (ISO); not a failure, does not use an attempt. */
  | { kind: "reschedule"; at: string };

export type JobHandler = {
  run: (payload: unknown, ctx: JobContext) => Promise<JobOutcome>;
  /** Back-off after a thrown error on the given attempt. */
  errorDelayMs: (attempt: number) => number;
  /**
   * Called once the job has failed for good: its last attempt threw, asked to retry, or was
   * cut short by a worker that died. The embedded runner calls it before marking the job dead;
   * Inngest functions call it from onFailure. It may run more than once, so it must be
   * idempotent.
   */
  onFinalFailure?: (payload: unknown) => Promise<void>;
};

const exponential = (attempt: number) => Math.min(1000 * 2 ** attempt, 5 * 60_000);

export const expireSessionPayloadSchema = z.object({ sessionId: z.string().min(1) });
export const deliverEventPayloadSchema = z.object({ eventId: z.string().min(1) });

export async function runExpireSessionJob(payload: unknown): Promise<JobOutcome> {
  const { sessionId } = expireSessionPayloadSchema.parse(payload);
  const again = await expireSessionIfDue(sessionId);
  if (again) return { kind: "reschedule", at: again.toISOString() };
  // expireSessionIfDue gives up quietly when the expiry write fails, e.g. because the user
  // started the flow at that very moment. Done only if the session really is settled;
  // otherwise fail this attempt so that either engine looks again after a back-off, when
  // the session's new state decides.
  const session = await db.verificationSession.findUnique({ where: { id: sessionId }, select: { status: true } });
  if (session && (session.status === "created" || session.status === "in_progress")) {
    throw new Error(`Session ${sessionId} is still ${session.status} after its expiry was due; checking again`);
  }
  return { kind: "done" };
}

export async function runDeliverEventJob(payload: unknown, ctx: JobContext): Promise<JobOutcome> {
  const { eventId } = deliverEventPayloadSchema.parse(payload);
  const outcome = await deliverEventAttempt(eventId, ctx.attempt);
  switch (outcome.kind) {
    case "delivered":
      return { kind: "done", detail: `delivered to ${outcome.endpoints} endpoint(s) on attempt ${ctx.attempt}` };
    case "dead-lettered":
      return { kind: "done", detail: `dead-lettered ${outcome.deadLettered} delivery(ies) after attempt ${ctx.attempt}` };
    case "retry":
      return { kind: "retry", delayMs: outcome.delayMs, reason: `${outcome.failing} endpoint(s) not yet delivered after attempt ${ctx.attempt}` };
  }
}

/**
 * A delivery job that failed for good ends the event's automatic delivery as a fifth failed
 * attempt would: its unfinished deliveries become dead letters, ready for manual redelivery,
 * instead of staying pending where nothing would ever retry them.
 */
export async function failDeliverEventJob(payload: unknown): Promise<void> {
  const { eventId } = deliverEventPayloadSchema.parse(payload);
  const deadLettered = await deadLetterUnfinishedDeliveries(eventId);
  logger().error({ eventId, deadLettered }, "event delivery failed for good; deliveries dead-lettered");
}

export const jobHandlers: Record<JobName, JobHandler> = {
  "verification/session.expire": { run: runExpireSessionJob, errorDelayMs: exponential },
  "webhooks/event.deliver": { run: runDeliverEventJob, errorDelayMs: retryDelayMs, onFinalFailure: failDeliverEventJob },
};
