// Shared steps of the webhook integration tests: register an endpoint through the public API,
// and read the delivery record (sessions and receivers: tests/support/fixtures.ts).
import pg from "pg";
import { v1 } from "../../support/api";

export async function createEndpoint(key: string, url: string, events?: string[]) {
  const res = await v1("POST", "/v1/webhook-endpoints", { key, body: events ? { url, events } : { url } });
  if (res.status !== 201) throw new Error(`endpoint creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; url: string; events: string[]; mode: string; secret: string };
}

/** Direct reads of the delivery tables of a database (any stack's). */
export function deliveryRecords(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return {
    deliveries: async (sessionId: string) =>
      (
        await pool.query(
          `select d.*, e."type" from "WebhookDelivery" d join "Event" e on e.id = d."outboxEventId"
            where e."sessionId" = $1 order by d."endpointId"`,
          [sessionId],
        )
      ).rows,
    attempts: async (sessionId: string) =>
      (
        await pool.query(
          `select a.*, d."endpointId", d."eventId" from "DeliveryAttempt" a
             join "WebhookDelivery" d on d.id = a."deliveryId"
             join "Event" e on e.id = d."outboxEventId"
            where e."sessionId" = $1 order by a."startedAt", a.id`,
          [sessionId],
        )
      ).rows,
    query: (sql: string, params: unknown[] = []) => pool.query(sql, params),
    close: () => pool.end(),
  };
}
