// Retrieve and list answer with JSON that PostgreSQL renders (session-json-sql.ts). It must be
// byte for byte what serializeSession makes of the same row, in every state a session can be
// in, with any metadata the API accepts, whatever the database server's time zone.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { completeSession } from "@/lib/verification/complete-session";
import { createSession } from "@/lib/verification/create-session";
import { forceExpireSession } from "@/lib/verification/expire-session";
import { getSessionJsonOrThrow, getSessionOrThrow } from "@/lib/verification/get-session-or-throw";
import { listSessions, listSessionsJson } from "@/lib/verification/list-sessions";
import { serializeSession } from "@/lib/verification/serialize-session";
import { SESSION_JSON_SQL } from "@/lib/platform/db/hot/session-json-sql";
import { newOrganization } from "../../../../tests/support/fixtures";

const awkwardMetadata = {
  "2": "integer-like keys come first in JavaScript",
  order: "1001",
  quote: 'say "hi" \\ back\\slash / slash',
  control: "tab\tnew\nline\u0001\u001f\u007f",
  unicode: "Grüße, 日本語, emoji 👍🏽, \u2028\u2029",
  empty: "",
  "key with spaces and ümlauts": "x".repeat(500),
};

async function sessionsInEveryState() {
  const org = await newOrganization("session-json");
  const create = (overrides: Partial<Parameters<typeof createSession>[0]> = {}) =>
    createSession({
      orgId: org.id,
      mode: "test",
      required_age: 18,
      methods: ["face_estimation", "id_document"],
      return_url: "https://shop.example/done?order=1&x=%22",
      metadata: {},
      ...overrides,
    });
  const created = await create();
  const awkward = await create({ metadata: awkwardMetadata, methods: ["credit_card"], mode: "live" });
  const inProgress = await create({ required_age: 16, methods: ["id_document", "face_estimation"] });
  await db.verificationSession.update({
    where: { id: inProgress.id },
    data: { status: "in_progress", startedAt: new Date(), attempts: 2 },
  });
  const passed = await create({ metadata: { order: "7" } });
  await completeSession({
    orgId: org.id,
    sessionId: passed.id,
    result: "pass",
    method: "id_document",
    confidence: "high",
    attemptsUsed: 1,
  });
  const failed = await create();
  await completeSession({
    orgId: org.id,
    sessionId: failed.id,
    result: "inconclusive",
    method: "face_estimation",
    confidence: "low",
    attemptsUsed: 3,
  });
  const expired = await create();
  await forceExpireSession(org.id, expired.id);
  // Whole seconds and the last millisecond of one: toISOString always writes three digits.
  const roundTimes = await create();
  await db.verificationSession.update({
    where: { id: roundTimes.id },
    data: { createdAt: new Date("2026-01-02T03:04:05.000Z"), expiresAt: new Date("2026-01-02T03:34:05.999Z") },
  });
  // Started, but past the expires_at it showed, before the expiry job has run: answers "expired".
  const overdue = await create();
  await db.verificationSession.update({
    where: { id: overdue.id },
    data: { status: "in_progress", startedAt: new Date(), expiresAt: new Date(Date.now() - 1000) },
  });
  return {
    orgId: org.id,
    ids: [created, awkward, inProgress, passed, failed, expired, roundTimes, overdue].map((s) => s.id),
    overdueId: overdue.id,
  };
}

async function expectedJson(orgId: string, id: string) {
  return JSON.stringify(serializeSession(await getSessionOrThrow(orgId, id)));
}

describe("session JSON rendered by PostgreSQL", () => {
  it("is exactly serializeSession's JSON for sessions in every state", async () => {
    const { orgId, ids, overdueId } = await sessionsInEveryState();
    for (const id of ids) {
      expect(await getSessionJsonOrThrow(orgId, id)).toBe(await expectedJson(orgId, id));
    }
    expect(JSON.parse(await getSessionJsonOrThrow(orgId, overdueId)).status).toBe("expired");
    const retrieved = JSON.parse(await getSessionJsonOrThrow(orgId, ids[1]));
    expect(Object.keys(retrieved.metadata)).toEqual(Object.keys(JSON.parse(JSON.stringify(awkwardMetadata))));
    expect(retrieved.metadata).toEqual(awkwardMetadata);
  });

  it("makes list pages of the same JSON, with a cursor that reaches the next page", async () => {
    const { orgId, ids } = await sessionsInEveryState();
    const newestFirst = await db.verificationSession.findMany({
      where: { orgId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    expect(newestFirst.map((row) => row.id).sort()).toEqual([...ids].sort());
    const expected = newestFirst.map((row) => JSON.stringify(serializeSession(row)));
    const first = await listSessionsJson({ orgId, limit: 4 });
    expect(first.startsWith(`{"data":[${expected.slice(0, 4).join(",")}],"next_cursor":"`)).toBe(true);
    const cursor = JSON.parse(first).next_cursor as string;
    expect(first.endsWith(`"next_cursor":${JSON.stringify(cursor)},"has_more":true}`)).toBe(true);
    expect(await listSessionsJson({ orgId, limit: 4, cursor })).toBe(
      `{"data":[${expected.slice(4).join(",")}],"next_cursor":null,"has_more":false}`,
    );

    // The page size is written into the SQL, so anything but an integer from 1 to 100 is refused.
    for (const limit of [0, 101, 2.5, Number.NaN]) {
      await expect(listSessionsJson({ orgId, limit })).rejects.toThrow(RangeError);
    }

    const parsed = await listSessions({ orgId, limit: 100, filter: { status: "passed" } });
    expect(parsed).toEqual({
      data: [JSON.parse(await expectedJson(orgId, ids[3]))],
      next_cursor: null,
      has_more: false,
    });
  });

  it("writes UTC timestamps whatever the database session's time zone", async () => {
    const { orgId, ids } = await sessionsInEveryState();
    const json = await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL TIME ZONE 'Pacific/Chatham'");
      const rows = await tx.$queryRawUnsafe<{ json: string }[]>(
        `SELECT ${SESSION_JSON_SQL} AS "json" FROM "VerificationSession" WHERE "id" = $1`,
        ids[3],
      );
      return rows[0].json;
    });
    expect(json).toBe(await expectedJson(orgId, ids[3]));
    expect(JSON.parse(json).created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
