// Idempotency-Key on POST /v1/* with Stripe's semantics: a retry replays the first response,
// a different request under the same key is refused, concurrent retries create one session.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { v1 } from "../support/api";
import { expectParameterInvalid, validBody } from "./support";
import { newOrg } from "../support/fixtures";

const create = (key: string, body: unknown, idempotencyKey?: string) =>
  v1("POST", "/v1/verification-sessions", {
    key,
    body,
    headers: idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey },
  });

describe("Idempotency-Key", () => {
  it("replays the first response for the same key and body: same status, same session, same one-time url", async () => {
    const { orgId, testKey } = await newOrg();
    const body = { ...validBody, metadata: { order: "1001" } };
    const first = await create(testKey, body, "order-1001");
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const retry = await create(testKey, body, "order-1001");
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("x-ratelimit-remaining")).toEqual(expect.any(String));
    expect(await db.verificationSession.count({ where: { orgId } })).toBe(1);
  });

  it("refuses the same key with a different body (400 parameter_invalid naming Idempotency-Key)", async () => {
    const { orgId, testKey } = await newOrg();
    expect((await create(testKey, validBody, "k-1")).status).toBe(201);
    const other = await create(testKey, { ...validBody, required_age: 16 }, "k-1");
    expectParameterInvalid(other, "Idempotency-Key");
    expect(other.body.error.message).toMatch(/same endpoint and parameters/);
    expect(await db.verificationSession.count({ where: { orgId } })).toBe(1);
  });

  it("compares parameters, not bytes: the same JSON re-serialised is a retry; other metadata order is not", async () => {
    const { orgId, testKey } = await newOrg();
    const headers = { "content-type": "application/json", "idempotency-key": "reserialised-1" };
    const send = (rawBody: string) => v1("POST", "/v1/verification-sessions", { key: testKey, rawBody, headers });
    const first = await send(JSON.stringify({ ...validBody, metadata: { a: "1", b: "2" } }));
    expect(first.status).toBe(201);
    const prettyText = JSON.stringify({ ...validBody, metadata: { a: "1", b: "2" } }, null, 2).replace(
      '"required_age": 18',
      '"required_age": 18.0',
    );
    expect(prettyText).toContain("18.0");
    const pretty = await send(prettyText);
    expect(pretty.status).toBe(201);
    expect(pretty.headers.get("idempotent-replayed")).toBe("true");
    expect(pretty.body.id).toBe(first.body.id);
    const reordered = await send(JSON.stringify({ ...validBody, metadata: { b: "2", a: "1" } }));
    expectParameterInvalid(reordered, "Idempotency-Key");
    expect(await db.verificationSession.count({ where: { orgId } })).toBe(1);
  });

  it("refuses the same key on another endpoint", async () => {
    const { testKey } = await newOrg();
    const created = await create(testKey, validBody, "k-2");
    const helper = await v1("POST", `/v1/test_helpers/verification-sessions/${created.body.id}/expire`, {
      key: testKey,
      headers: { "idempotency-key": "k-2" },
    });
    expectParameterInvalid(helper, "Idempotency-Key");
  });

  it("concurrent identical requests with one key create exactly one session", async () => {
    const { orgId, testKey } = await newOrg();
    const responses = await Promise.all(Array.from({ length: 8 }, () => create(testKey, validBody, "burst-1")));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    expect(responses.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(7);
    expect(await db.verificationSession.count({ where: { orgId } })).toBe(1);
  });

  it("POST without the header still works, and each such request creates a session", async () => {
    const { orgId, testKey } = await newOrg();
    const a = await create(testKey, validBody);
    const b = await create(testKey, validBody);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
    expect(await db.verificationSession.count({ where: { orgId } })).toBe(2);
  });

  it("keys are per organisation and per mode: nobody else's request replays yours", async () => {
    const one = await newOrg();
    const two = await newOrg();
    const a = await create(one.testKey, validBody, "shared-key");
    const b = await create(two.testKey, validBody, "shared-key");
    const live = await create(one.liveKey, validBody, "shared-key");
    expect([a.status, b.status, live.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.id, b.body.id, live.body.id]).size).toBe(3);
    expect(live.body.mode).toBe("live");
    expect(live.headers.get("idempotent-replayed")).toBeNull();
  });

  it("a request that failed validation saves nothing: the corrected request may reuse the key", async () => {
    const { orgId, testKey } = await newOrg();
    expectParameterInvalid(await create(testKey, { ...validBody, required_age: 17 }, "fix-me"), "required_age");
    const fixed = await create(testKey, validBody, "fix-me");
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
    expect((await create(testKey, validBody, "fix-me")).body.id).toBe(fixed.body.id);
    expect(await db.verificationSession.count({ where: { orgId } })).toBe(1);
  });

  it("a refused body under a key already used for other parameters is refused for the key, as before the key was claimed in the create's own statement", async () => {
    const { orgId, testKey } = await newOrg();
    expect((await create(testKey, validBody, "used-1")).status).toBe(201);
    const invalid = await create(testKey, { ...validBody, required_age: 17 }, "used-1");
    expectParameterInvalid(invalid, "Idempotency-Key");
    expect(invalid.body.error.message).toMatch(/same endpoint and parameters/);
    // The claim stays the first request's, answer and all.
    const retry = await create(testKey, validBody, "used-1");
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await db.verificationSession.count({ where: { orgId } })).toBe(1);
  });

  it("stores the answer with the claim: no row of the key is ever without its answer, and the metadata rows are written once", async () => {
    const { orgId, testKey } = await newOrg();
    const body = { ...validBody, metadata: { order: "1002", channel: "web" } };
    const first = await create(testKey, body, "one-statement-1");
    expect(first.status).toBe(201);
    const rows = await db.idempotencyKey.findMany({ where: { orgId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: "test:one-statement-1", method: "POST", statusCode: 201 });
    expect(rows[0].responseBody).toMatch(/^v1:/); // sealed, not the JSON itself
    expect(await create(testKey, body, "one-statement-1")).toMatchObject({ status: 201, body: first.body });
    expect(await db.sessionMetadataEntry.count({ where: { orgId } })).toBe(2);
    expect(await db.job.count({ where: { payload: { equals: { sessionId: first.body.id } } } })).toBe(1);
  });

  it("an expired key is claimed again by a new request, which creates a new session", async () => {
    const { orgId, testKey } = await newOrg();
    const first = await create(testKey, validBody, "expired-1");
    await db.idempotencyKey.updateMany({
      where: { orgId, key: "test:expired-1" },
      data: { createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) },
    });
    const again = await create(testKey, validBody, "expired-1");
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(again.body.id).not.toBe(first.body.id);
    const replay = await create(testKey, validBody, "expired-1");
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.id).toBe(again.body.id);
    expect(await db.verificationSession.count({ where: { orgId } })).toBe(2);
  });

  it("replays test-helper transitions instead of failing them a second time", async () => {
    const { testKey } = await newOrg();
    const created = await create(testKey, validBody);
    const path = `/v1/test_helpers/verification-sessions/${created.body.id}/complete`;
    const headers = { "idempotency-key": "complete-1" };
    const first = await v1("POST", path, { key: testKey, body: { result: "pass" }, headers });
    const retry = await v1("POST", path, { key: testKey, body: { result: "pass" }, headers });
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
  });

  it("replays a webhook endpoint's creation with the same whsec_ secret, never storing it in the clear", async () => {
    const { orgId, testKey } = await newOrg();
    const body = { url: "https://hooks.merchant.example/age" };
    const headers = { "idempotency-key": "endpoint-1" };
    const first = await v1("POST", "/v1/webhook-endpoints", { key: testKey, body, headers });
    expect(first.status).toBe(201);
    expect(first.body.secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    const retry = await v1("POST", "/v1/webhook-endpoints", { key: testKey, body, headers });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    // Stripe semantics: the replay is the same response, so the integrator who lost the first
    // answer still learns the secret of the one endpoint that was created.
    expect(retry.body).toEqual(first.body);
    expect(await db.webhookEndpoint.count({ where: { orgId } })).toBe(1);

    const rows = await db.idempotencyKey.findMany({ where: { orgId } });
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain("whsec_");
    expect(stored).not.toContain(first.body.secret.slice("whsec_".length));
    expect(stored).not.toContain(first.body.id);
  });

  it("keeps a session's one-time url out of the stored response too", async () => {
    const { orgId, testKey } = await newOrg();
    const first = await create(testKey, validBody, "session-url-1");
    const token = String(first.body.url).split("/verify/")[1];
    expect(token.length).toBeGreaterThan(20);
    const [row] = await db.idempotencyKey.findMany({ where: { orgId } });
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await create(testKey, validBody, "session-url-1")).body).toEqual(first.body);
  });

  it.each([
    ["empty", ""],
    ["longer than 255 characters", "k".repeat(256)],
    ["with a space", "order 1001"],
  ])("rejects a key that is %s", async (_label, idempotencyKey) => {
    const { orgId, testKey } = await newOrg();
    expectParameterInvalid(await create(testKey, validBody, idempotencyKey), "Idempotency-Key");
    expect(await db.verificationSession.count({ where: { orgId } })).toBe(0);
  });

  it("a key whose first request never finished (its process died) is refused at once, naming the key", async () => {
    const { orgId, testKey } = await newOrg();
    expect((await create(testKey, validBody, "crashed-1")).status).toBe(201);
    // What a crash between claiming the key and storing the response leaves: a claim without a
    // response, here two minutes old.
    await db.idempotencyKey.updateMany({
      where: { orgId, key: "test:crashed-1" },
      data: { statusCode: null, responseBody: null, createdAt: new Date(Date.now() - 120_000) },
    });
    const started = Date.now();
    const retry = await create(testKey, validBody, "crashed-1");
    expectParameterInvalid(retry, "Idempotency-Key");
    expect(retry.body.error.message).toMatch(/never finished/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await db.verificationSession.count({ where: { orgId } })).toBe(1);
    // A new key works.
    expect((await create(testKey, validBody, "crashed-2")).status).toBe(201);
  });
});
