// Retrieve and list (spec parts 2 and 4): shapes, limits, keyset paging that stays exact while
// sessions are being created, cursors that cannot be forged or moved, organisation isolation.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { createSession as createSessionInDb } from "@/lib/verification/create-session";
import { encodeSessionCursor } from "@/lib/verification/session-cursor";
import { revokeApiKey } from "@/lib/account/keys/revoke-api-key";
import { v1 } from "../support/api";
import { createSession, expectError, expectParameterInvalid, validBody } from "./support";
import { newOrg } from "../support/fixtures";

const RETRIEVE_FIELDS = [
  "attempts",
  "created_at",
  "expires_at",
  "id",
  "locale",
  "metadata",
  "methods",
  "mode",
  "required_age",
  "return_url",
  "status",
];

/** Sessions made through the domain code: setting up a long list must not spend the org's rate limit. */
async function seedSessions(orgId: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const session = await createSessionInDb({
      orgId,
      mode: "test",
      required_age: 18,
      methods: ["face_estimation"],
      return_url: "https://merchant.example/done",
      metadata: { n: String(i) },
    });
    ids.push(session.id);
  }
  return ids.reverse(); // newest first
}

async function listAll(key: string, limit: number, between?: () => Promise<unknown>) {
  const seen: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const query = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const [page] = await Promise.all([v1("GET", `/v1/verification-sessions?${query}`, { key }), between?.()]);
    expect(page.status).toBe(200);
    expect(page.body.data.length).toBeLessThanOrEqual(limit);
    pages++;
    seen.push(...page.body.data.map((s: { id: string }) => s.id));
    // has_more says what next_cursor says, on every page.
    expect(page.body.has_more).toBe(page.body.next_cursor != null);
    if (page.body.next_cursor == null) return { seen, pages };
    expect(page.body.data.length).toBe(limit);
    cursor = page.body.next_cursor;
  }
}

describe("GET /v1/verification-sessions/:id", () => {
  it("returns the retrieve shape: no url, no outcome before the session is terminal", async () => {
    const { testKey } = await newOrg();
    // Keys in an order a jsonb column would change (it sorts by length, then bytes).
    const metadata = { zeta: "1", order: "A-1", b: "2" };
    const created = await createSession(testKey, { ...validBody, required_age: 16, metadata });
    const res = await v1("GET", `/v1/verification-sessions/${created.id}`, { key: testKey });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(RETRIEVE_FIELDS);
    expect(res.body).toMatchObject({
      id: created.id,
      status: "created",
      required_age: 16,
      methods: ["face_estimation", "id_document"],
      return_url: validBody.return_url,
      mode: "test",
      attempts: 0,
      created_at: created.created_at,
      metadata,
    });
    // Verbatim, key order included, as in the create response.
    expect(Object.keys(res.body.metadata)).toEqual(["zeta", "order", "b"]);
    expect(Object.keys(created.metadata)).toEqual(["zeta", "order", "b"]);
    const listed = await v1("GET", "/v1/verification-sessions?limit=1", { key: testKey });
    expect(Object.keys(listed.body.data[0].metadata)).toEqual(["zeta", "order", "b"]);
    expect(res.body.url).toBeUndefined();
    expect(res.body.outcome).toBeUndefined();
  });

  it("shows the outcome once the session is terminal (via the complete test helper)", async () => {
    const { testKey } = await newOrg();
    const created = await createSession(testKey);
    const done = await v1("POST", `/v1/test_helpers/verification-sessions/${created.id}/complete`, {
      key: testKey,
      body: { result: "pass", method: "id_document", confidence: "medium" },
    });
    expect(done.status).toBe(200);
    const res = await v1("GET", `/v1/verification-sessions/${created.id}`, { key: testKey });
    expect(Object.keys(res.body).sort()).toEqual([...RETRIEVE_FIELDS, "outcome"].sort());
    expect(res.body.status).toBe("passed");
    expect(res.body.attempts).toBe(1);
    expect(res.body.url).toBeUndefined();
    expect(Object.keys(res.body.outcome).sort()).toEqual(["completed_at", "confidence", "method", "result"]);
    expect(res.body.outcome).toMatchObject({ method: "id_document", result: "pass", confidence: "medium" });
    expect(res.body.outcome.completed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("has no outcome for an expired session", async () => {
    const { testKey } = await newOrg();
    const created = await createSession(testKey);
    await v1("POST", `/v1/test_helpers/verification-sessions/${created.id}/expire`, { key: testKey });
    const res = await v1("GET", `/v1/verification-sessions/${created.id}`, { key: testKey });
    expect(res.body.status).toBe("expired");
    expect(res.body.outcome).toBeUndefined();
  });

  it("answers an unknown id with 404 resource_missing", async () => {
    const { testKey } = await newOrg();
    const res = await v1("GET", "/v1/verification-sessions/vs_doesnotexist000000000000", { key: testKey });
    expectError(res, { status: 404, type: "invalid_request_error", code: "resource_missing", param: "id" });
  });

  it.each(["vs_%00", "vs_a%00b", "%00"])(
    "answers the id %s, which no session can have, with 404, not a 500",
    async (id) => {
      const { testKey } = await newOrg();
      for (const [method, path] of [
        ["GET", `/v1/verification-sessions/${id}`],
        ["POST", `/v1/test_helpers/verification-sessions/${id}/expire`],
        ["DELETE", `/v1/webhook-endpoints/${id.replace("vs_", "whe_")}`],
      ]) {
        const res = await v1(method, path, { key: testKey });
        expectError(res, { status: 404, type: "invalid_request_error", code: "resource_missing", param: "id" });
      }
    },
  );

  it("any key of the organisation, test or live, reads its sessions", async () => {
    const { testKey, liveKey } = await newOrg();
    const created = await createSession(testKey);
    const res = await v1("GET", `/v1/verification-sessions/${created.id}`, { key: liveKey });
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe("test");
  });
});

describe("organisation isolation", () => {
  it("another organisation's session is 404 resource_missing, exactly like an unknown id", async () => {
    const owner = await newOrg("owner");
    const other = await newOrg("other");
    const theirs = await createSession(owner.testKey);
    const unknownId = `vs_${"Z".repeat(24)}`;

    for (const key of [other.testKey, other.liveKey]) {
      const foreign = await v1("GET", `/v1/verification-sessions/${theirs.id}`, { key });
      const unknown = await v1("GET", `/v1/verification-sessions/${unknownId}`, { key });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(JSON.parse(JSON.stringify(unknown.body).replaceAll(unknownId, theirs.id)));
    }
  });

  it("lists only the organisation's own sessions", async () => {
    const a = await newOrg("a");
    const b = await newOrg("b");
    const mine = await createSession(a.testKey);
    const theirs = await createSession(b.testKey);
    const list = await v1("GET", "/v1/verification-sessions?limit=100", { key: a.liveKey });
    const ids = list.body.data.map((s: { id: string }) => s.id);
    expect(ids).toEqual([mine.id]);
    expect(ids).not.toContain(theirs.id);
  });

  it("test helpers cannot touch another organisation's session", async () => {
    const owner = await newOrg("owner");
    const other = await newOrg("other");
    const theirs = await createSession(owner.testKey);
    for (const action of ["complete", "expire"]) {
      const res = await v1("POST", `/v1/test_helpers/verification-sessions/${theirs.id}/${action}`, {
        key: other.testKey,
        body: { result: "pass" },
      });
      expectError(res, { status: 404, type: "invalid_request_error", code: "resource_missing" });
    }
    const still = await v1("GET", `/v1/verification-sessions/${theirs.id}`, { key: owner.testKey });
    expect(still.body.status).toBe("created");
  });
});

describe("GET /v1/verification-sessions", () => {
  it("defaults to 20 per page, newest first, with a cursor to the rest", async () => {
    const { orgId, testKey } = await newOrg();
    const ids = await seedSessions(orgId, 21);
    const first = await v1("GET", "/v1/verification-sessions", { key: testKey });
    expect(first.status).toBe(200);
    expect(first.body.data.map((s: { id: string }) => s.id)).toEqual(ids.slice(0, 20));
    expect(typeof first.body.next_cursor).toBe("string");
    expect(first.body.has_more).toBe(true);
    for (const item of first.body.data) {
      expect(Object.keys(item).sort()).toEqual(RETRIEVE_FIELDS);
    }
    const second = await v1("GET", `/v1/verification-sessions?cursor=${encodeURIComponent(first.body.next_cursor)}`, {
      key: testKey,
    });
    expect(second.body.data.map((s: { id: string }) => s.id)).toEqual(ids.slice(20));
    expect(second.body.next_cursor ?? null).toBeNull();
    expect(second.body.has_more).toBe(false);
  });

  it("accepts limit 1 and 100", async () => {
    const { orgId, testKey } = await newOrg();
    const ids = await seedSessions(orgId, 3);
    const one = await v1("GET", "/v1/verification-sessions?limit=1", { key: testKey });
    expect(one.body.data.map((s: { id: string }) => s.id)).toEqual([ids[0]]);
    expect(one.body.next_cursor).toEqual(expect.any(String));
    expect(one.body.has_more).toBe(true);
    const hundred = await v1("GET", "/v1/verification-sessions?limit=100", { key: testKey });
    expect(hundred.body.data.map((s: { id: string }) => s.id)).toEqual(ids);
    expect(hundred.body.next_cursor ?? null).toBeNull();
    expect(hundred.body.has_more).toBe(false);
  });

  it("an empty list is an empty page without a cursor", async () => {
    const { testKey } = await newOrg();
    const res = await v1("GET", "/v1/verification-sessions", { key: testKey });
    expect(res.body.data).toEqual([]);
    expect(res.body.next_cursor ?? null).toBeNull();
    expect(res.body.has_more).toBe(false);
  });

  it.each(["0", "101", "-1", "2.5", "1e1", "abc", "", "%2010"])(
    "rejects limit=%s with parameter_invalid",
    async (limit) => {
      const { testKey } = await newOrg();
      const res = await v1("GET", `/v1/verification-sessions?limit=${limit}`, { key: testKey });
      expectParameterInvalid(res, "limit");
    },
  );

  it("rejects an unknown query parameter, naming it", async () => {
    const { testKey } = await newOrg();
    expectParameterInvalid(
      await v1("GET", "/v1/verification-sessions?starting_after=vs_x", { key: testKey }),
      "starting_after",
    );
  });

  it("pages through every session exactly once while new sessions are created between (and during) page fetches", async () => {
    const { orgId, testKey } = await newOrg("paging");
    const before = await seedSessions(orgId, 23);
    const createdWhilePaging: string[] = [];
    const { seen, pages } = await listAll(testKey, 5, async () => {
      for (let i = 0; i < 2; i++) createdWhilePaging.push((await createSession(testKey)).id);
    });
    expect(createdWhilePaging.length).toBeGreaterThanOrEqual(10);
    // Nothing twice; every session that existed when paging began, once and in order. A session
    // created meanwhile sorts before the cursor unless its clock reading is older than the
    // cursor's (another process's clock may be): either way it cannot displace an old one.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => before.includes(id))).toEqual(before);
    expect(seen.filter((id) => !before.includes(id)).every((id) => createdWhilePaging.includes(id))).toBe(true);
    expect(pages).toBeGreaterThanOrEqual(5);
    const fresh = await listAll(testKey, 100);
    expect(fresh.seen).toHaveLength(before.length + createdWhilePaging.length);
    expect(new Set(fresh.seen)).toEqual(new Set([...createdWhilePaging, ...before]));
    // Sessions made one after another by one process list in reverse order of creation.
    expect(fresh.seen.filter((id) => createdWhilePaging.includes(id))).toEqual([...createdWhilePaging].reverse());
  });

  it("orders sessions created in the same millisecond by id, across page boundaries", async () => {
    const { orgId, testKey } = await newOrg("ties");
    const createdAt = new Date(Date.now() - 1000);
    const ids = Array.from({ length: 7 }, () => `vs_${randomBytes(12).toString("hex")}`);
    await db.verificationSession.createMany({
      data: ids.map((id) => ({
        id,
        orgId,
        mode: "test" as const,
        requiredAge: 18,
        methods: ["face_estimation"],
        returnUrl: "https://merchant.example/done",
        urlTokenHash: randomBytes(32).toString("hex"),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
      })),
    });
    const { seen } = await listAll(testKey, 3);
    expect(seen).toEqual([...ids].sort().reverse());
  });

  describe("cursor_invalid", () => {
    const expectCursorInvalid = (res: Awaited<ReturnType<typeof v1>>) =>
      expectError(res, { status: 400, type: "invalid_request_error", code: "cursor_invalid", param: "cursor" });

    async function orgWithCursor() {
      const org = await newOrg("cursor");
      await seedSessions(org.orgId, 3);
      const page = await v1("GET", "/v1/verification-sessions?limit=1", { key: org.testKey });
      return { ...org, cursor: page.body.next_cursor as string };
    }
    const list = (key: string, cursor: string) =>
      v1("GET", `/v1/verification-sessions?cursor=${encodeURIComponent(cursor)}`, { key });

    it.each(["garbage", "a.b", "a.b.c", "...", "%00", "eyJ0IjoxfQ"])(
      "rejects the malformed cursor %j",
      async (cursor) => {
        const { testKey } = await newOrg();
        expectCursorInvalid(await list(testKey, cursor));
      },
    );

    it("rejects an unsigned payload of any JSON shape, never a 500", async () => {
      const { testKey } = await newOrg();
      for (const json of ["null", "1", '"x"', "[]", '{"t":1,"i":"vs_x"}', '{"t":1,"i":"vs_x","e":9e15}']) {
        expectCursorInvalid(await list(testKey, `${Buffer.from(json).toString("base64url")}.${"A".repeat(32)}`));
      }
    });

    it("rejects an empty cursor rather than starting over", async () => {
      const { testKey } = await newOrg();
      expectCursorInvalid(await v1("GET", "/v1/verification-sessions?cursor=", { key: testKey }));
    });

    it("rejects a tampered cursor (payload or signature changed)", async () => {
      const { testKey, cursor } = await orgWithCursor();
      const [payload, signature] = cursor.split(".");
      const decoded = JSON.parse(Buffer.from(payload, "base64url").toString());
      const moved = Buffer.from(JSON.stringify({ ...decoded, t: decoded.t + 1 })).toString("base64url");
      expectCursorInvalid(await list(testKey, `${moved}.${signature}`));
      const flipped = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
      expectCursorInvalid(await list(testKey, `${payload}.${flipped}`));
      expect((await list(testKey, cursor)).status).toBe(200); // the untouched cursor still works
    });

    it("rejects another organisation's cursor", async () => {
      const { cursor } = await orgWithCursor();
      const other = await newOrg();
      await seedSessions(other.orgId, 2);
      expectCursorInvalid(await list(other.testKey, cursor));
    });

    it("rejects an expired cursor (older than 24 hours)", async () => {
      const { orgId, testKey } = await newOrg();
      const [id] = await seedSessions(orgId, 1);
      const issuedLongAgo = encodeSessionCursor(orgId, { createdAt: new Date(), id }, Date.now() - 25 * 60 * 60 * 1000);
      expectCursorInvalid(await list(testKey, issuedLongAgo));
      const fresh = encodeSessionCursor(orgId, { createdAt: new Date(), id });
      expect((await list(testKey, fresh)).status).toBe(200);
    });
  });
});

// The key is judged before anything else in a read, and a revoked key reads nothing.
describe("reads and the API key", () => {
  it("refuses a revoked key on the very next retrieve and list", async () => {
    const { orgId, testKey, testKeyId, liveKey } = await newOrg();
    const created = await createSession(testKey);
    const retrieve = (key: string) => v1("GET", `/v1/verification-sessions/${created.id}`, { key });
    const list = (key: string) => v1("GET", "/v1/verification-sessions", { key });
    expect((await retrieve(testKey)).status).toBe(200);
    expect((await list(testKey)).status).toBe(200);
    await revokeApiKey(testKeyId, orgId);
    for (const res of [await retrieve(testKey), await list(testKey)]) {
      expectError(res, { status: 401, type: "authentication_error", code: "invalid_api_key" });
      expect(JSON.stringify(res.body)).not.toContain(created.id);
    }
    expect((await retrieve(liveKey)).body.id).toBe(created.id);
  });

  it("judges the key before the id, the query or the cursor", async () => {
    const { testKey } = await newOrg();
    const unknownKey = `sk_test_${"Q".repeat(40)}`;
    for (const path of [
      "/v1/verification-sessions/vs_%00",
      `/v1/verification-sessions/vs_${"Z".repeat(24)}`,
      "/v1/verification-sessions?limit=0",
      "/v1/verification-sessions?colour=red",
      "/v1/verification-sessions?cursor=garbage",
    ]) {
      for (const key of [undefined, unknownKey, testKey.replace("sk_test_", "sk_live_")]) {
        const res = await v1("GET", path, { key });
        expectError(res, { status: 401, type: "authentication_error", code: "invalid_api_key" });
      }
    }
  });

  it("refreshes the key's lastUsedAt on a read", async () => {
    const { testKeyId, liveKey } = await newOrg();
    const { orgId } = await db.apiKey.findUniqueOrThrow({ where: { id: testKeyId } });
    const liveKeyRow = await db.apiKey.findFirstOrThrow({ where: { orgId, mode: "live" } });
    expect(liveKeyRow.lastUsedAt).toBeNull();
    const before = Date.now();
    expect((await v1("GET", "/v1/verification-sessions", { key: liveKey })).status).toBe(200);
    const after = await db.apiKey.findUniqueOrThrow({ where: { id: liveKeyRow.id } });
    expect(after.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});
