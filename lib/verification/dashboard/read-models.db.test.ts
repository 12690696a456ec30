// The dashboard's read models answer for one organisation only: another organisation's ids
// are as missing as unknown ones.
import { describe, expect, it } from "vitest";
import { listDeliveries } from "@/lib/verification/webhooks/deliveries";
import { getSessionDetail } from "@/lib/verification/dashboard/get-session-detail";
import { getWebhookEndpoint } from "@/lib/verification/webhooks/get-webhook-endpoint";
import { listApiKeys } from "@/lib/account/keys/list-api-keys";
import { listDashboardSessions } from "@/lib/verification/dashboard/list-dashboard-sessions";
import { getOverview } from "@/lib/verification/dashboard/overview";
import { db } from "@/lib/platform/db";
import { revokeApiKey } from "@/lib/account/keys/revoke-api-key";
import { completeSession } from "@/lib/verification/complete-session";
import { createSession } from "@/lib/verification/create-session";
import { newId } from "@/lib/platform/ids";
import { createWebhookEndpoint } from "@/lib/verification/webhooks/create-webhook-endpoint";
import { countOpenDeadLetters, listDeadLetters, listDeliveryAttempts } from "@/lib/verification/webhooks/deliveries";
import { deleteWebhookEndpoint } from "@/lib/verification/webhooks/delete-webhook-endpoint";
import { insertSession, newApiKey, newOrganization } from "../../../tests/support/fixtures";

async function newOrgWithData() {
  const org = await newOrganization("read-models");
  const key = await newApiKey(org.id, "test", { name: "Backend" });
  const created = await createSession({
    orgId: org.id,
    mode: "test",
    required_age: 18,
    methods: ["face_estimation", "id_document"],
    return_url: "https://shop.example/done",
    metadata: { order: "42" },
  });
  await completeSession({
    orgId: org.id,
    sessionId: created.id,
    result: "pass",
    method: "id_document",
    confidence: "high",
    document: { type: "passport", issuingCountry: "NLD" },
    attemptsUsed: 1,
  });
  const endpoint = await createWebhookEndpoint({
    orgId: org.id,
    mode: "test",
    body: { url: "https://127.0.0.1:9/hook", events: ["verification_session.completed"] },
  });
  return { org, key, sessionId: created.id, endpoint };
}

describe("dashboard read models", () => {
  it("show one organisation's keys, sessions, endpoints and deliveries, and nothing of another's", async () => {
    const a = await newOrgWithData();
    const b = await newOrgWithData();

    const keys = await listApiKeys(a.org.id);
    expect(keys.map((k) => k.id)).toEqual([a.key.id]);
    expect(Object.keys(keys[0])).not.toContain("keyHash");

    const detail = await getSessionDetail(a.org.id, a.sessionId);
    expect(detail?.session).toMatchObject({
      id: a.sessionId,
      status: "passed",
      metadata: { order: "42" },
      outcome: { result: "pass" },
    });
    expect(detail?.events.map((e) => e.type)).toEqual(["verification_session.completed"]);
    // The document's kind is the dashboard's: the API's answer has no place for it.
    expect(detail?.document).toEqual({ type: "passport", issuingCountry: "NLD" });
    expect(JSON.stringify(detail?.session)).not.toMatch(/passport|NLD/);
    expect(await getSessionDetail(a.org.id, b.sessionId)).toBeNull();

    const page = await listDashboardSessions({ orgId: a.org.id, trail: [] });
    expect(page.ok && page.sessions.map((s) => s.id)).toEqual([a.sessionId]);
    const live = await listDashboardSessions({ orgId: a.org.id, mode: "live", trail: [] });
    expect(live.ok && live.sessions).toEqual([]);

    expect(await getWebhookEndpoint(a.org.id, a.endpoint.id)).toMatchObject({ id: a.endpoint.id, mode: "test" });
    expect(await getWebhookEndpoint(a.org.id, b.endpoint.id)).toBeNull();
    expect(JSON.stringify(await getWebhookEndpoint(a.org.id, a.endpoint.id))).not.toContain("whsec_");

    expect(await listDeliveries({ orgId: a.org.id, endpointId: b.endpoint.id })).toEqual([]);
    expect(await listDeliveries({ orgId: a.org.id, sessionId: b.sessionId })).toEqual([]);
  });

  it("refuse to revoke another organisation's key", async () => {
    const a = await newOrgWithData();
    const b = await newOrgWithData();
    await expect(revokeApiKey(b.key.id, a.org.id)).rejects.toThrow(/No active API key/);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: b.key.id } })).revokedAt).toBeNull();
  });

  it("page sessions newest first and report an expired or foreign page link instead of failing", async () => {
    const org = await newOrganization("paging");
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) {
      const created = await createSession({
        orgId: org.id,
        mode: i % 2 ? "live" : "test",
        required_age: 16,
        methods: ["face_estimation"],
        return_url: "https://shop.example/",
        metadata: {},
      });
      ids.unshift(created.id);
    }
    const first = await listDashboardSessions({ orgId: org.id, trail: [] });
    if (!first.ok || !first.olderTrail) throw new Error("expected a second page");
    expect(first.sessions.map((s) => s.id)).toEqual(ids.slice(0, 20));
    expect(first.newerTrail).toBeNull();
    const second = await listDashboardSessions({ orgId: org.id, trail: first.olderTrail });
    expect(second.ok && second.sessions.map((s) => s.id)).toEqual(ids.slice(20));
    expect(second.ok && second.newerTrail).toEqual([]);
    expect(second.ok && second.olderTrail).toBeNull();

    const other = await newOrganization("paging-other");
    expect(await listDashboardSessions({ orgId: other.id, trail: first.olderTrail })).toEqual({
      ok: false,
      reason: "cursor_invalid",
    });
  });

  it("count dead letters and usage per organisation", async () => {
    const a = await newOrgWithData();
    const overview = await getOverview(a.org.id);
    expect(overview.keys).toEqual({ test: 1, live: 0 });
    expect(overview.endpoints).toBe(1);
    expect(overview.sessions24h.passed).toBe(1);
    expect(overview.usage).toMatchObject({ total: 0, test: 0, live: 0 });
    expect(await countOpenDeadLetters(a.org.id)).toBe(0);
  });

  it("count dead letters exactly as the dead-letter queue lists them, deleted endpoints left out", async () => {
    const org = await newOrganization("read-models");
    const endpoint = (url: string) =>
      createWebhookEndpoint({ orgId: org.id, mode: "test", body: { url, events: ["verification_session.completed"] } });
    const kept = await endpoint("https://hooks.example/kept");
    const gone = await endpoint("https://hooks.example/gone");
    // Rows written directly (no delivery job), as five failed attempts would leave them.
    const deliveryOf = async (endpointId: string, status: "dead" | "succeeded") => {
      const session = await insertSession(org.id, { status: "passed" });
      const event = await db.event.create({
        data: { id: newId("oev"), orgId: org.id, sessionId: session.id, type: "verification_session.completed" },
      });
      await db.webhookDelivery.create({
        data: {
          id: newId("whd"),
          eventId: newId("evt"),
          outboxEventId: event.id,
          endpointId,
          orgId: org.id,
          status,
          attempts: 5,
          deadLetteredAt: status === "dead" ? new Date() : null,
        },
      });
    };
    await deliveryOf(kept.id, "dead");
    await deliveryOf(kept.id, "dead");
    await deliveryOf(kept.id, "succeeded");
    await deliveryOf(gone.id, "dead");
    expect(await countOpenDeadLetters(org.id)).toBe(3);
    await deleteWebhookEndpoint(org.id, gone.id);

    const queue = await listDeadLetters(org.id);
    expect(queue.data.map((d) => d.endpointId)).toEqual([kept.id, kept.id]);
    expect(await countOpenDeadLetters(org.id)).toBe(queue.data.length);
    expect((await getOverview(org.id)).deadLetters).toBe(queue.data.length);
    for (const endpointId of [kept.id, gone.id]) {
      expect(await countOpenDeadLetters(org.id, endpointId)).toBe(
        (await listDeadLetters(org.id, { endpointId })).data.length,
      );
    }
    expect(await countOpenDeadLetters(org.id, gone.id)).toBe(0);
  });

  it("page attempts and dead letters by keyset: every row once, newest first, a foreign anchor ignored", async () => {
    const org = await newOrganization("keyset");
    const other = await newOrganization("keyset-other");
    const endpoint = await createWebhookEndpoint({
      orgId: org.id,
      mode: "test",
      body: { url: "https://hooks.example/k", events: ["verification_session.completed"] },
    });
    const otherEndpoint = await createWebhookEndpoint({
      orgId: other.id,
      mode: "test",
      body: { url: "https://hooks.example/o", events: ["verification_session.completed"] },
    });
    // Five dead deliveries with one attempt each; two share a timestamp, so the id breaks the tie.
    const base = Date.UTC(2026, 0, 1);
    const times = [base, base + 1000, base + 1000, base + 2000, base + 3000];
    const deliveryWithAttempt = async (orgId: string, endpointId: string, at: number) => {
      const session = await insertSession(orgId, { status: "passed" });
      const event = await db.event.create({
        data: { id: newId("oev"), orgId, sessionId: session.id, type: "verification_session.completed" },
      });
      const delivery = await db.webhookDelivery.create({
        data: {
          id: newId("whd"),
          eventId: newId("evt"),
          outboxEventId: event.id,
          endpointId,
          orgId,
          status: "dead",
          attempts: 5,
          deadLetteredAt: new Date(at),
        },
      });
      const attempt = await db.deliveryAttempt.create({
        data: {
          id: newId("wha"),
          deliveryId: delivery.id,
          attemptNumber: 1,
          startedAt: new Date(at),
          durationMs: 5,
          statusCode: 500,
          error: "HTTP 500",
          success: false,
        },
      });
      return { deliveryId: delivery.id, attemptId: attempt.id, at };
    };
    const rows = [];
    for (const at of times) rows.push(await deliveryWithAttempt(org.id, endpoint.id, at));
    const foreign = await deliveryWithAttempt(other.id, otherEndpoint.id, base + 5000);
    const newestFirst = [...rows].sort((a, b) => b.at - a.at || (a.attemptId < b.attemptId ? 1 : -1));

    const walk = async <T>(page: (before?: string) => Promise<{ data: T[]; nextBefore: string | null }>) => {
      const seen: T[] = [];
      let before: string | undefined;
      for (let i = 0; i < 10; i++) {
        const next = await page(before);
        seen.push(...next.data);
        if (!next.nextBefore) return seen;
        before = next.nextBefore;
      }
      throw new Error("paging did not end");
    };
    const attempts = await walk((before) => listDeliveryAttempts(org.id, { limit: 2, before }));
    expect(attempts.map((a) => a.id)).toEqual(newestFirst.map((r) => r.attemptId));
    const byDeliveryId = [...rows].sort((a, b) => b.at - a.at || (a.deliveryId < b.deliveryId ? 1 : -1));
    const letters = await walk((before) => listDeadLetters(org.id, { limit: 2, before }));
    expect(letters.map((d) => d.deliveryId)).toEqual(byDeliveryId.map((r) => r.deliveryId));

    // Another organisation's row as the anchor names nothing of this one's: the first page.
    const first = await listDeliveryAttempts(org.id, { limit: 2 });
    expect(await listDeliveryAttempts(org.id, { limit: 2, before: foreign.attemptId })).toEqual(first);
    expect((await listDeadLetters(org.id, { limit: 2, before: foreign.deliveryId })).data).toEqual(
      (await listDeadLetters(org.id, { limit: 2 })).data,
    );
  });
});
