import "server-only";
import type { Tx } from "@/lib/platform/db";
import { notifyJobRunners } from "@/lib/platform/db/job-queue";
import { newId } from "@/lib/platform/ids";
import type { JobDefinition } from "@/lib/platform/jobs/define-job";
import { toInputJson } from "@/lib/platform/db/json-column";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * The columns a job's row takes from its definition, checked against its payload schema: the
 * one place a Job row's name, payload and maxAttempts come from, for scheduleJobInTx and for
 * the one statement that writes a Job row in SQL (insertSessionWithExpiryJob in lib/platform/db/hot/sessions.ts).
 */
export function jobRowFields<Payload>(
  job: JobDefinition<Payload>,
  payload: Payload,
): { name: string; payload: Prisma.InputJsonValue; maxAttempts: number } {
  return {
    name: job.name,
    payload: toInputJson(job.payload.parse(payload)),
    maxAttempts: job.maxAttempts,
  };
}

/**
 * Schedules background work inside the caller's transaction (outbox): the job exists if and
 * only if the state change that needs it committed. A dedupeKey makes scheduling idempotent.
 * A job due now also sends a NOTIFY, which Postgres delivers only when the transaction
 * commits, so idle runners start on it at once instead of at their next poll.
 */
export async function scheduleJobInTx<Payload>(
  tx: Tx,
  job: JobDefinition<Payload>,
  payload: Payload,
  options: { runAt?: Date; dedupeKey?: string } = {},
): Promise<void> {
  const row = { id: newId("job"), ...jobRowFields(job, payload), runAt: options.runAt };
  if (options.dedupeKey) {
    await tx.job.upsert({
      where: { dedupeKey: options.dedupeKey },
      update: {},
      create: { ...row, dedupeKey: options.dedupeKey },
    });
  } else {
    await tx.job.create({ data: row });
  }
  if (!options.runAt || options.runAt.getTime() <= Date.now()) {
    await notifyJobRunners(tx, job.name);
  }
}
