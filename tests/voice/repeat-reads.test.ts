// Repeat reads are cheap: GET /voices, GET /formats, voice previews and the OpenAPI documents
// carry a strong ETag and answer If-None-Match with 304; compressed on the wire exactly once
// (Next's server compresses; the app's bytes are plain). Raw HTTP, so the wire is what is seen.
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/api";
import { assertMatchesContract } from "../support/contract";
import { newOrg } from "../support/fixtures";
import { voiceApi } from "./voice-client";

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer };

function rawGet(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, baseUrl()), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const decode = (raw: Raw) =>
  raw.headers["content-encoding"] === "br"
    ? brotliDecompressSync(raw.bytes)
    : raw.headers["content-encoding"] === "gzip"
      ? gunzipSync(raw.bytes)
      : raw.bytes;

describe.each([
  ["/voices", "private, no-cache", true],
  ["/formats", "private, max-age=3600", true],
  ["/openapi/voice.json", "public, max-age=300", false],
  ["/openapi/verification.json", "public, max-age=300", false],
])("GET %s", (path, cacheControl, needsKey) => {
  it("is the same JSON whatever the encoding asked for, compressed once, with a strong ETag and its Cache-Control", async () => {
    const { testKey } = await newOrg("voice");
    const auth: Record<string, string> = needsKey ? { "x-api-key": testKey } : {};
    const plain = await rawGet(path, auth);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["etag"]).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(plain.headers["cache-control"]).toBe(cacheControl);
    const json = JSON.parse(plain.bytes.toString("utf8"));
    const gzipped = await rawGet(path, { ...auth, "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.bytes.length).toBeLessThan(plain.bytes.length);
    for (const coding of ["gzip", "br", "gzip, deflate, br"]) {
      const packed = await rawGet(path, { ...auth, "accept-encoding": coding });
      expect(packed.headers["etag"]).toBe(plain.headers["etag"]);
      expect(JSON.parse(decode(packed).toString("utf8"))).toEqual(json);
    }
  });

  it("answers a client whose copy is current with 304 and no body, and a stale one in full", async () => {
    const { testKey } = await newOrg("voice");
    const auth: Record<string, string> = needsKey ? { "x-api-key": testKey } : {};
    const first = await rawGet(path, auth);
    const etag = String(first.headers["etag"]);
    const again = await rawGet(path, { ...auth, "if-none-match": etag, "accept-encoding": "br" });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers["etag"]).toBe(etag);
    expect(again.headers["cache-control"]).toBe(cacheControl);
    const stale = await rawGet(path, { ...auth, "if-none-match": '"not-the-current-copy"' });
    expect(stale.status).toBe(200);
    expect(stale.bytes.equals(first.bytes)).toBe(true);
  });
});

describe("the Voice API document declares its repeat reads", () => {
  it("answers 304 as documented and still asks for the key first", async () => {
    const { testKey } = await newOrg("voice");
    const first = await voiceApi("GET", "/voices", { key: testKey });
    const etag = first.headers.get("etag")!;
    // voiceApi checks every answer against the document: the 304 must be a documented one.
    const again = await voiceApi("GET", "/voices", { key: testKey, headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    // A current ETag is no credential.
    const keyless = await voiceApi("GET", "/voices", { headers: { "if-none-match": etag } });
    expect(keyless.status).toBe(401);
  });

  it("serves a voice preview with an ETag and 304 for a current copy, ranges unchanged", async () => {
    const { testKey } = await newOrg("voice");
    const voices = await voiceApi("GET", "/voices", { key: testKey });
    const preview = new URL(voices.body.voices[0].preview_url).pathname;
    const first = await rawGet(preview);
    expect(first.status).toBe(200);
    const etag = String(first.headers["etag"]);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const again = await rawGet(preview, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    const headers = new Headers(Object.entries(again.headers).map(([k, v]): [string, string] => [k, String(v)]));
    assertMatchesContract("voice", "GET", preview, 304, headers, undefined);
    const ranged = await rawGet(preview, { range: "bytes=0-99" });
    expect(ranged.status).toBe(206);
    expect(ranged.bytes.equals(first.bytes.subarray(0, 100))).toBe(true);
  });
});
