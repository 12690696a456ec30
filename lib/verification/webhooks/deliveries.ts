import "server-only";
import { db } from "@/lib/platform/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import { olderThan, pageLimit, toKeysetPage, type KeysetPage } from "@/lib/platform/paging/keyset-page";

// Every read of webhook deliveries and their attempts that the dashboard makes (session detail,
// endpoint detail, the deliveries log, the dead-letter queue, the counts in the nav and the
// overview). Sending, retrying and redelivering belong to lib/verification/webhooks.

type DeliveryStatus = "pending" | "succeeded" | "dead" | "cancelled";

/** What a delivery carries, and where to: the part every delivery view shows. */
type DeliveryTarget = {
  eventId: string;
  eventType: string;
  sessionId: string;
  endpointId: string;
  endpointUrl: string;
};

/** One recorded attempt to deliver an event to an endpoint. */
type AttemptView = {
  id: string;
  attemptNumber: number;
  manual: boolean;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
  success: boolean;
};

/** An attempt with what it was delivering, and where (the deliveries log). */
export type AttemptRecord = AttemptView & DeliveryTarget & { deliveryId: string };

/** A delivery with every attempt, newest first (session and endpoint pages). */
export type DeliveryView = DeliveryTarget & {
  id: string;
  endpointDeleted: boolean;
  status: DeliveryStatus;
  attempts: number;
  createdAt: Date;
  lastAttemptAt: Date | null;
  succeededAt: Date | null;
  deadLetteredAt: Date | null;
  /**
   * For a delivery still retrying: when its event's next automatic attempt is due, or null when
   * that is not known here (an attempt is running, or Inngest holds the schedule).
   */
  nextAttemptAt: Date | null;
  tries: AttemptView[];
};

/** A delivery whose automatic attempts all failed, with its last failure (the dead-letter queue). */
export type DeadLetter = DeliveryTarget & {
  deliveryId: string;
  mode: KeyMode;
  attempts: number;
  deadLetteredAt: Date;
  lastError: string | null;
  lastStatusCode: number | null;
};

const targetInclude = {
  event: { select: { type: true, sessionId: true } },
  endpoint: { select: { url: true, mode: true, deletedAt: true } },
} satisfies Prisma.WebhookDeliveryInclude;

type TargetRow = {
  eventId: string;
  endpointId: string;
  event: { type: string; sessionId: string };
  endpoint: { url: string };
};

function toTarget(row: TargetRow): DeliveryTarget {
  return {
    eventId: row.eventId,
    eventType: row.event.type,
    sessionId: row.event.sessionId,
    endpointId: row.endpointId,
    endpointUrl: row.endpoint.url,
  };
}

function toAttemptView(row: AttemptView): AttemptView {
  return {
    id: row.id,
    attemptNumber: row.attemptNumber,
    manual: row.manual,
    startedAt: row.startedAt,
    durationMs: row.durationMs,
    statusCode: row.statusCode,
    error: row.error,
    responseExcerpt: row.responseExcerpt,
    success: row.success,
  };
}

/** Deliveries of one organisation, newest first, optionally for one session, endpoint or status. */
export async function listDeliveries(input: {
  orgId: string;
  sessionId?: string;
  endpointId?: string;
  status?: DeliveryStatus;
  limit?: number;
}): Promise<DeliveryView[]> {
  const rows = await db.webhookDelivery.findMany({
    where: {
      orgId: input.orgId,
      ...(input.endpointId ? { endpointId: input.endpointId } : {}),
      ...(input.status ? { status: input.status } : {}),
      ...(input.sessionId ? { event: { sessionId: input.sessionId } } : {}),
    },
    include: { ...targetInclude, deliveryTries: { orderBy: [{ startedAt: "desc" }, { id: "desc" }] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.limit ?? 50,
  });
  const nextAttempts = await nextAttemptTimes(rows);
  return rows.map((row) => ({
    ...toTarget(row),
    id: row.id,
    nextAttemptAt: nextAttempts.get(row.outboxEventId) ?? null,
    endpointDeleted: Boolean(row.endpoint.deletedAt),
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt,
    lastAttemptAt: row.lastAttemptAt,
    succeededAt: row.succeededAt,
    deadLetteredAt: row.deadLetteredAt,
    tries: row.deliveryTries.map(toAttemptView),
  }));
}

/**
 * When the next automatic attempt of each retrying delivery's event is due, by outbox event id:
 * the event's delivery job (dedupeKey `deliver:<event>`, lib/verification/record-session-event.ts)
 * while it waits in the embedded runner.
 */
async function nextAttemptTimes(rows: { outboxEventId: string; status: string }[]): Promise<Map<string, Date>> {
  const events = [...new Set(rows.filter((row) => row.status === "pending").map((row) => row.outboxEventId))];
  if (events.length === 0) return new Map();
  const jobs = await db.job.findMany({
    where: { dedupeKey: { in: events.map((id) => `deliver:${id}`) }, status: "pending" },
    select: { dedupeKey: true, runAt: true },
  });
  return new Map(jobs.map((job) => [job.dedupeKey!.slice("deliver:".length), job.runAt]));
}

/**
 * Every recorded attempt of the organisation, newest first, narrowed to one endpoint, session
 * or delivery when given; keyset-paged with `before` = the last attempt's id. Attempts of other
 * organisations never appear, whatever ids are passed.
 */
export async function listDeliveryAttempts(
  orgId: string,
  filter: { endpointId?: string; sessionId?: string; deliveryId?: string; limit?: number; before?: string } = {},
): Promise<KeysetPage<AttemptRecord>> {
  const limit = pageLimit(filter.limit, 100, 500);
  const anchor = filter.before
    ? await db.deliveryAttempt.findFirst({
        where: { id: filter.before, delivery: { orgId } },
        select: { id: true, startedAt: true },
      })
    : null;
  const rows = await db.deliveryAttempt.findMany({
    where: {
      ...(filter.deliveryId ? { deliveryId: filter.deliveryId } : {}),
      delivery: {
        orgId,
        ...(filter.endpointId ? { endpointId: filter.endpointId } : {}),
        ...(filter.sessionId ? { event: { sessionId: filter.sessionId } } : {}),
      },
      ...olderThan("startedAt", anchor && { id: anchor.id, at: anchor.startedAt }),
    },
    include: { delivery: { select: { eventId: true, endpointId: true, ...targetInclude } } },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  return toKeysetPage(rows, limit, (row) => ({
    ...toAttemptView(row),
    ...toTarget(row.delivery),
    deliveryId: row.deliveryId,
  }));
}

/**
 * What "open dead letter" means, in one place for the queue and every count of it (the nav
 * badge, the overview, the dead-letter page's total): deliveries of the organisation whose five
 * automatic attempts all failed and that no redelivery has fixed since, on endpoints that still
 * exist (there is nowhere to redeliver to a deleted one).
 */
function openDeadLetterWhere(orgId: string, endpointId?: string): Prisma.WebhookDeliveryWhereInput {
  return { orgId, status: "dead", endpoint: { deletedAt: null }, ...(endpointId ? { endpointId } : {}) };
}

/** How many open dead letters the organisation (or one of its endpoints) has. */
export async function countOpenDeadLetters(orgId: string, endpointId?: string): Promise<number> {
  return db.webhookDelivery.count({ where: openDeadLetterWhere(orgId, endpointId) });
}

/**
 * The organisation's dead-letter queue, most recently dead-lettered first, keyset-paged with
 * `before` = the last row's `deliveryId`, so concurrent dead-lettering does not shift pages.
 */
export async function listDeadLetters(
  orgId: string,
  options: { endpointId?: string; limit?: number; before?: string } = {},
): Promise<KeysetPage<DeadLetter>> {
  const limit = pageLimit(options.limit, 50, 100);
  const anchor = options.before
    ? await db.webhookDelivery.findFirst({
        where: { id: options.before, orgId },
        select: { id: true, deadLetteredAt: true },
      })
    : null;
  const rows = await db.webhookDelivery.findMany({
    where: {
      ...openDeadLetterWhere(orgId, options.endpointId),
      ...olderThan("deadLetteredAt", anchor?.deadLetteredAt ? { id: anchor.id, at: anchor.deadLetteredAt } : null),
    },
    include: { ...targetInclude, deliveryTries: { orderBy: [{ startedAt: "desc" }, { id: "desc" }], take: 1 } },
    orderBy: [{ deadLetteredAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  return toKeysetPage(rows, limit, (row) => ({
    ...toTarget(row),
    deliveryId: row.id,
    mode: row.endpoint.mode,
    attempts: row.attempts,
    deadLetteredAt: row.deadLetteredAt!,
    lastError: row.deliveryTries[0]?.error ?? null,
    lastStatusCode: row.deliveryTries[0]?.statusCode ?? null,
  }));
}

/** Deliveries still being retried automatically. */
export async function countPendingDeliveries(orgId: string, endpointId?: string): Promise<number> {
  return db.webhookDelivery.count({ where: { orgId, status: "pending", ...(endpointId ? { endpointId } : {}) } });
}
