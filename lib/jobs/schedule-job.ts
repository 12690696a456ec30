import "server-only";
import type { Tx } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { Prisma } from "@/lib/generated/prisma/client";

export type JobName = "verification/session.expire" | "webhooks/event.deliver";

/** Postgres channel the job runners LISTEN on; see lib/jobs/job-runner.ts. */
export const JOBS_CHANNEL = "voiceage_jobs";

/**
 * Schedules background work inside the caller's transaction (outbox): the job exists if and
 * only if the state change that needs it committed. A dedupeKey makes scheduling idempotent.
 * A job due now also sends a NOTIFY, which Postgres delivers only when the transaction
 * commits, so idle runners start on it at once instead of at their next poll.
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
  } else {
    await tx.job.create({ data: { id: newId("job"), name: job.name, payload: job.payload, runAt: job.runAt } });
  }
  if (!job.runAt || job.runAt.getTime() <= Date.now()) {
    await tx.$executeRaw`SELECT pg_notify(${JOBS_CHANNEL}, ${job.name})`;
  }
}
