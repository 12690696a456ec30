// Shared steps of the webhook integration tests: register an endpoint, create and drive
// sessions through the public API and its test helpers, and read the delivery record.
import pg from "pg";
import { v1 } from "../../support/api";

export async function createEndpoint(key: string, url: string, events?: string[]) {
  const res = await v1("POST", "/v1/webhook-endpoints", { key, body: events ? { url, events } : { url } });
  if (res.status !== 201) throw new Error(`endpoint creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; url: string; events: string[]; mode: string; secret: string };
}

export async function createSession(key: string, metadata: Record<string, string> = { order: "A-1" }) {
  const res = await v1("POST", "/v1/verification-sessions", {
    key,
    body: { required_age: 18, return_url: "https://merchant.example/done", metadata },
  });
  if (res.status !== 201) throw new Error(`session creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; expires_at: string };
}

export async function completeSession(key: string, id: string, body: Record<string, string> = { result: "pass" }) {
  const res = await v1("POST", `/v1/test_helpers/verification-sessions/${id}/complete`, { key, body });
  if (res.status !== 200) throw new Error(`complete failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Polls until `read` returns something truthy. */
export async function eventually<T>(read: () => Promise<T | null | undefined | false>, timeoutMs = 30_000, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
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
