import "server-only";
import type { Tx } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { Prisma } from "@/lib/generated/prisma/client";

export type JobName = "verification/session.expire" | "webhooks/event.deliver";

/**
 * Schedules background work inside the caller's transaction (outbox): the job exists if and
 * only if the state change that needs it committed. A dedupeKey makes scheduling idempotent.
 */
export async function scheduleJobInTx(
  tx: Tx,
  job: { name: JobName; payload: Prisma.InputJsonValue; runAt?: Date; dedupeKey?: string },
): Promise<void> {
  if (job.dedupeKey) {
    await tx.job.upsert({
      where: { dedupeKey: job.dedupeKey },
      update: {},
      create: { id: newId("job"), name: job.name, payload: job.payload, runAt: job.runAt, dedupeKey: job.dedupeKey },
    });
    return;
  }
  await tx.job.create({ data: { id: newId("job"), name: job.name, payload: job.payload, runAt: job.runAt } });
}
