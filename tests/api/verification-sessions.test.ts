import { describe, expect, it } from "vitest";
import { v1 } from "../support/api";
import { newOrg } from "../support/fixtures";

const validBody = { required_age: 18, return_url: "https://merchant.example/after?x=1" };

describe("POST /v1/verification-sessions", () => {
  it("creates a session with the creation shape and a one-time url", async () => {
    const { testKey } = await newOrg();
    const res = await v1("POST", "/v1/verification-sessions", {
      key: testKey,
      body: { ...validBody, metadata: { order: "A-1" } },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      [
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
        "url",
      ].sort(),
    );
    expect(res.body.id).toMatch(/^vs_[A-Za-z0-9]{24}$/);
    expect(res.body.status).toBe("created");
    expect(res.body.mode).toBe("test");
    expect(res.body.methods).toEqual(["face_estimation", "id_document"]);
    expect(res.body.metadata).toEqual({ order: "A-1" });
    expect(res.body.url).toMatch(/\/verify\/[A-Za-z0-9]{43}$/);
    const created = Date.parse(res.body.created_at);
    expect(Date.parse(res.body.expires_at) - created).toBe(30 * 60 * 1000);
    expect(res.body.created_at).toMatch(/Z$/);
  });

  it("rejects a missing key with 401 invalid_api_key", async () => {
    const res = await v1("POST", "/v1/verification-sessions", { body: validBody });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ type: "authentication_error", code: "invalid_api_key" });
  });

  it("retrieves and lists newest first", async () => {
    const { testKey } = await newOrg();
    const a = await v1("POST", "/v1/verification-sessions", { key: testKey, body: validBody });
    const b = await v1("POST", "/v1/verification-sessions", { key: testKey, body: validBody });
    const got = await v1("GET", `/v1/verification-sessions/${a.body.id}`, { key: testKey });
    expect(got.status).toBe(200);
    expect(got.body.url).toBeUndefined();
    expect(got.body.attempts).toBe(0);
    const list = await v1("GET", "/v1/verification-sessions", { key: testKey });
    expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([b.body.id, a.body.id]);
    expect(list.body.next_cursor ?? null).toBeNull();
  });
});
