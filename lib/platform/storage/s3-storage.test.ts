// The S3 driver against s3rver on loopback. s3rver does not check signatures, so expiry and
// tampering are covered on the local driver; here: the bytes, headers and presigned URLs.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ObjectStorage } from "@/lib/platform/storage/object-storage";
import { createS3Storage } from "@/lib/platform/storage/s3-storage";

let server: S3rver;
let storage: ObjectStorage;
let endpoint: string;

beforeAll(async () => {
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), "s3rver-")),
    configureBuckets: [{ name: "voice-audio" }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  storage = createS3Storage({
    bucket: "voice-audio",
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  });
});

afterAll(async () => {
  await server?.close();
});

describe("S3 storage driver", () => {
  it("stores, reads, checks and deletes objects", async () => {
    const body = Buffer.from("RIFF....WAVEfmt pretend audio");
    await storage.put("tts/ab/abc/123.wav", body, "audio/wav");
    expect(await storage.exists("tts/ab/abc/123.wav")).toBe(true);
    expect((await storage.get("tts/ab/abc/123.wav"))?.equals(body)).toBe(true);
    await storage.delete("tts/ab/abc/123.wav");
    expect(await storage.exists("tts/ab/abc/123.wav")).toBe(false);
    expect(await storage.get("tts/ab/abc/123.wav")).toBeNull();
  });

  it("presigns a GET that downloads the bytes with our Content-Type and file name", async () => {
    const body = Buffer.from([0xff, 0xfb, 0x90, 0x00, 1, 2, 3, 4]);
    await storage.put("tts/cd/key/sha.ulaw", body, "audio/basic");
    const url = await storage.signedUrl("tts/cd/key/sha.ulaw", {
      expiresInSeconds: 3600,
      contentType: "audio/basic",
      filename: "prompt-0123456789ab.ulaw",
      disposition: "attachment",
    });
    const parsed = new URL(url);
    expect(parsed.origin).toBe(endpoint);
    expect(parsed.pathname).toBe("/voice-audio/tts/cd/key/sha.ulaw");
    expect(parsed.searchParams.get("X-Amz-Expires")).toBe("3600");
    expect(parsed.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
    expect(res.headers.get("content-type")).toBe("audio/basic");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="prompt-0123456789ab.ulaw"');
  });

  it("caps presigned URLs at SigV4's seven days", async () => {
    await storage.put("previews/x.mp3", Buffer.from("x"), "audio/mpeg");
    const url = await storage.signedUrl("previews/x.mp3", {
      expiresInSeconds: 30 * 24 * 3600,
      contentType: "audio/mpeg",
      filename: "x.mp3",
      disposition: "inline",
    });
    expect(new URL(url).searchParams.get("X-Amz-Expires")).toBe(String(7 * 24 * 3600));
  });

  it("refuses keys that are not plain relative paths", async () => {
    await expect(storage.put("../escape.wav", Buffer.from("x"), "audio/wav")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.put("/abs.wav", Buffer.from("x"), "audio/wav")).rejects.toThrow(/Invalid storage key/);
  });
});
