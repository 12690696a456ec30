import "server-only";
import { db, type Tx } from "@/lib/platform/db";

/** Postgres channel the job runners LISTEN on; see lib/platform/jobs/job-runner.ts. */
export const JOBS_CHANNEL = "voiceage_jobs";

export type ClaimedJob = {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  /** Its last attempt was cut short (lease lapsed): settle it as dead, do not run it. */
  exhausted?: boolean;
};

export type ClaimJobRowsInput = {
  /** The job names this process has handlers for. */
  names: string[];
  workerId: string;
  lockMs: number;
  /** Relay mode claims every pending job, due or not, to hand it to another engine. */
  relayMode: boolean;
  limit: number;
};

/**
 * Claims up to `limit` due jobs, and jobs whose lease lapsed, for this worker: one UPDATE ...
 * WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED), so any number of processes can poll one
 * database and each job run goes to exactly one of them. The claim is a lease (lockedUntil).
 */
export function claimJobRows({ names, workerId, lockMs, relayMode, limit }: ClaimJobRowsInput): Promise<ClaimedJob[]> {
  // `exhausted`: a job whose lease lapsed on its last attempt, claimed only to be settled as
  // dead, without a run and without counting another attempt. A relay is not a run (Inngest
  // counts the attempts and dedupes the event by job id), so relaying never exhausts a job.
  return db.$queryRaw<ClaimedJob[]>`
    WITH picked AS (
           SELECT "id", ("attempts" >= "maxAttempts" AND NOT ${relayMode}::boolean) AS "exhausted"
             FROM "Job"
            WHERE "name" = ANY(${names}::text[])
              AND (("status" = 'pending' AND ("runAt" <= now() OR ${relayMode}::boolean))
                   OR ("status" = 'running' AND "lockedUntil" < now()))
            ORDER BY "runAt"
            LIMIT ${limit}::int
              FOR UPDATE SKIP LOCKED)
    UPDATE "Job" AS j
       SET "status" = 'running',
           "lockedBy" = ${workerId},
           "lockedUntil" = now() + ${lockMs}::int * interval '1 millisecond',
           "attempts" = j."attempts" + CASE WHEN picked."exhausted" THEN 0 ELSE 1 END,
           "updatedAt" = now()
      FROM picked
     WHERE j."id" = picked."id"
    RETURNING j."id", j."name", j."payload", j."attempts", j."maxAttempts", j."runAt", picked."exhausted"`;
}

/**
 * Wakes idle job runners for a job named `jobName`, inside the caller's transaction: Postgres
 * delivers a NOTIFY only when the transaction commits, so a runner never looks before the job exists.
 */
export async function notifyJobRunners(tx: Tx, jobName: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${JOBS_CHANNEL}, ${jobName})`;
}
