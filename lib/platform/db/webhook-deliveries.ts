import "server-only";
import { db } from "@/lib/platform/db";

// The statements on webhook deliveries that Prisma's query API cannot say in one statement (a
// join in an UPDATE, an increment returned under the row lock, a lease taken by compare-and-set,
// aggregates with FILTER). Each returns plain typed rows; lib/verification/webhooks maps them.

/**
 * Cancels the pending deliveries of an outbox event whose endpoint has been deleted since, dated
 * at the endpoint's deletion.
 */
export async function cancelPendingDeliveriesOfDeletedEndpoints(outboxEventId: string): Promise<void> {
  await db.$executeRaw`
    UPDATE "WebhookDelivery" AS d
       SET "status" = 'cancelled', "cancelledAt" = e."deletedAt"
      FROM "WebhookEndpoint" AS e
     WHERE d."outboxEventId" = ${outboxEventId}
       AND d."status" = 'pending'
       AND e."id" = d."endpointId"
       AND e."deletedAt" IS NOT NULL`;
}

/** A delivery claimed for one automatic attempt, with its endpoint's address and sealed secret. */
export type ClaimedDeliveryRow = {
  id: string;
  eventId: string;
  endpointId: string;
  url: string;
  secretEncrypted: string;
  /** The attempt number this try is recorded under. */
  number: number;
};

/**
 * Claims automatic attempt `attempt` for every delivery of the outbox event whose endpoint still
 * exists and that has not had it yet, with the delivery's next attempt number: `attempt`, unless
 * manual redeliveries took it, then the one after the highest used.
 */
export function claimAutomaticAttempt(outboxEventId: string, attempt: number): Promise<ClaimedDeliveryRow[]> {
  return db.$queryRaw<ClaimedDeliveryRow[]>`
    UPDATE "WebhookDelivery" AS d
       SET "attempts" = ${attempt},
           "lastAttemptNumber" = GREATEST(d."lastAttemptNumber" + 1, ${attempt}),
           "lastAttemptAt" = now()
      FROM "WebhookEndpoint" AS e
     WHERE d."outboxEventId" = ${outboxEventId}
       AND d."attempts" < ${attempt}
       AND d."status" <> 'cancelled'
       AND e."id" = d."endpointId"
       AND e."deletedAt" IS NULL
    RETURNING d."id", d."eventId", d."endpointId", e."url", e."secretEncrypted", d."lastAttemptNumber" AS "number"`;
}

/**
 * The next attempt number of a delivery, claimed under the row lock of one UPDATE; null if the
 * delivery is gone.
 */
export async function claimNextAttemptNumber(deliveryId: string): Promise<number | null> {
  const [claimed] = await db.$queryRaw<{ lastAttemptNumber: number }[]>`
    UPDATE "WebhookDelivery"
       SET "lastAttemptNumber" = "lastAttemptNumber" + 1
     WHERE "id" = ${deliveryId}
    RETURNING "lastAttemptNumber"`;
  return claimed?.lastAttemptNumber ?? null;
}

/**
 * Takes a lease of `seconds` on a pending delivery of the organisation, if no lease is held:
 * of concurrent callers exactly one gets it. Null when it was not taken.
 */
export async function leasePendingDelivery(
  orgId: string,
  deliveryId: string,
  seconds: number,
): Promise<{ outboxEventId: string; attempts: number } | null> {
  const [delivery] = await db.$queryRaw<{ outboxEventId: string; attempts: number }[]>`
    UPDATE "WebhookDelivery"
       SET "retryLeaseUntil" = now() + make_interval(secs => ${seconds})
     WHERE "id" = ${deliveryId} AND "orgId" = ${orgId} AND "status" = 'pending'
       AND ("retryLeaseUntil" IS NULL OR "retryLeaseUntil" <= now())
    RETURNING "outboxEventId", "attempts"`;
  return delivery ?? null;
}

/** One endpoint's attempts, from deliveries created since `history`. */
export type EndpointAttemptsRow = {
  endpointId: string;
  /** Attempts started since `since`, and how many of them succeeded. */
  attempts: number;
  successes: number;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  lastFailureStatus: number | null;
  lastFailureError: string | null;
};

/**
 * The attempts of the organisation's endpoints named: counts since `since`, and last success and
 * last failure among deliveries created since `history` (the (endpointId, createdAt) index
 * bounds what is read). An endpoint with no attempt has no row.
 */
export function endpointAttemptRows(
  orgId: string,
  endpointIds: string[],
  since: Date,
  history: Date,
): Promise<EndpointAttemptsRow[]> {
  return db.$queryRaw<EndpointAttemptsRow[]>`
    WITH "tries" AS (
      SELECT d."endpointId", a."startedAt", a."success", a."statusCode", a."error"
        FROM "WebhookDelivery" d JOIN "DeliveryAttempt" a ON a."deliveryId" = d."id"
       WHERE d."orgId" = ${orgId} AND d."endpointId" = ANY(${endpointIds}) AND d."createdAt" >= ${history}
    ),
    "lastFailure" AS (
      SELECT DISTINCT ON ("endpointId") "endpointId", "startedAt", "statusCode", "error"
        FROM "tries" WHERE NOT "success" ORDER BY "endpointId", "startedAt" DESC
    )
    SELECT t."endpointId",
           (count(*) FILTER (WHERE t."startedAt" >= ${since}))::int AS "attempts",
           (count(*) FILTER (WHERE t."startedAt" >= ${since} AND t."success"))::int AS "successes",
           max(t."startedAt") FILTER (WHERE t."success") AS "lastSuccessAt",
           f."startedAt" AS "lastFailureAt", f."statusCode" AS "lastFailureStatus", f."error" AS "lastFailureError"
      FROM "tries" t LEFT JOIN "lastFailure" f ON f."endpointId" = t."endpointId"
     GROUP BY t."endpointId", f."startedAt", f."statusCode", f."error"`;
}
