import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { revokeApiKey } from "@/lib/account/keys/revoke-api-key";
import { baseUrl, v1 } from "../support/api";
import { assertMatchesContract } from "../support/contract";
import { download, voiceApi } from "./voice-client";
import { newOrg } from "../support/fixtures";

const TTS_RESULT_KEYS = [
  "applied_settings",
  "audio_url",
  "bytes",
  "cached",
  "characters",
  "content_type",
  "file_extension",
  "lexicon_ids",
  "model_id",
  "output_format",
  "sha256",
  "text_type",
  "voice_id",
  "voice_settings",
  "warnings",
].sort();

const VOICE = "espeakEnUs";

function uniqueText(label: string) {
  return `${label} ${Math.random().toString(36).slice(2, 8)}. For sales, press 1.`;
}

describe("authentication", () => {
  it("health needs no key and no database", async () => {
    const res = await voiceApi("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, service: "voice-prompt" });
  });

  it.each([
    ["GET", "/voices"],
    ["GET", "/formats"],
    ["POST", "/tts"],
  ])("%s %s without a key, or with a bad one, is 401 unauthorized", async (method, path) => {
    const body = method === "POST" ? { text: "hi", voice_id: VOICE } : undefined;
    for (const key of [undefined, "sk_test_nope", "sk_test_" + "a".repeat(40)]) {
      const res = await voiceApi(method, path, { key, body });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: "unauthorized", message: expect.stringContaining("x-api-key") } });
    }
  });

  it("accepts live keys as well as test keys, and not a Bearer header", async () => {
    const { testKey, liveKey } = await newOrg("voice");
    expect((await voiceApi("GET", "/formats", { key: testKey })).status).toBe(200);
    expect((await voiceApi("GET", "/formats", { key: liveKey })).status).toBe(200);
    const bearer = await voiceApi("GET", "/formats", { headers: { authorization: `Bearer ${testKey}` } });
    expect(bearer.status).toBe(401);
  });

  it("refuses a revoked key on the very next request, on /tts and on /v1", async () => {
    const { orgId, testKey } = await newOrg("voice");
    const tts = () =>
      voiceApi("POST", "/tts", { key: testKey, body: { text: uniqueText("revoked"), voice_id: VOICE } });
    const keyId = (await db.apiKey.findFirstOrThrow({ where: { orgId, mode: "test" } })).id;
    // Each route used just before: anything the app remembers about the key is fresh.
    expect((await tts()).status).toBe(200);
    expect((await voiceApi("GET", "/formats", { key: testKey })).status).toBe(200);
    expect((await v1("GET", "/v1/verification-sessions", { key: testKey })).status).toBe(200);
    await revokeApiKey(keyId, orgId);
    expect((await voiceApi("GET", "/formats", { key: testKey })).status).toBe(401);
    const refused = await tts();
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("unauthorized");
    expect((await v1("GET", "/v1/verification-sessions", { key: testKey })).status).toBe(401);
  });
});

describe("GET /formats", () => {
  it("lists the 24 formats with extension, content type, plan and one default", async () => {
    const { testKey } = await newOrg("voice");
    const res = await voiceApi("GET", "/formats", { key: testKey });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(24);
    expect(res.body.formats).toHaveLength(24);
    const byId = Object.fromEntries(res.body.formats.map((f: { id: string }) => [f.id, f]));
    expect(byId.wav_8000).toEqual({
      id: "wav_8000",
      label: expect.any(String),
      group: "telephony",
      file_extension: ".wav",
      content_type: "audio/wav",
      default: true,
    });
    expect(byId.ulaw_8000.file_extension).toBe(".ulaw");
    expect(byId.pcm_8000.file_extension).toBe(".sln");
    expect(byId.pcm_22050.file_extension).toBe(".pcm");
    expect(byId.opus_48000_64.file_extension).toBe(".opus");
    const planned = res.body.formats
      .filter((f: any) => "min_provider_plan" in f)
      .map((f: any) => [f.id, f.min_provider_plan]);
    expect(planned).toEqual([
      ["wav_44100", "pro"],
      ["pcm_44100", "pro"],
      ["mp3_44100_192", "creator"],
    ]);
    expect(res.body.formats.filter((f: any) => f.default).map((f: any) => f.id)).toEqual(["wav_8000"]);
  });

  it("answers other methods with 405 in the voice envelope", async () => {
    const res = await voiceApi("POST", "/formats", { body: {} });
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe("method_not_allowed");
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});

describe("methods on every Voice API path", () => {
  const GET_ONLY = "GET, HEAD, OPTIONS";
  const paths: [string, string, string[]][] = [
    ["/health", GET_ONLY, ["POST", "PUT", "PATCH", "DELETE"]],
    ["/voices", GET_ONLY, ["POST", "PUT", "PATCH", "DELETE"]],
    ["/formats", GET_ONLY, ["POST", "PUT", "PATCH", "DELETE"]],
    ["/tts", "POST, OPTIONS", ["GET", "PUT", "PATCH", "DELETE"]],
    ["/openapi/voice.json", GET_ONLY, ["POST", "PUT", "PATCH", "DELETE"]],
    [`/voices/${VOICE}/preview.mp3`, GET_ONLY, ["POST", "PUT", "PATCH", "DELETE"]],
    ["/files?key=tts/00/nothing.wav", GET_ONLY, ["POST", "PUT", "PATCH", "DELETE"]],
    ["/files/tts/00/nothing.wav", GET_ONLY, ["POST", "PUT", "PATCH", "DELETE"]],
  ];

  it.each(paths)("%s: unsupported methods are 405 method_not_allowed with Allow: %s", async (path, allow, methods) => {
    for (const method of methods) {
      const res = await fetch(`${baseUrl()}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow);
      const body = await res.json();
      expect(body).toEqual({
        error: { code: "method_not_allowed", message: expect.stringContaining(`${method} is not supported here`) },
      });
      // The API's own paths document their 405s (the document itself is not one of them).
      if (!path.startsWith("/openapi/"))
        assertMatchesContract("voice", method, path.split("?")[0], res.status, res.headers, body);
    }
  });

  it.each(paths)("%s: OPTIONS answers 204 with the methods it really supports (%s)", async (path, allow) => {
    const res = await fetch(`${baseUrl()}${path}`, { method: "OPTIONS" });
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe(allow);
    if (!path.startsWith("/openapi/"))
      assertMatchesContract("voice", "OPTIONS", path.split("?")[0], res.status, res.headers, await res.text());
  });
});

describe("GET /voices", () => {
  it("lists the clearest English voice first (Flite's Rms, by the phone-band word error rate), with a preview that plays", async () => {
    const { testKey } = await newOrg("voice");
    const res = await voiceApi("GET", "/voices", { key: testKey });
    const [first] = res.body.voices;
    expect(first).toMatchObject({
      id: "fliteRms",
      name: "Rms (Flite)",
      gender: "male",
      locale: "en-US",
      category: "flite",
    });
    const ids = res.body.voices.map((v: { id: string }) => v.id);
    for (const id of ["festivalSlt", "fliteSlt", "fliteAwb", "festivalKal", "espeakEnUs"]) expect(ids).toContain(id);
    const preview = await download(first.preview_url);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("audio/mpeg");
    expect(preview.bytes.length).toBeGreaterThan(2000);
  });

  it("lists local eSpeak voices with the spec fields and a preview that plays", async () => {
    const { testKey } = await newOrg("voice");
    const res = await voiceApi("GET", "/voices", { key: testKey });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(res.body.voices.length);
    expect(res.body.count).toBeGreaterThan(50);
    const voice = res.body.voices.find((v: { id: string }) => v.id === VOICE);
    expect(Object.keys(voice).sort()).toEqual(
      [
        "accent",
        "age",
        "category",
        "description",
        "gender",
        "id",
        "language",
        "languages",
        "locale",
        "name",
        "preview_url",
      ].sort(),
    );
    expect(voice).toMatchObject({
      name: "English (America)",
      language: "en",
      locale: "en-US",
      languages: ["en"],
      gender: "male",
    });
    expect(voice.description).toMatch(/robotic/i);
    for (const v of res.body.voices) expect(v.id).toMatch(/^[A-Za-z0-9]{8,64}$/);

    const first = await download(voice.preview_url);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("audio/mpeg");
    expect(first.bytes.length).toBeGreaterThan(2000);
    expect(first.bytes[0]).toBe(0xff); // MPEG frame sync, no ID3 tag
    expect(first.bytes[1] & 0xe0).toBe(0xe0);
    const again = await download(voice.preview_url);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    const ranged = await download(voice.preview_url, { headers: { range: "bytes=0-99" } });
    expect(ranged.status).toBe(206);
    expect(ranged.bytes.equals(first.bytes.subarray(0, 100))).toBe(true);
  });

  it("has no preview for an unknown voice", async () => {
    const res = await download(`${(await import("../support/api")).baseUrl()}/voices/espeakNoSuchVoice/preview.mp3`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.bytes.toString()).error.code).toBe("voice_not_found");
  });
});

describe("POST /tts", () => {
  it("returns exactly the TtsResult fields and a WAV that downloads with the right headers", async () => {
    const { testKey } = await newOrg("voice");
    const text = uniqueText("Welcome to Acme");
    const res = await voiceApi("POST", "/tts", { key: testKey, body: { text, voice_id: VOICE } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(TTS_RESULT_KEYS);
    expect(res.body).toMatchObject({
      file_extension: ".wav",
      content_type: "audio/wav",
      cached: false,
      characters: text.length,
      voice_id: VOICE,
      model_id: "tts_multilingual_v2",
      output_format: "wav_8000",
      voice_settings: null,
    });
    expect(res.body.sha256).toMatch(/^[0-9a-f]{64}$/);

    const file = await download(res.body.audio_url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("audio/wav");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="prompt-[0-9a-f]{12}\.wav"$/);
    expect(file.bytes.length).toBe(res.body.bytes);
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update(file.bytes).digest("hex")).toBe(res.body.sha256);
    expect(file.bytes.toString("ascii", 0, 4)).toBe("RIFF");
    expect(file.bytes.readUInt32LE(4)).toBe(file.bytes.length - 8);
    expect(file.bytes.readUInt32LE(24)).toBe(8000);

    const url = new URL(res.body.audio_url);
    const expires = Number(url.searchParams.get("expires"));
    expect(expires - Date.now() / 1000).toBeGreaterThan(3600 - 60);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(3600);
  });

  it("serves an identical request from the cache with the same sha256 and bytes", async () => {
    const { testKey } = await newOrg("voice");
    const body = {
      text: uniqueText("Cache me"),
      voice_id: VOICE,
      output_format: "ulaw_8000",
      voice_settings: { speed: 1.1 },
    };
    const first = await voiceApi("POST", "/tts", { key: testKey, body });
    const second = await voiceApi("POST", "/tts", { key: testKey, body });
    expect(first.status).toBe(200);
    expect(first.body.cached).toBe(false);
    expect(second.body.cached).toBe(true);
    expect(second.body.sha256).toBe(first.body.sha256);
    expect(second.body.bytes).toBe(first.body.bytes);
    expect(first.body.voice_settings).toEqual({
      stability: 0.5,
      similarity_boost: 0.75,
      style: 0,
      speed: 1.1,
      use_speaker_boost: true,
    });
    expect(first.body.file_extension).toBe(".ulaw");
    // A different setting is a different prompt.
    const slower = await voiceApi("POST", "/tts", { key: testKey, body: { ...body, voice_settings: { speed: 0.8 } } });
    expect(slower.body.cached).toBe(false);
    expect(slower.body.bytes).toBeGreaterThan(first.body.bytes);
  });

  it("keeps each organisation's cache to itself: another organisation's identical request is not cached", async () => {
    const [one, two] = await Promise.all([newOrg("voice"), newOrg("voice")]);
    const body = { text: uniqueText("Private script"), voice_id: VOICE, output_format: "ulaw_8000" };
    const first = await voiceApi("POST", "/tts", { key: one.testKey, body });
    const other = await voiceApi("POST", "/tts", { key: two.testKey, body });
    const again = await voiceApi("POST", "/tts", { key: one.testKey, body });
    expect([first.body.cached, other.body.cached, again.body.cached]).toEqual([false, false, true]);
    // Same input, same audio: the hash is of the bytes, whoever asked.
    expect(other.body.sha256).toBe(first.body.sha256);
    // Each organisation's own stored object (the key is a signed query parameter of audio_url).
    const objectOf = (audioUrl: string) => new URL(audioUrl).searchParams.get("key");
    expect(objectOf(first.body.audio_url)).toEqual(expect.any(String));
    expect(objectOf(other.body.audio_url)).not.toBe(objectOf(first.body.audio_url));
  });

  it("synthesizes 20 concurrent identical requests once", async () => {
    const { testKey } = await newOrg("voice");
    const body = { text: uniqueText("All at once"), voice_id: VOICE, output_format: "mp3_44100_128" };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => voiceApi("POST", "/tts", { key: testKey, body })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.sha256)).size).toBe(1);
    expect(results.filter((r) => r.body.cached === false)).toHaveLength(1);
  });

  it("rejects a voice that is not on the account with 404 voice_not_found", async () => {
    const { testKey } = await newOrg("voice");
    const res = await voiceApi("POST", "/tts", { key: testKey, body: { text: "Hello", voice_id: "NoSuchVoice123" } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("voice_not_found");
  });

  const invalid: [string, unknown, RegExp][] = [
    ["empty text", { text: "", voice_id: VOICE }, /text/],
    ["whitespace-only text", { text: " \n\t ", voice_id: VOICE }, /text/],
    ["text over 1000 characters", { text: "a".repeat(1001), voice_id: VOICE }, /text.*1000/],
    ["missing text", { voice_id: VOICE }, /Missing required parameter: text/],
    ["text of the wrong type", { text: 42, voice_id: VOICE }, /text/],
    ["missing voice_id", { text: "Hi" }, /Missing required parameter: voice_id/],
    ["short voice_id", { text: "Hi", voice_id: "abc" }, /voice_id/],
    ["voice_id with symbols", { text: "Hi", voice_id: "espeak-en-us" }, /voice_id/],
    ["unknown model", { text: "Hi", voice_id: VOICE, model_id: "eleven_multilingual_v2" }, /model_id/],
    ["unknown format", { text: "Hi", voice_id: VOICE, output_format: "wav_48000" }, /output_format/],
    [
      "stability above 1",
      { text: "Hi", voice_id: VOICE, voice_settings: { stability: 1.5 } },
      /voice_settings\.stability/,
    ],
    [
      "similarity_boost below 0",
      { text: "Hi", voice_id: VOICE, voice_settings: { similarity_boost: -0.1 } },
      /similarity_boost/,
    ],
    ["style above 1", { text: "Hi", voice_id: VOICE, voice_settings: { style: 2 } }, /style/],
    ["speed below 0.7", { text: "Hi", voice_id: VOICE, voice_settings: { speed: 0.5 } }, /speed/],
    ["speed above 1.2", { text: "Hi", voice_id: VOICE, voice_settings: { speed: 1.25 } }, /speed/],
    [
      "use_speaker_boost not boolean",
      { text: "Hi", voice_id: VOICE, voice_settings: { use_speaker_boost: "yes" } },
      /use_speaker_boost/,
    ],
    ["unknown setting", { text: "Hi", voice_id: VOICE, voice_settings: { pitch: 1 } }, /voice_settings\.pitch/],
    ["unknown property", { text: "Hi", voice_id: VOICE, language: "en" }, /Unknown parameter: language/],
    ["voice_settings not an object", { text: "Hi", voice_id: VOICE, voice_settings: "fast" }, /voice_settings/],
    // PostgreSQL cannot store NUL, and a lone surrogate is not text: both used to be a 500.
    ["text with a NUL character", { text: "Press 1\u0000 for sales", voice_id: VOICE }, /Invalid text: .*NUL/],
    ["text with a lone surrogate", { text: "Press 1 \ud83d for sales", voice_id: VOICE }, /Invalid text: .*Unicode/],
  ];
  it.each(invalid)("rejects %s with 400 bad_request naming the field", async (_name, body, message) => {
    const { testKey } = await newOrg("voice");
    const res = await voiceApi("POST", "/tts", { key: testKey, body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("bad_request");
    expect(res.body.error.message).toMatch(message);
  });

  it("accepts exactly 1000 characters, counting characters rather than UTF-16 units", async () => {
    const { testKey } = await newOrg("voice");
    const text = "a".repeat(999) + "👍"; // 1000 characters, 1001 UTF-16 units
    const res = await voiceApi("POST", "/tts", {
      key: testKey,
      body: { text, voice_id: VOICE, output_format: "ulaw_8000" },
    });
    expect(res.status).toBe(200);
    expect(res.body.characters).toBe(1000);
  });

  it.each([
    [
      "XML as the content type",
      { "content-type": "application/xml" },
      '{"text":"Hi","voice_id":"espeakEnUs"}',
      /Content-Type/,
    ],
    [
      "a form as the content type",
      { "content-type": "application/x-www-form-urlencoded" },
      '{"text":"Hi","voice_id":"espeakEnUs"}',
      /Content-Type/,
    ],
    ["text/plain that is not JSON", { "content-type": "text/plain" }, "text=Hi", /not valid JSON/],
    ["malformed JSON", { "content-type": "application/json" }, '{"text":', /not valid JSON/],
    ["a JSON array", { "content-type": "application/json" }, "[]", /JSON object/],
    ["an empty body", { "content-type": "application/json" }, "", /empty/],
  ])("rejects %s with 400 bad_request", async (_name, headers, rawBody, message) => {
    const { testKey } = await newOrg("voice");
    const res = await voiceApi("POST", "/tts", { key: testKey, headers, rawBody });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: "bad_request", message: expect.stringMatching(message) });
  });

  // What fetch sends for a string body with no header (text/plain;charset=UTF-8), and a bare
  // client's body with no Content-Type at all: both are read as JSON.
  it.each([
    ["text/plain;charset=UTF-8", (body: string) => ({ rawBody: body })],
    ["text/plain", (body: string) => ({ rawBody: body, headers: { "content-type": "text/plain" } })],
    ["no Content-Type", (body: string) => ({ rawBody: new Uint8Array(Buffer.from(body)) })],
  ])("reads a JSON body sent as %s", async (_name, send) => {
    const { testKey } = await newOrg("voice");
    const res = await voiceApi("POST", "/tts", {
      key: testKey,
      ...send(JSON.stringify({ text: "Hi", voice_id: VOICE, output_format: "ulaw_8000" })),
    });
    expect(res.status).toBe(200);
    expect(res.body.characters).toBe(2);
  });

  it("refuses a body that is not UTF-8 whether or not its length is declared", async () => {
    const { testKey } = await newOrg("voice");
    // "caf\xe9": Latin-1, not UTF-8. It must not be read as "caf\ufffd" and synthesized.
    const bytes = Buffer.concat([
      Buffer.from('{"text":"caf'),
      Buffer.from([0xe9]),
      Buffer.from(` ${Math.random()}","voice_id":"${VOICE}"}`),
    ]);
    for (const chunked of [false, true]) {
      const body = chunked
        ? new ReadableStream({
            start(c) {
              c.enqueue(new Uint8Array(bytes));
              c.close();
            },
          })
        : new Uint8Array(bytes);
      const res = await fetch(`${baseUrl()}/tts`, {
        method: "POST",
        headers: { "x-api-key": testKey, "content-type": "application/json" },
        body,
        ...(chunked ? { duplex: "half" } : {}),
      } satisfies RequestInit & { duplex?: "half" });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: "bad_request", message: "Request body is not valid UTF-8." } });
    }
  });

  it("refuses bodies over 64 KB without reading them all", async () => {
    const { testKey } = await newOrg("voice");
    const res = await voiceApi("POST", "/tts", { key: testKey, body: { text: "a".repeat(70_000), voice_id: VOICE } });
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({ code: "request_too_large", message: "Request body is larger than 64 KB." });
  });
});

describe("signed download links", () => {
  async function freshAudioUrl() {
    const { testKey } = await newOrg("voice");
    const res = await voiceApi("POST", "/tts", {
      key: testKey,
      body: { text: uniqueText("Link"), voice_id: VOICE, output_format: "pcm_8000" },
    });
    expect(res.status).toBe(200);
    return new URL(res.body.audio_url);
  }

  /** The same link in the older form, the key as the path (links handed out before GET /files). */
  function pathForm(url: URL): URL {
    const legacy = new URL(url);
    legacy.pathname = `/files/${legacy.searchParams.get("key")}`;
    legacy.searchParams.delete("key");
    return legacy;
  }

  it("points new links at /files with the key a signed query parameter, and serves the older path form alike", async () => {
    const url = await freshAudioUrl();
    expect(url.pathname).toBe("/files");
    expect(url.searchParams.get("key")).toMatch(/^tts\/.+\.sln$/);
    const legacy = pathForm(url);
    expect(legacy.pathname).toBe(`/files/${url.searchParams.get("key")}`);
    const [current, older] = [await download(url.toString()), await download(legacy.toString())];
    expect([current.status, older.status]).toEqual([200, 200]);
    expect(older.bytes.equals(current.bytes)).toBe(true);
    expect(older.headers.get("content-disposition")).toBe(current.headers.get("content-disposition"));
    expect(older.headers.get("content-type")).toBe(current.headers.get("content-type"));
  });

  it("serves raw formats with their own extension and content type", async () => {
    const url = await freshAudioUrl();
    const file = await download(url.toString());
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("audio/pcm");
    expect(file.headers.get("content-disposition")).toMatch(/filename="prompt-[0-9a-f]{12}\.sln"$/);
  });

  it("documents every query parameter of an audio_url and the range answers", async () => {
    const url = await freshAudioUrl();
    const { buildVoiceDocument } = await import("@/lib/edge/openapi/voice-document");
    const document = buildVoiceDocument();
    const operation = document.paths["/files"].get;
    const documented = operation.parameters.flatMap((p) => ("in" in p && p.in === "query" ? [p] : []));
    expect(documented.map((p) => p.name).sort()).toEqual([...url.searchParams.keys()].sort());
    expect(documented.every((p) => p.required)).toBe(true);
    // The older form: the same signed parameters, the key as the path; documented as deprecated.
    const older = document.paths["/files/{key}"].get;
    expect(older.deprecated).toBe(true);
    const olderQuery = older.parameters.flatMap((p) => ("in" in p && p.in === "query" ? [p.name] : []));
    expect(olderQuery.sort()).toEqual([...pathForm(url).searchParams.keys()].sort());

    const whole = await download(url.toString());
    const partial = await download(url.toString(), { headers: { range: "bytes=0-9" } });
    const unsatisfiable = await download(url.toString(), { headers: { range: `bytes=${whole.bytes.length}-` } });
    expect([partial.status, unsatisfiable.status]).toEqual([206, 416]);
    expect(unsatisfiable.headers.get("content-range")).toBe(`bytes */${whole.bytes.length}`);
    for (const status of [200, 206, 403, 404, 416]) expect(Object.keys(operation.responses)).toContain(String(status));
  });

  const linkChanges: [string, (u: URL) => void][] = [
    ["a changed signature", (u: URL) => u.searchParams.set("signature", "A".repeat(43))],
    ["no signature", (u: URL) => u.searchParams.delete("signature")],
    ["a later expiry", (u: URL) => u.searchParams.set("expires", String(Number(u.searchParams.get("expires")) + 3600))],
    ["another content type", (u: URL) => u.searchParams.set("content_type", "text/html")],
    ["another file name", (u: URL) => u.searchParams.set("filename", "evil.html")],
  ];
  it.each([
    ...linkChanges,
    [
      "another object",
      (u: URL) =>
        u.searchParams.set(
          "key",
          u.searchParams.get("key")!.replace(/([0-9a-f])(\.sln)$/, (_m, c, ext) => (c === "0" ? "1" : "0") + ext),
        ),
    ],
    ["a key outside storage", (u: URL) => u.searchParams.set("key", "../../package.json")],
    ["no key", (u: URL) => u.searchParams.delete("key")],
  ])("GET /files answers 403 and never the file for %s", async (_name, tamper) => {
    const url = await freshAudioUrl();
    tamper(url);
    const res = await download(url.toString());
    expect(res.status).toBe(403);
    expect(JSON.parse(res.bytes.toString()).error.code).toBe("forbidden");
  });

  // The older path form of the same links, with the changes this test made before GET /files.
  it.each([
    ["a changed signature", (u: URL) => u.searchParams.set("signature", "A".repeat(43))],
    ["no signature", (u: URL) => u.searchParams.delete("signature")],
    ["a later expiry", (u: URL) => u.searchParams.set("expires", String(Number(u.searchParams.get("expires")) + 3600))],
    ["another content type", (u: URL) => u.searchParams.set("content_type", "text/html")],
    ["another file name", (u: URL) => u.searchParams.set("filename", "evil.html")],
    [
      "another object",
      (u: URL) => {
        u.pathname = u.pathname.replace(/([0-9a-f])(\.sln)$/, (_m, c, ext) => (c === "0" ? "1" : "0") + ext);
      },
    ],
    [
      "a path outside storage",
      (u: URL) => {
        u.pathname = "/files/..%2F..%2Fpackage.json";
      },
    ],
  ])("the older path form answers 403 and never the file for %s", async (_name, tamper) => {
    const url = pathForm(await freshAudioUrl());
    tamper(url);
    const res = await download(url.toString());
    expect(res.status).toBe(403);
    const body = JSON.parse(res.bytes.toString());
    expect(body.error.code).toBe("forbidden");
  });

  it("answers 403 once the link has expired", async () => {
    const url = await freshAudioUrl();
    const { createLocalStorage } = await import("@/lib/platform/storage/local-storage");
    // Same secret as the app (both use the default in tests); an hour in the past.
    const signer = createLocalStorage({
      dir: "/nonexistent",
      secret: process.env.APP_SECRET ?? "dev-only-app-secret-change-me-in-production",
      baseUrl: url.origin,
      now: () => Date.now() - 2 * 3600_000,
    });
    const key = url.searchParams.get("key")!;
    const expired = await signer.signedUrl(key, {
      expiresInSeconds: 3600,
      contentType: url.searchParams.get("content_type")!,
      filename: url.searchParams.get("filename")!,
      disposition: "attachment",
    });
    const res = await download(expired);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.bytes.toString()).error.message).toMatch(/expired/);
    const older = await download(pathForm(new URL(expired)).toString());
    expect(older.status).toBe(403);
    expect(JSON.parse(older.bytes.toString()).error.message).toMatch(/expired/);
    // The same link signed to be valid now works, so the 403 was about time alone.
    const valid = await createLocalStorage({
      dir: "/nonexistent",
      secret: process.env.APP_SECRET ?? "dev-only-app-secret-change-me-in-production",
      baseUrl: url.origin,
    }).signedUrl(key, {
      expiresInSeconds: 60,
      contentType: url.searchParams.get("content_type")!,
      filename: url.searchParams.get("filename")!,
      disposition: "attachment",
    });
    expect((await download(valid)).status).toBe(200);
  });
});
