// What tests start from, made in one place for vitest (every project) and Playwright alike:
// organisations with API keys, verification sessions, and a webhook receiver.
//
// Playwright's process cannot load server modules ("server-only"), so nothing here imports one
// at load time: organisations and keys are written through a connection of their own to the
// database named (the test stack's by default), with the key format's own functions, and a test
// (lib/account/keys/fixture-keys.db.test.ts) holds such a key equal to one the app makes. Sessions are
// made through the API, as an integrator makes them; the few rows written straight to the
// database (insertSession, completedEventFor*) are for vitest's db and http projects only.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { newId } from "@/lib/platform/ids";
import { displayParts, generateApiKey, hashApiKey } from "@/lib/account/keys/key-format";
import type { KeyMode } from "@/lib/account/keys/key-mode";

export { startReceiver, type ReceivedDelivery, type Receiver } from "./receiver";

type Where = { databaseUrl?: string };

/** The test stack's database: Playwright's (DATABASE_URL_E2E) or vitest's (DATABASE_URL). */
function stackDatabaseUrl(): string {
  const url = process.env.DATABASE_URL_E2E ?? process.env.DATABASE_URL;
  if (!url) throw new Error("fixtures: no test database (DATABASE_URL_E2E or DATABASE_URL)");
  return url;
}

async function withClient<T>(where: Where, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: where.databaseUrl ?? stackDatabaseUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new organisation with a unique name (`prefix-<random>`). */
export async function newOrganization(prefix = "org", where: Where = {}): Promise<{ id: string; name: string }> {
  const org = { id: newId("org"), name: `${prefix}-${randomBytes(5).toString("hex")}` };
  await withClient(where, (client) =>
    client.query(`insert into "Organization" (id, name) values ($1, $2)`, [org.id, org.name]),
  );
  return org;
}

/** Sets the organisation's display name, as its dashboard settings do. */
/**
 * The newest mail to `to` whose subject is `subject`, from the outbox the test stack keeps mail
 * in, waiting for it (sign-up mails after its answer is sent); null when none comes in time.
 */
export async function waitForMail(
  to: string,
  subject: string,
  { timeoutMs = 30_000, ...where }: Where & { timeoutMs?: number } = {},
): Promise<{ subject: string; text: string } | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await withClient(where, (client) =>
      client.query<{ subject: string; text: string }>(
        `SELECT subject, text FROM "OutboxMessage" WHERE "to" = $1 AND subject = $2 ORDER BY "createdAt" DESC LIMIT 1`,
        [to, subject],
      ),
    );
    if (rows[0]) return rows[0];
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function setDisplayName(orgId: string, displayName: string | null, where: Where = {}): Promise<void> {
  await withClient(where, (client) =>
    client.query(`update "Organization" set "displayName" = $2 where id = $1`, [orgId, displayName]),
  );
}

/** A new API key of the organisation; the full key is returned, as the app returns it once. */
export async function newApiKey(
  orgId: string,
  mode: KeyMode,
  options: Where & { name?: string } = {},
): Promise<{ id: string; key: string }> {
  const key = generateApiKey(mode);
  const { prefix, last4 } = displayParts(key);
  const id = newId("key");
  await withClient(options, (client) =>
    client.query(
      `insert into "ApiKey" (id, "orgId", mode, name, prefix, last4, "keyHash") values ($1, $2, $3, $4, $5, $6, $7)`,
      [id, orgId, mode, options.name ?? "", prefix, last4, hashApiKey(key)],
    ),
  );
  return { id, key };
}

/** A new organisation with a test key and (unless `live: false`) a live key. */
export async function newOrg(prefix = "org", options: Where & { live?: boolean } = {}) {
  const org = await newOrganization(prefix, options);
  const test = await newApiKey(org.id, "test", options);
  const live = options.live === false ? null : await newApiKey(org.id, "live", options);
  return { orgName: org.name, orgId: org.id, testKey: test.key, testKeyId: test.id, liveKey: live?.key ?? "" };
}

export type CreatedSession = { id: string; url: string; status: string; expires_at: string; locale: string | null };

/** A /v1 call with a Bearer key to the app at `origin`: JSON in, status and JSON out. */
export async function api<T = any>(
  origin: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** What createSession sends unless told otherwise. */
export const sessionBody = {
  required_age: 18,
  return_url: "https://merchant.example/done",
  metadata: { order: "A-1" },
};

/** A verification session made through the API of the app at `origin`. */
export async function createSession(
  origin: string,
  key: string,
  body: Record<string, unknown> = sessionBody,
): Promise<CreatedSession> {
  const res = await api(origin, key, "POST", "/v1/verification-sessions", body);
  if (res.status !== 201) throw new Error(`session creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Completes a test session through the API's test helper (pass, unless told otherwise). */
export async function completeSession(
  origin: string,
  key: string,
  id: string,
  body: Record<string, string> = { result: "pass" },
) {
  const res = await api(origin, key, "POST", `/v1/test_helpers/verification-sessions/${id}/complete`, body);
  if (res.status !== 200) throw new Error(`complete failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

type SessionStatus = "created" | "in_progress" | "passed" | "failed" | "expired";

/**
 * A session row written straight to the database (vitest only), with no Job row: the suite
 * app's runner never races the engine a test drives itself.
 */
export async function insertSession(
  orgId: string,
  fields: Partial<{ status: SessionStatus; expiresAt: Date; startedAt: Date }> = {},
) {
  const { db } = await import("@/lib/platform/db");
  return db.verificationSession.create({
    data: {
      id: newId("vs"),
      orgId,
      mode: "test",
      requiredAge: 18,
      methods: ["face_estimation"],
      returnUrl: "https://merchant.example/done",
      metadata: { order: "I-1" },
      urlTokenHash: randomBytes(32).toString("hex"),
      expiresAt: fields.expiresAt ?? new Date(Date.now() + 30 * 60_000),
      status: fields.status ?? "created",
      startedAt: fields.startedAt,
      ...(fields.status === "passed"
        ? {
            outcomeMethod: "face_estimation",
            outcomeResult: "pass",
            outcomeConfidence: "high",
            completedAt: new Date(),
          }
        : {}),
    },
  });
}

/** A passed session with its outbox event, subscribed to by one endpoint per url, in order (vitest only). */
export async function completedEventForEndpoints(urls: string[]) {
  const { db } = await import("@/lib/platform/db");
  const { createWebhookEndpoint } = await import("@/lib/verification/webhooks/create-webhook-endpoint");
  const org = await newOrganization("event");
  const endpoints = [];
  for (const url of urls) {
    endpoints.push(
      await createWebhookEndpoint({
        orgId: org.id,
        mode: "test",
        body: { url, events: ["verification_session.completed"] },
      }),
    );
  }
  const session = await insertSession(org.id, { status: "passed" });
  const event = await db.event.create({
    data: { id: newId("oev"), orgId: org.id, sessionId: session.id, type: "verification_session.completed" },
  });
  return { org, endpoints, session, event };
}

/** A passed session with its outbox event, subscribed to by one endpoint at `url` (vitest only). */
export async function completedEventFor(url: string) {
  const { endpoints, ...rest } = await completedEventForEndpoints([url]);
  return { ...rest, endpoint: endpoints[0] };
}
