// Every rule of the create body (spec part 4, issue 3): a violation is a 400 parameter_invalid
// whose `param` names the field, and creates nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { baseUrl, v1 } from "../support/api";
import { expectParameterInvalid, validBody } from "./support";
import { newOrg } from "../support/fixtures";

const post = (key: string, body: unknown) => v1("POST", "/v1/verification-sessions", { key, body });
const postRaw = (key: string, rawBody: string, contentType?: string) =>
  v1("POST", "/v1/verification-sessions", {
    key,
    rawBody,
    headers: contentType === undefined ? {} : { "content-type": contentType },
  });

const pairs = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, `v${i}`]));

describe("create body validation", () => {
  let key: string;
  beforeAll(async () => {
    ({ testKey: key } = await newOrg("validation"));
  });

  describe("required_age", () => {
    it.each([
      ["missing", { return_url: validBody.return_url }],
      ["17", { ...validBody, required_age: 17 }],
      ["21", { ...validBody, required_age: 21 }],
      ['"18" (a string)', { ...validBody, required_age: "18" }],
      ["null", { ...validBody, required_age: null }],
    ])("rejects %s", async (_label, body) => {
      const res = await post(key, body);
      expectParameterInvalid(res, "required_age");
      expect(res.body.error.message).toContain("required_age");
    });

    it.each([16, 18])("accepts %i", async (age) => {
      const res = await post(key, { ...validBody, required_age: age });
      expect(res.status).toBe(201);
      expect(res.body.required_age).toBe(age);
    });
  });

  describe("locale", () => {
    const supported = "en, es, fr, de, it, pt-BR, nl, pl, ja, ar";

    it("is null when not given, on create and on retrieve", async () => {
      const res = await post(key, validBody);
      expect(res.status).toBe(201);
      expect(res.body.locale).toBeNull();
      const got = await v1("GET", `/v1/verification-sessions/${res.body.id}`, { key });
      expect(got.body.locale).toBeNull();
    });

    it.each([
      ["ar", "ar"],
      ["ja", "ja"],
      ["pt-BR", "pt-BR"],
      ["pt-br (any case)", "pt-BR"],
      ["EN", "en"],
    ])("accepts %s, returns it in canonical case on create, retrieve and list", async (given, canonical) => {
      const res = await post(key, { ...validBody, locale: given.split(" ")[0] });
      expect(res.status).toBe(201);
      expect(res.body.locale).toBe(canonical);
      const got = await v1("GET", `/v1/verification-sessions/${res.body.id}`, { key });
      expect(got.body.locale).toBe(canonical);
      const list = await v1("GET", "/v1/verification-sessions?limit=1", { key });
      expect(list.body.data[0]).toMatchObject({ id: res.body.id, locale: canonical });
    });

    it.each([
      ["a supported language in an unsupported region", "pt-PT"],
      ["a language not offered", "sv"],
      ["a region variant of English", "en-US"],
      ["the pseudo-locale (development only)", "en-XA"],
    ])("rejects %s, naming the supported list", async (_label, locale) => {
      const res = await post(key, { ...validBody, locale });
      expectParameterInvalid(res, "locale");
      expect(res.body.error.message).toContain(`"${locale}" is not supported`);
      expect(res.body.error.message).toContain(supported);
    });

    it.each([
      ["an empty string", ""],
      ["not a language tag", "english please"],
      ["an underscore form", "pt_BR"],
      ["a too-long subtag", "abcdefghi"],
      ["surrounding spaces", " fr "],
    ])("rejects %s as malformed, naming the supported list", async (_label, locale) => {
      const res = await post(key, { ...validBody, locale });
      expectParameterInvalid(res, "locale");
      expect(res.body.error.message).toContain(`locale must be a BCP 47 language tag, one of: ${supported}`);
    });

    it.each([
      ["a number", 7],
      ["null", null],
      ["an array", ["fr"]],
    ])("rejects %s", async (_label, locale) => {
      const res = await post(key, { ...validBody, locale });
      expectParameterInvalid(res, "locale");
      expect(res.body.error.message).toContain("locale must be a string");
    });
  });

  describe("methods", () => {
    it('defaults to ["face_estimation","id_document"]', async () => {
      const res = await post(key, validBody);
      expect(res.status).toBe(201);
      expect(res.body.methods).toEqual(["face_estimation", "id_document"]);
    });

    it("accepts any subset and keeps the given order (the order methods are tried in)", async () => {
      const res = await post(key, { ...validBody, methods: ["id_document", "face_estimation"] });
      expect(res.status).toBe(201);
      expect(res.body.methods).toEqual(["id_document", "face_estimation"]);
      const all = await post(key, {
        ...validBody,
        methods: ["credit_card", "digital_id", "id_document", "face_estimation"],
      });
      expect(all.status).toBe(201);
      expect(all.body.methods).toEqual(["credit_card", "digital_id", "id_document", "face_estimation"]);
    });

    it("accepts digital_id (not live yet, but accepted), with either age", async () => {
      const res = await post(key, { ...validBody, required_age: 16, methods: ["digital_id"] });
      expect(res.status).toBe(201);
      expect(res.body.methods).toEqual(["digital_id"]);
    });

    it("accepts credit_card with required_age 18", async () => {
      const res = await post(key, { ...validBody, required_age: 18, methods: ["credit_card"] });
      expect(res.status).toBe(201);
    });

    it("rejects credit_card with required_age 16", async () => {
      const res = await post(key, { ...validBody, required_age: 16, methods: ["face_estimation", "credit_card"] });
      expectParameterInvalid(res, "methods");
      expect(res.body.error.message).toMatch(/credit_card.*18/);
    });

    it("rejects an empty list", async () => {
      expectParameterInvalid(await post(key, { ...validBody, methods: [] }), "methods");
    });

    it("rejects duplicates", async () => {
      const res = await post(key, { ...validBody, methods: ["id_document", "id_document"] });
      expectParameterInvalid(res, "methods");
      expect(res.body.error.message).toMatch(/duplicate/);
    });

    it("rejects an unknown method, naming its position", async () => {
      expectParameterInvalid(
        await post(key, { ...validBody, methods: ["face_estimation", "retina_scan"] }),
        "methods.1",
      );
    });

    it("rejects a non-array", async () => {
      expectParameterInvalid(await post(key, { ...validBody, methods: "face_estimation" }), "methods");
    });
  });

  describe("return_url", () => {
    it.each([
      ["missing", { required_age: 18 }],
      ["relative", { ...validBody, return_url: "/checkout/done" }],
      ["scheme-relative", { ...validBody, return_url: "//shop.example/done" }],
      ["ftp", { ...validBody, return_url: "ftp://shop.example/done" }],
      ["javascript:", { ...validBody, return_url: "javascript:alert(1)" }],
      ["without a host", { ...validBody, return_url: "https://" }],
      ["not a URL", { ...validBody, return_url: "shop dot example" }],
      ["a number", { ...validBody, return_url: 42 }],
      ["longer than 2048 characters", { ...validBody, return_url: `https://shop.example/${"a".repeat(2040)}` }],
    ])("rejects %s", async (_label, body) => {
      const res = await post(key, body);
      expectParameterInvalid(res, "return_url");
      expect(res.body.error.message).toContain("return_url");
    });

    it.each([
      ["a NUL character", "https://shop.example/done\u0000"],
      ["a lone surrogate", "https://shop.example/done\ud800"],
    ])("rejects %s with a 400, not a 500 or a URL stored differently", async (_label, return_url) => {
      const res = await post(key, { ...validBody, return_url });
      expectParameterInvalid(res, "return_url");
    });

    it("counts return_url length in characters (code points): 2048 accepted, 2049 rejected", async () => {
      const base = "https://shop.example/";
      const url = (characters: number) => base + "\u{1F600}".repeat(characters - base.length);
      const accepted = await post(key, { ...validBody, return_url: url(2048) });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
      expect(accepted.body.return_url).toBe(url(2048));
      expectParameterInvalid(await post(key, { ...validBody, return_url: url(2049) }), "return_url");
    });

    it("accepts absolute http and https URLs verbatim", async () => {
      for (const url of ["http://localhost:8080/done", "https://shop.example/a/b?c=d&e=f#g"]) {
        const res = await post(key, { ...validBody, return_url: url });
        expect(res.status).toBe(201);
        expect(res.body.return_url).toBe(url);
      }
    });
  });

  describe("metadata", () => {
    it("defaults to {} and echoes 20 pairs verbatim", async () => {
      expect((await post(key, validBody)).body.metadata).toEqual({});
      const res = await post(key, { ...validBody, metadata: pairs(20) });
      expect(res.status).toBe(201);
      expect(res.body.metadata).toEqual(pairs(20));
    });

    it("rejects 21 pairs", async () => {
      const res = await post(key, { ...validBody, metadata: pairs(21) });
      expectParameterInvalid(res, "metadata");
      expect(res.body.error.message).toMatch(/20/);
    });

    it("accepts a 500-character value and rejects 501, naming the key", async () => {
      expect((await post(key, { ...validBody, metadata: { note: "é".repeat(500) } })).status).toBe(201);
      const res = await post(key, { ...validBody, metadata: { note: "x".repeat(501) } });
      expectParameterInvalid(res, "metadata.note");
      expect(res.body.error.message).toMatch(/500/);
    });

    it("accepts a 40-character key and rejects 41 or an empty key", async () => {
      expect((await post(key, { ...validBody, metadata: { ["k".repeat(40)]: "v" } })).status).toBe(201);
      const long = await post(key, { ...validBody, metadata: { ["k".repeat(41)]: "v" } });
      expectParameterInvalid(long, "metadata");
      expect(long.body.error.message).toMatch(/40/);
      expectParameterInvalid(await post(key, { ...validBody, metadata: { "": "v" } }), "metadata");
    });

    // Characters are code points (README), as JSON Schema's maxLength counts them: an emoji
    // outside the BMP is one character though it is two UTF-16 units.
    const EMOJI = "\u{1F600}";

    it("counts an emoji as one character: a 500-emoji value is accepted and echoed, 501 rejected", async () => {
      const accepted = await post(key, { ...validBody, metadata: { note: EMOJI.repeat(500) } });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
      expect(accepted.body.metadata.note).toBe(EMOJI.repeat(500));
      const res = await post(key, { ...validBody, metadata: { note: EMOJI.repeat(501) } });
      expectParameterInvalid(res, "metadata.note");
      expect(res.body.error.message).toMatch(/500/);
    });

    it("counts an emoji as one character in keys: 40 emoji accepted, 41 rejected", async () => {
      const accepted = await post(key, { ...validBody, metadata: { [EMOJI.repeat(40)]: "v" } });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
      expect(Object.keys(accepted.body.metadata)).toEqual([EMOJI.repeat(40)]);
      const res = await post(key, { ...validBody, metadata: { [EMOJI.repeat(41)]: "v" } });
      expectParameterInvalid(res, "metadata");
      expect(res.body.error.message).toMatch(/40/);
    });

    it.each([
      ["a number", 1],
      ["a boolean", true],
      ["null", null],
      ["an object", { nested: "x" }],
    ])("rejects %s as a value", async (_label, value) => {
      const res = await post(key, { ...validBody, metadata: { order: value } });
      expectParameterInvalid(res, "metadata.order");
      expect(res.body.error.message).toMatch(/string/);
    });

    it.each([
      ["an array", ["a"]],
      ["a string", "order=1"],
      ["null", null],
    ])("rejects %s as metadata", async (_label, metadata) => {
      expectParameterInvalid(await post(key, { ...validBody, metadata }), "metadata");
    });

    // PostgreSQL cannot store U+0000 in text or jsonb, and a lone surrogate is not Unicode text
    // (jsonb refuses it; text would turn it into U+FFFD, so retrieve would differ from create).
    it.each([
      ["a NUL character in a value", { order: "a\u0000b" }, "metadata.order"],
      ["a lone surrogate in a value", { order: "a\ud800b" }, "metadata.order"],
      ["a NUL character in a key", { "a\u0000b": "v" }, "metadata"],
      ["a lone surrogate in a key", { "a\udc00": "v" }, "metadata"],
    ])("rejects %s with a 400, not a 500", async (_label, metadata, param) => {
      const res = await post(key, { ...validBody, metadata });
      expectParameterInvalid(res, param);
      expect(res.body.error.message).toMatch(/NUL|Unicode/);
    });

    it('refuses a "__proto__" key rather than dropping it silently', async () => {
      const res = await postRaw(
        key,
        `{"required_age":18,"return_url":"https://a.example","metadata":{"__proto__":"x"}}`,
        "application/json",
      );
      expectParameterInvalid(res, null);
      expect(res.body.error.message).toContain("__proto__");
    });
  });

  describe("the body as a whole", () => {
    it("rejects an unknown field, naming it", async () => {
      const res = await post(key, { ...validBody, callback_url: "https://x.example" });
      expectParameterInvalid(res, "callback_url");
      expect(res.body.error.message).toContain("callback_url");
    });

    it("rejects an unknown field inside an otherwise invalid body too", async () => {
      expectParameterInvalid(
        await post(key, { required_age: 18, return_url: "https://a.example", mode: "live" }),
        "mode",
      );
    });

    it.each([
      ["malformed JSON", '{"required_age":18,'],
      ["a JSON array", "[1,2]"],
      ["a JSON string", '"hello"'],
      ["an empty body", ""],
    ])("rejects %s (no field to name)", async (_label, raw) => {
      const res = await postRaw(key, raw, "application/json");
      expectParameterInvalid(res, null);
      expect(res.body.error.message).toMatch(/JSON|empty/);
    });

    it.each([
      ["a form", "application/x-www-form-urlencoded"],
      ["XML", "application/xml"],
      ["a JSON look-alike", "application/jsonp"],
      ["text/plain in another charset", "text/plain; charset=iso-8859-1"],
    ])("rejects %s as the content type, naming Content-Type, and creates nothing", async (_label, contentType) => {
      const { orgId, testKey } = await newOrg("content-type");
      const res = await postRaw(testKey, JSON.stringify(validBody), contentType);
      expectParameterInvalid(res, "Content-Type");
      expect(await db.verificationSession.count({ where: { orgId } })).toBe(0);
    });

    // What fetch sends for a string body with no header, and what a bare client sends.
    it.each([
      ["text/plain", "text/plain"],
      ["fetch's text/plain;charset=UTF-8", "text/plain;charset=UTF-8"],
    ])("reads a JSON body sent as %s", async (_label, contentType) => {
      const res = await postRaw(key, JSON.stringify(validBody), contentType);
      expect(res.status).toBe(201);
      expect(res.body.required_age).toBe(validBody.required_age);
    });

    it("reads a JSON body sent with no Content-Type at all", async () => {
      const res = await v1("POST", "/v1/verification-sessions", {
        key,
        rawBody: new Uint8Array(Buffer.from(JSON.stringify(validBody))),
      });
      expect(res.status).toBe(201);
      expect(res.body.return_url).toBe(validBody.return_url);
    });

    it("still refuses a text/plain body that is not a JSON object", async () => {
      const res = await postRaw(key, "required_age=18", "text/plain");
      expectParameterInvalid(res, null);
      expect(res.body.error.message).toMatch(/not valid JSON/);
    });

    it("accepts application/json with a charset", async () => {
      const res = await postRaw(key, JSON.stringify(validBody), "application/json; charset=utf-8");
      expect(res.status).toBe(201);
    });

    it.each([false, true])(
      "refuses a body that is not UTF-8 (chunked: %s), naming the problem, and stores nothing",
      async (chunked) => {
        const { orgId, testKey } = await newOrg("utf8");
        // "caf\xe9": Latin-1, not UTF-8. It must not be stored as "caf\ufffd".
        const json = JSON.stringify({ ...validBody, metadata: { note: "caf#" } });
        const [head, tail] = json.split("#");
        const bytes = new Uint8Array(Buffer.concat([Buffer.from(head), Buffer.from([0xe9]), Buffer.from(tail)]));
        for (const path of ["/v1/verification-sessions", "/v1/webhook-endpoints"]) {
          const res = await fetch(`${baseUrl()}${path}`, {
            method: "POST",
            headers: { authorization: `Bearer ${testKey}`, "content-type": "application/json" },
            body: chunked
              ? new ReadableStream({
                  start(c) {
                    c.enqueue(bytes);
                    c.close();
                  },
                })
              : bytes,
            ...(chunked ? { duplex: "half" } : {}),
          } satisfies RequestInit & { duplex?: "half" });
          expect(res.status, path).toBe(400);
          expect(await res.json()).toEqual({
            error: {
              type: "invalid_request_error",
              code: "parameter_invalid",
              message: "Request body is not valid UTF-8.",
            },
          });
        }
        expect(await db.verificationSession.count({ where: { orgId } })).toBe(0);
        expect(await db.webhookEndpoint.count({ where: { orgId } })).toBe(0);
      },
    );

    it("refuses a body over 256 KB without buffering it: 413", async () => {
      const res = await postRaw(key, JSON.stringify({ ...validBody, pad: "x".repeat(300 * 1024) }), "application/json");
      expect(res.status).toBe(413);
      expect(res.body.error).toEqual({
        type: "invalid_request_error",
        code: "request_too_large",
        message: "Request body is larger than 256 KB.",
      });
    });
  });
});

describe("a rejected body", () => {
  it("creates nothing", async () => {
    const { testKey } = await newOrg("nothing");
    const bad = [
      { ...validBody, required_age: 17 },
      { ...validBody, methods: [] },
      { ...validBody, locale: "xx" },
      { ...validBody, required_age: 16, methods: ["credit_card"] },
      { ...validBody, return_url: "/x" },
      { ...validBody, metadata: pairs(21) },
      { ...validBody, extra: true },
    ];
    for (const body of bad) expect((await post(testKey, body)).status).toBe(400);
    const list = await v1("GET", "/v1/verification-sessions", { key: testKey });
    expect(list.body.data).toEqual([]);
  });
});
