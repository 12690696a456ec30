import "server-only";
import type { Tx } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";
import { deliverEventJob } from "@/lib/verification/jobs/deliver-event";
import { scheduleJobInTx } from "@/lib/platform/jobs/schedule-job";
import type { webhookEventTypes } from "@/lib/verification/schemas";

export type SessionEventType = (typeof webhookEventTypes)[number];

/**
 * Writes the outbox row for a session's state change, in the transaction of that change, and
 * schedules its delivery. A session announces each event type at most once.
 */
export async function recordSessionEvent(
  tx: Tx,
  input: { orgId: string; sessionId: string; type: SessionEventType; at: Date },
): Promise<string> {
  const event = await tx.event.create({
    data: { id: newId("oev"), orgId: input.orgId, sessionId: input.sessionId, type: input.type, createdAt: input.at },
  });
  await scheduleJobInTx(tx, deliverEventJob, { eventId: event.id }, { dedupeKey: `deliver:${event.id}` });
  return event.id;
}
