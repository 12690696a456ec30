import { inject, describe, expect, it } from "vitest";
import pg from "pg";
import { v1 } from "../support/api";
import { newOrg } from "../support/fixtures";

const url = "https://hooks.merchant.example/age";

describe("POST /v1/webhook-endpoints", () => {
  it("creates an endpoint subscribed to both events, showing the whsec_ secret once", async () => {
    const { testKey } = await newOrg("whe");
    const res = await v1("POST", "/v1/webhook-endpoints", { key: testKey, body: { url } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["created_at", "events", "id", "mode", "secret", "url"]);
    expect(res.body.id).toMatch(/^whe_[A-Za-z0-9]{24}$/);
    expect(res.body.url).toBe(url);
    expect(res.body.events).toEqual(["verification_session.completed", "verification_session.expired"]);
    expect(res.body.mode).toBe("test");
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const list = await v1("GET", "/v1/webhook-endpoints", { key: testKey });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      { id: res.body.id, url, events: res.body.events, mode: "test", created_at: res.body.created_at },
    ]);
    expect(JSON.stringify(list.body)).not.toContain("whsec_");
  });

  it("stores the secret encrypted, not in the clear", async () => {
    const { testKey } = await newOrg("whe");
    const res = await v1("POST", "/v1/webhook-endpoints", { key: testKey, body: { url } });
    const client = new pg.Client({ connectionString: inject("databaseUrl") });
    await client.connect();
    try {
      const { rows } = await client.query(`select * from "WebhookEndpoint" where id = $1`, [res.body.id]);
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows[0])).not.toContain(res.body.secret);
      expect(JSON.stringify(rows[0])).not.toContain(res.body.secret.slice("whsec_".length));
    } finally {
      await client.end();
    }
  });

  it("narrows events, and records the mode of the creating key", async () => {
    const { liveKey, testKey } = await newOrg("whe");
    const res = await v1("POST", "/v1/webhook-endpoints", {
      key: liveKey,
      body: { url, events: ["verification_session.expired"] },
    });
    expect(res.status).toBe(201);
    expect(res.body.events).toEqual(["verification_session.expired"]);
    expect(res.body.mode).toBe("live");
    // Access is organisation-wide: the test key sees the live endpoint too.
    const list = await v1("GET", "/v1/webhook-endpoints", { key: testKey });
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([res.body.id]);
  });

  it.each([
    [{ url: "http://hooks.merchant.example/age" }, "url"],
    [{ url: "ftp://hooks.merchant.example/age" }, "url"],
    [{ url: "not a url" }, "url"],
    [{ url: "https://user:pass@hooks.merchant.example/age" }, "url"],
    [{}, "url"],
    [{ url: 42 }, "url"],
    [{ url: `${url}/\u0000` }, "url"],
    [{ url: `${url}/\ud800` }, "url"],
    [{ url, events: [] }, "events"],
    [{ url, events: ["verification_session.created"] }, "events"],
    [{ url, events: ["verification_session.expired", "verification_session.expired"] }, "events"],
    [{ url, events: "verification_session.expired" }, "events"],
    [{ url, secret: "whsec_mine" }, "secret"],
  ])("rejects %j with 400 parameter_invalid naming %s", async (body, param) => {
    const { testKey } = await newOrg("whe");
    const res = await v1("POST", "/v1/webhook-endpoints", { key: testKey, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "parameter_invalid" });
    expect(res.body.error.param?.split(".")[0]).toBe(param);
    const list = await v1("GET", "/v1/webhook-endpoints", { key: testKey });
    expect(list.body.data).toEqual([]);
  });

  it("says what is wrong with url: missing, or not a string", async () => {
    const { testKey } = await newOrg("whe");
    const missing = await v1("POST", "/v1/webhook-endpoints", { key: testKey, body: {} });
    expect(missing.body.error).toMatchObject({ code: "parameter_invalid", param: "url" });
    expect(missing.body.error.message).toMatch(/url is required/);
    for (const value of [42, null, ["https://a.example"]]) {
      const res = await v1("POST", "/v1/webhook-endpoints", { key: testKey, body: { url: value } });
      expect(res.body.error).toMatchObject({ code: "parameter_invalid", param: "url" });
      expect(res.body.error.message).toMatch(/url must be a string/);
    }
  });

  it("rejects malformed JSON and a missing key in the API's envelope", async () => {
    const { testKey } = await newOrg("whe");
    const bad = await v1("POST", "/v1/webhook-endpoints", {
      key: testKey,
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("parameter_invalid");
    const anonymous = await v1("POST", "/v1/webhook-endpoints", { body: { url } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe("invalid_api_key");
    expect((await v1("GET", "/v1/webhook-endpoints")).status).toBe(401);
  });
});

describe("GET and DELETE /v1/webhook-endpoints", () => {
  it("lists only the organisation's endpoints, newest first", async () => {
    const a = await newOrg("whe");
    const b = await newOrg("whe");
    const first = await v1("POST", "/v1/webhook-endpoints", { key: a.testKey, body: { url: `${url}/1` } });
    const second = await v1("POST", "/v1/webhook-endpoints", { key: a.liveKey, body: { url: `${url}/2` } });
    await v1("POST", "/v1/webhook-endpoints", { key: b.testKey, body: { url: `${url}/other` } });
    const list = await v1("GET", "/v1/webhook-endpoints", { key: a.testKey });
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([second.body.id, first.body.id]);
  });

  it("deletes with 204; the endpoint is gone and a second delete is 404", async () => {
    const { testKey, liveKey } = await newOrg("whe");
    const created = await v1("POST", "/v1/webhook-endpoints", { key: testKey, body: { url } });
    // Any key of the organisation may delete it.
    const res = await v1("DELETE", `/v1/webhook-endpoints/${created.body.id}`, { key: liveKey });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect((await v1("GET", "/v1/webhook-endpoints", { key: testKey })).body.data).toEqual([]);
    const again = await v1("DELETE", `/v1/webhook-endpoints/${created.body.id}`, { key: testKey });
    expect(again.status).toBe(404);
    expect(again.body.error).toMatchObject({ type: "invalid_request_error", code: "resource_missing" });
  });

  it("answers 404 resource_missing for another organisation's endpoint and leaves it alone", async () => {
    const owner = await newOrg("whe");
    const intruder = await newOrg("whe");
    const created = await v1("POST", "/v1/webhook-endpoints", { key: owner.testKey, body: { url } });
    const foreign = await v1("DELETE", `/v1/webhook-endpoints/${created.body.id}`, { key: intruder.liveKey });
    const unknown = await v1("DELETE", "/v1/webhook-endpoints/whe_doesnotexist0000000000", { key: intruder.liveKey });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    // Indistinguishable from an unknown id, apart from the id echoed in the message.
    expect(foreign.body.error).toMatchObject({ type: "invalid_request_error", code: "resource_missing", param: "id" });
    expect(unknown.body.error).toMatchObject({ type: "invalid_request_error", code: "resource_missing", param: "id" });
    const list = await v1("GET", "/v1/webhook-endpoints", { key: owner.testKey });
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([created.body.id]);
  });

  it("caps active endpoints per mode", async () => {
    const { testKey, liveKey } = await newOrg("whe");
    for (let i = 0; i < 16; i++) {
      expect((await v1("POST", "/v1/webhook-endpoints", { key: testKey, body: { url: `${url}/${i}` } })).status).toBe(
        201,
      );
    }
    const over = await v1("POST", "/v1/webhook-endpoints", { key: testKey, body: { url: `${url}/17` } });
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe("parameter_invalid");
    // The other mode has its own allowance, and deleting frees a place.
    expect((await v1("POST", "/v1/webhook-endpoints", { key: liveKey, body: { url } })).status).toBe(201);
    const [oldest] = (await v1("GET", "/v1/webhook-endpoints", { key: testKey })).body.data.slice(-1);
    await v1("DELETE", `/v1/webhook-endpoints/${oldest.id}`, { key: testKey });
    expect((await v1("POST", "/v1/webhook-endpoints", { key: testKey, body: { url: `${url}/17` } })).status).toBe(201);
  });
});
