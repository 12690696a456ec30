import { describe, expect, it } from "vitest";
import {
  ifNoneMatchHolds,
  preparedJsonFor,
  preparedResponse,
  prepareBody,
} from "@/lib/platform/http/prepared-response";

const body = prepareBody(Buffer.from(JSON.stringify({ voices: ["a".repeat(2000)] })), "application/json");
const get = (headers: Record<string, string> = {}, method = "GET") =>
  new Request("http://app.test/voices", { method, headers });

describe("prepareBody", () => {
  it("keeps one strong ETag per exact body", () => {
    expect(body.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(prepareBody(Buffer.from(body.bytes), "application/json").etag).toBe(body.etag);
    expect(prepareBody(Buffer.from('{"voices":[]}'), "application/json").etag).not.toBe(body.etag);
  });

  it("prepares a JSON value once per source object", () => {
    let builds = 0;
    const prepare = preparedJsonFor((list: string[]) => (builds++, { list }));
    const source = ["x"];
    expect(prepare(source)).toBe(prepare(source));
    expect(builds).toBe(1);
    prepare(["x"]);
    expect(builds).toBe(2);
  });
});

describe("conditional requests", () => {
  it("matches If-None-Match by weak comparison, in a list, and *", () => {
    expect(ifNoneMatchHolds(null, body.etag)).toBe(false);
    expect(ifNoneMatchHolds(body.etag, body.etag)).toBe(true);
    expect(ifNoneMatchHolds(`W/${body.etag}`, body.etag)).toBe(true);
    expect(ifNoneMatchHolds(`"old", ${body.etag}`, body.etag)).toBe(true);
    expect(ifNoneMatchHolds("*", body.etag)).toBe(true);
    expect(ifNoneMatchHolds(`"old"`, body.etag)).toBe(false);
  });

  it("answers a current copy with 304, no body, and the caching headers", async () => {
    const res = preparedResponse(get({ "if-none-match": body.etag }), body, { cacheControl: "private, no-cache" });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe("");
    expect(res.headers.get("etag")).toBe(body.etag);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("answers a stale copy with the whole body", async () => {
    const res = preparedResponse(get({ "if-none-match": '"old"' }), body, { cacheControl: "private, no-cache" });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(body.bytes)).toBe(true);
  });
});

describe("HEAD", () => {
  it("has the headers and no body", async () => {
    const head = preparedResponse(get({}, "HEAD"), body, { cacheControl: "x" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(body.etag);
    expect(await head.text()).toBe("");
  });
});
