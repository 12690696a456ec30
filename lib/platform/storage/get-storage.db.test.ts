// The S3 driver as the app builds it: from env (bucket, region, endpoint, path style, keys)
// through getStorage(), used by createTts with its default dependencies, against s3rver on
// loopback. Checks what S3 holds with HeadObject, the client any other S3 tool would use.
import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DeleteObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getOutputFormat } from "@/lib/voice/audio/formats";
import { ttsRequestBodySchema } from "@/lib/voice/schemas";
import { newOrg } from "../../../tests/support/fixtures";

const BUCKET = "voice-prompts-env";
const REGION = "eu-west-1";
let server: S3rver;
let endpoint: string;
let s3: S3Client;
let orgId: string;
let getStorage: typeof import("@/lib/platform/storage/get-storage").getStorage;
let createTts: typeof import("@/lib/voice/create-tts").createTts;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), "s3rver-env-")),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // env() is parsed once per module graph, and importing the test support already did; the
  // modules under test are loaded afresh below, after the environment names this server.
  const settings = {
    STORAGE_DRIVER: "s3",
    S3_BUCKET: BUCKET,
    S3_REGION: REGION,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    SPEECH_PROVIDER: "local",
  };
  for (const [name, value] of Object.entries(settings)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  vi.resetModules();
  ({ getStorage } = await import("@/lib/platform/storage/get-storage"));
  ({ createTts } = await import("@/lib/voice/create-tts"));
  s3 = new S3Client({
    region: REGION,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  orgId = (await newOrg("s3-env")).orgId;
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  s3?.destroy();
  await server?.close();
});

/** The object key behind a path-style presigned URL: /<bucket>/<key>. */
function objectKey(url: string): string {
  const { pathname } = new URL(url);
  expect(pathname.startsWith(`/${BUCKET}/`)).toBe(true);
  return decodeURIComponent(pathname.slice(BUCKET.length + 2));
}

const tts = (text: string, output_format: string) =>
  createTts({ orgId, body: ttsRequestBodySchema.parse({ text, voice_id: "espeakEnUs", output_format }) });

describe("S3 storage from env", () => {
  it("is the S3 driver, built once, with the configured endpoint, bucket, region and path style", async () => {
    const storage = getStorage();
    expect(storage.driver).toBe("s3");
    expect(getStorage()).toBe(storage);
    await storage.put("probe/env.txt", Buffer.from("hello"), "text/plain");
    const url = new URL(
      await storage.signedUrl("probe/env.txt", {
        expiresInSeconds: 60,
        contentType: "text/plain",
        filename: "env.txt",
        disposition: "inline",
      }),
    );
    expect(url.origin).toBe(endpoint);
    expect(url.pathname).toBe(`/${BUCKET}/probe/env.txt`);
    expect(url.searchParams.get("X-Amz-Credential")).toMatch(new RegExp(`^S3RVER/\\d{8}/${REGION}/s3/aws4_request$`));
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: "probe/env.txt" }));
    expect(head.ContentType).toBe("text/plain");
  });

  it.each(["ulaw_8000", "wav_8000", "mp3_22050_32", "opus_48000_32", "pcm_16000"])(
    "POST /tts's domain function stores %s with the format's Content-Type and a URL that downloads it",
    async (formatId) => {
      const format = getOutputFormat(formatId);
      const result = await tts(`S3 check ${formatId} ${Math.random().toString(36).slice(2, 6)}. Press 1.`, formatId);
      expect(result.cached).toBe(false);
      const key = objectKey(result.audio_url);
      const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
      expect(head.ContentType).toBe(format.contentType);
      expect(head.ContentLength).toBe(result.bytes);

      const res = await fetch(result.audio_url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(format.contentType);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(result.sha256);
    },
  );

  it("re-synthesizes a cached prompt whose object was deleted from the bucket", async () => {
    const text = `Deleted from the bucket ${Math.random().toString(36).slice(2, 6)}.`;
    const first = await tts(text, "alaw_8000");
    expect((await tts(text, "alaw_8000")).cached).toBe(true);
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: objectKey(first.audio_url) }));
    expect((await fetch(first.audio_url)).status).toBe(404);

    const again = await tts(text, "alaw_8000");
    expect(again.cached).toBe(false);
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: objectKey(again.audio_url) }));
    expect(head.ContentType).toBe("audio/pcma");
    expect((await fetch(again.audio_url)).status).toBe(200);
  });
});
