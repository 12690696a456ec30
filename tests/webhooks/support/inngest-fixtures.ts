// Rows for the Inngest function tests, written straight to the database. Sessions and events
// made here have no Job row, so the suite app's embedded runner never races the test engine.
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { findOrCreateOrganization } from "@/lib/orgs/find-or-create-organization";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";

export async function newOrganization() {
  return findOrCreateOrganization(`inngest-${randomBytes(5).toString("hex")}`);
}

export async function insertSession(
  orgId: string,
  fields: Partial<{ status: "created" | "in_progress" | "passed" | "failed" | "expired"; expiresAt: Date; startedAt: Date }> = {},
) {
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
        ? { outcomeMethod: "face_estimation", outcomeResult: "pass", outcomeConfidence: "high", completedAt: new Date() }
        : {}),
    },
  });
}

/** A passed session with its outbox event, subscribed to by one endpoint at `url`. */
export async function completedEventFor(url: string) {
  const { endpoints, ...rest } = await completedEventForEndpoints([url]);
  return { ...rest, endpoint: endpoints[0] };
}

/** A passed session with its outbox event, subscribed to by one endpoint per url (in order). */
export async function completedEventForEndpoints(urls: string[]) {
  const org = await newOrganization();
  const endpoints = [];
  for (const url of urls) {
    endpoints.push(await createWebhookEndpoint({ orgId: org.id, mode: "test", body: { url, events: ["verification_session.completed"] } }));
  }
  const session = await insertSession(org.id, { status: "passed" });
  const event = await db.event.create({
    data: { id: newId("oev"), orgId: org.id, sessionId: session.id, type: "verification_session.completed" },
  });
  return { org, endpoints, session, event };
}
