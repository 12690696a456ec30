// Prompt sets over HTTP against the built app: a 50-prompt menu generated in the background,
// edited and regenerated through the content cache, and downloaded as one zip whose every file
// is probed with ffprobe and hashed against its manifest. Every answer is held to the document.
import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/platform/db";
import { buildVoiceDocument } from "@/lib/edge/openapi/voice-document";
import { getOutputFormat } from "@/lib/voice/audio/formats";
import { baseUrl } from "../support/api";
import { newOrg } from "../support/fixtures";
import { expectEncodedAs, ffprobe, writeScratchFile } from "../support/audio-probe";
import { assertMatchesContract } from "../support/contract";
import { voiceApi } from "./voice-client";

const VOICE = "espeakEnUs";
let key: string;
let otherKey: string;

beforeAll(async () => {
  key = (await newOrg("sets")).testKey;
  otherKey = (await newOrg("sets-other")).liveKey;
});

const menu = (count: number, tag: string) =>
  Array.from({ length: count }, (_, i) => ({
    name: `menu-${String(i + 1).padStart(2, "0")}`,
    text: `Option ${i + 1}. ${tag}`,
  }));

/** Waits for a generation to settle, checking each status answer against the document. */
async function settled(id: string, seen: { running: number } = { running: 0 }) {
  return vi.waitFor(
    async () => {
      const status = await voiceApi("GET", `/prompt-sets/${id}/status`, { key });
      expect(status.status).toBe(200);
      if (status.body.generation.state === "running") seen.running += 1;
      expect(status.body.generation.state).not.toBe("running");
      return status.body;
    },
    { timeout: 280_000, interval: 250 },
  );
}

/** A download the API streams (zip, CSV), checked against the document. */
async function fetchFile(path: string, apiKey = key) {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { "x-api-key": apiKey } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = res.headers.get("content-type")?.startsWith("application/json");
  assertMatchesContract(
    "voice",
    "GET",
    path.split("?")[0],
    res.status,
    res.headers,
    json ? JSON.parse(bytes.toString()) : bytes.length ? "(file)" : undefined,
  );
  return { status: res.status, headers: res.headers, bytes, json: json ? JSON.parse(bytes.toString()) : undefined };
}

describe("a 50-prompt set, generated, edited, regenerated and downloaded", () => {
  let setId: string;
  const tag = `run ${Math.random().toString(36).slice(2)}`;

  it("is created with every prompt pending", async () => {
    const res = await voiceApi("POST", "/prompt-sets", {
      key,
      body: { name: "Main menu (winter)", voice_id: VOICE, output_format: "ulaw_8000", prompts: menu(50, tag) },
    });
    expect(res.status).toBe(201);
    setId = res.body.id;
    expect(setId).toMatch(/^ps_/);
    expect(res.body).toMatchObject({
      name: "Main menu (winter)",
      language: "en",
      output_format: "ulaw_8000",
      file_extension: ".ulaw",
    });
    expect(res.body.generation).toMatchObject({ state: "idle", counts: { total: 50, pending: 50, done: 0 } });
    expect(res.body.prompts.map((p: { name: string }) => p.name)).toEqual(menu(50, tag).map((p) => p.name));
    expect(res.body.prompts[0]).toMatchObject({ status: "pending", file_name: "menu-01.ulaw", audio_url: null });
  });

  it("is refused as an archive before it is generated", async () => {
    const res = await fetchFile(`/prompt-sets/${setId}/archive`);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("prompt_set_not_ready");
    expect(res.json.error.message).toMatch(/50 of 50 prompts are not generated/);
  });

  it("generates in the background: 202 at once, progress observed, every prompt synthesized", async () => {
    const started = await voiceApi("POST", `/prompt-sets/${setId}/generate`, { key });
    expect(started.status).toBe(202);
    expect(started.body.generation.state).toBe("running");
    expect(started.body.generation.counts.total).toBe(50);
    expect(started.body.generation.counts.done).toBeLessThan(50);

    const seen = { running: 0 };
    const status = await settled(setId, seen);
    expect(seen.running).toBeGreaterThan(0);
    expect(status.generation).toMatchObject({
      state: "completed",
      counts: { total: 50, done: 50, cached: 0, failed: 0 },
    });
    for (const prompt of status.prompts) {
      expect(prompt).toMatchObject({ status: "done", cached: false, error: null });
      expect(prompt.duration_ms).toBeGreaterThan(300);
    }
  }, 300_000);

  it("regenerates only the prompt whose text changed; the others come from the content cache", async () => {
    const current = await voiceApi("GET", `/prompt-sets/${setId}`, { key });
    const prompts = current.body.prompts.map((p: { id: string; name: string; text: string }) => ({
      id: p.id,
      name: p.name,
      text: p.text,
    }));
    prompts[6] = { ...prompts[6], text: `For opening hours, press seven. ${tag}` };
    const edited = await voiceApi("PATCH", `/prompt-sets/${setId}`, { key, body: { prompts } });
    expect(edited.status).toBe(200);
    expect(edited.body.generation.counts).toMatchObject({ done: 49, pending: 1 });
    expect(edited.body.prompts[6]).toMatchObject({ name: "menu-07", status: "pending", sha256: null });
    expect(edited.body.prompts[5]).toMatchObject({ status: "done", audio_url: expect.stringContaining("/files?key=") });

    expect((await voiceApi("POST", `/prompt-sets/${setId}/generate`, { key, body: { only: "all" } })).status).toBe(202);
    const status = await settled(setId);
    expect(status.generation.counts).toMatchObject({ done: 50, cached: 49, failed: 0 });
    const fresh = status.prompts.filter((p: { cached: boolean }) => !p.cached);
    expect(fresh.map((p: { name: string }) => p.name)).toEqual(["menu-07"]);
  }, 300_000);

  for (const layout of ["asterisk", "freeswitch", "flat"] as const) {
    it(`downloads as one zip in the ${layout} layout: every file probed, placed and hashed as its manifest says`, async () => {
      const res = await fetchFile(`/prompt-sets/${setId}/archive?layout=${layout}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/zip");
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="main-menu-winter-${layout}.zip"`);
      const files = unzipSync(res.bytes);
      const manifest: Record<string, string>[] = parse(Buffer.from(files["prompts.csv"]).toString("utf8"), {
        columns: true,
      });
      expect(manifest).toHaveLength(50);
      expect(Object.keys(files).sort()).toEqual([...manifest.map((row) => row.file), "prompts.csv"].sort());

      const ulaw = getOutputFormat("ulaw_8000");
      for (const [index, row] of manifest.entries()) {
        expect(row.name).toBe(`menu-${String(index + 1).padStart(2, "0")}`);
        expect(row).toMatchObject({ voice: VOICE, format: "ulaw_8000" });
        const expectedPath = {
          asterisk: `en/custom/${row.name}.ulaw`,
          freeswitch: `en/8000/${row.name}.wav`,
          flat: `${row.name}.ulaw`,
        }[layout];
        expect(row.file).toBe(expectedPath);
        const bytes = Buffer.from(files[row.file]);
        expect(createHash("sha256").update(bytes).digest("hex")).toBe(row.sha256);
        const seconds = Number(row.duration);
        expect(seconds).toBeGreaterThan(0.3);
        const probed = index % 10 === 0 || index === 6; // ffprobe every tenth file and the edited one
        if (layout === "freeswitch") {
          // The same G.711 samples in a WAV container FreeSWITCH reads: a canonical header, format 7 (μ-law), 8 kHz.
          expect(bytes.toString("ascii", 0, 4)).toBe("RIFF");
          expect([
            bytes.readUInt16LE(20),
            bytes.readUInt16LE(22),
            bytes.readUInt32LE(24),
            bytes.readUInt16LE(34),
          ]).toEqual([7, 1, 8000, 8]);
          expect(bytes.readUInt32LE(40)).toBe(bytes.length - 44);
          // The manifest's duration is rounded to the millisecond: within 8 samples.
          expect(Math.abs(bytes.length - 44 - seconds * 8000)).toBeLessThanOrEqual(8);
          if (probed) {
            const probe = await ffprobe(writeScratchFile(`${row.name}-${layout}.wav`, bytes));
            expect(probe.format.format_name).toBe("wav");
            expect(probe.streams[0]).toMatchObject({ codec_name: "pcm_mulaw", sample_rate: "8000", channels: 1 });
            expect(Number(probe.format.duration)).toBeCloseTo(seconds, 1);
          }
        } else if (probed) {
          await expectEncodedAs(bytes, ulaw, seconds);
        } else {
          expect(Math.abs(bytes.length - seconds * 8000)).toBeLessThanOrEqual(8);
        }
      }
      expect(manifest[6].text).toBe(`For opening hours, press seven. ${tag}`);
    }, 120_000);
  }

  it("is another organisation's 404 on every operation", async () => {
    const get = (path: string) => voiceApi("GET", path, { key: otherKey });
    for (const res of [
      await get(`/prompt-sets/${setId}`),
      await get(`/prompt-sets/${setId}/status`),
      await voiceApi("PATCH", `/prompt-sets/${setId}`, { key: otherKey, body: { name: "mine now" } }),
      await voiceApi("POST", `/prompt-sets/${setId}/generate`, { key: otherKey }),
      await voiceApi("POST", `/prompt-sets/${setId}/duplicate`, { key: otherKey }),
      await voiceApi("DELETE", `/prompt-sets/${setId}`, { key: otherKey }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await fetchFile(`/prompt-sets/${setId}/archive`, otherKey)).status).toBe(404);
    expect((await fetchFile(`/prompt-sets/${setId}/prompts.csv`, otherKey)).status).toBe(404);
    const list = await get("/prompt-sets");
    expect(list.body.prompt_sets.map((s: { id: string }) => s.id)).not.toContain(setId);
    expect((await voiceApi("GET", `/prompt-sets/${setId}`, { key })).status).toBe(200);
  });

  it("duplicates with its audio, then deletes", async () => {
    const copy = await voiceApi("POST", `/prompt-sets/${setId}/duplicate`, { key });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      name: "Main menu (winter) (copy)",
      generation: { state: "completed", counts: { done: 50 } },
    });
    const list = await voiceApi("GET", "/prompt-sets", { key });
    expect(list.body.prompt_sets.slice(0, 2).map((s: { id: string }) => s.id)).toEqual([copy.body.id, setId]);
    const deleted = await voiceApi("DELETE", `/prompt-sets/${copy.body.id}`, { key });
    expect(deleted).toMatchObject({ status: 200, body: { id: copy.body.id, deleted: true } });
    expect((await voiceApi("GET", `/prompt-sets/${copy.body.id}`, { key })).status).toBe(404);
  });
});

describe("prompt sets refuse bad input in the API's envelope", () => {
  const create = (body: object) =>
    voiceApi("POST", "/prompt-sets", { key, body: { name: "Bad", voice_id: VOICE, ...body } });

  it("names the offending prompt: file names for phone systems, unique in the set", async () => {
    const upper = await create({ prompts: [{ name: "Main Menu", text: "Hello" }] });
    expect(upper.status).toBe(400);
    expect(upper.body.error).toMatchObject({
      code: "bad_request",
      message: expect.stringMatching(/prompts\.0\.name.*lower-case letters, digits, - and _/),
    });
    const twice = await create({
      prompts: [
        { name: "a", text: "one" },
        { name: "b", text: "two" },
        { name: "a", text: "three" },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toMatch(/prompts\.2\.name.*unique in the set.*prompt 1/);
    const empty = await create({ prompts: [{ name: "a", text: "   " }] });
    expect(empty.body.error.message).toMatch(/prompts\.0\.text/);
    expect((await create({ name: "" })).status).toBe(400);
    expect((await create({ output_format: "wav_9000" })).status).toBe(400);
    expect((await create({ extra: true })).status).toBe(400);
  });

  it("refuses an unknown voice at once, a set with nothing to generate, and an unknown layout", async () => {
    const voice = await create({ voice_id: "espeakNoSuchVoice" });
    expect(voice.status).toBe(404);
    expect(voice.body.error.code).toBe("voice_not_found");
    const bare = await create({});
    expect(bare.status).toBe(201);
    const generate = await voiceApi("POST", `/prompt-sets/${bare.body.id}/generate`, { key });
    expect(generate.status).toBe(400);
    expect(generate.body.error.message).toMatch(/no prompts yet/);
    const archive = await fetchFile(`/prompt-sets/${bare.body.id}/archive?layout=cisco`);
    expect(archive.status).toBe(400);
    expect(archive.json.error.message).toMatch(/layout/);
    const unknownId = await voiceApi("PATCH", `/prompt-sets/${bare.body.id}`, {
      key,
      body: { prompts: [{ id: "psp_nope", name: "a", text: "b" }] },
    });
    expect(unknownId.status).toBe(400);
    expect(unknownId.body.error.message).toMatch(/psp_nope is not a prompt of this set/);
    expect((await voiceApi("PATCH", `/prompt-sets/${bare.body.id}`, { key, body: {} })).status).toBe(400);
    expect((await voiceApi("GET", "/prompt-sets/ps_doesnotexist", { key })).status).toBe(404);
  });

  it("imports a CSV as a spreadsheet saves it, and refuses a bad one naming every bad row", async () => {
    const set = await create({});
    const put = (csv: string, type = "text/csv") =>
      fetch(`${baseUrl()}/prompt-sets/${set.body.id}/prompts.csv`, {
        method: "PUT",
        headers: { "x-api-key": key, "content-type": type },
        body: csv,
      });
    const check = async (res: Response) => {
      const body = await res.json();
      assertMatchesContract("voice", "PUT", `/prompt-sets/${set.body.id}/prompts.csv`, res.status, res.headers, body);
      return { status: res.status, body };
    };

    const bad = await check(
      await put("name,text\nwelcome,Welcome to Acme.\nMain Menu,For sales press 1\nhold,\nwelcome,again\n"),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/3 problems/);
    expect(bad.body.error.message).toMatch(/row 3: name may contain only lower-case letters/);
    expect(bad.body.error.message).toMatch(/row 4: text must not be empty/);
    expect(bad.body.error.message).toMatch(/row 5: name must be unique in the set/);
    expect((await voiceApi("GET", `/prompt-sets/${set.body.id}`, { key })).body.prompts).toEqual([]);

    expect((await check(await put("nom,texte\na,b\n"))).body.error.message).toMatch(/row 1/);
    expect((await check(await put('name,text\na,"unclosed\n'))).status).toBe(400);
    expect((await check(await put("name,text\na,b\n", "application/json"))).body.error.message).toMatch(/text\/csv/);

    // A BOM, CRLF line ends, quoted commas and line breaks, columns in another order.
    const good = await check(
      await put('\uFEFFtext,name,notes\r\n"Welcome, caller.",welcome,x\r\n"Line one\r\nline two",after-hours,\r\n'),
    );
    expect(good.status).toBe(200);
    expect(good.body.prompts.map((p: { name: string; text: string }) => [p.name, p.text])).toEqual([
      ["welcome", "Welcome, caller."],
      ["after-hours", "Line one\r\nline two"],
    ]);
    const exported = await fetchFile(`/prompt-sets/${set.body.id}/prompts.csv`);
    expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(parse(exported.bytes.toString("utf8"), { columns: true })).toEqual([
      { name: "welcome", text: "Welcome, caller." },
      { name: "after-hours", text: "Line one\r\nline two" },
    ]);
  });
});

describe("a field patched to null", () => {
  // The document's own list: a field made nullable later is covered without editing this test.
  const update = buildVoiceDocument().components.requestBodies.PromptSetUpdate.content["application/json"].schema as {
    properties: Record<string, any>;
  };
  const nullable = Object.entries(update.properties)
    .filter(
      ([, schema]) =>
        [schema.type].flat().includes("null") ||
        [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some((s: any) => s.type === "null"),
    )
    .map(([field]) => field);

  it("is stored as absent, and every later answer matches the document", async () => {
    expect(nullable).toContain("voice_settings");
    const created = await voiceApi("POST", "/prompt-sets", {
      key,
      body: {
        name: "Nulls",
        voice_id: VOICE,
        voice_settings: { stability: 0.3, speed: 1.1 },
        prompts: [{ name: "hi", text: "Hello." }],
      },
    });
    expect(created.status).toBe(201);
    // voiceApi checks every answer against the voice document; a stored {"set": null} failed here.
    const patched = await voiceApi("PATCH", `/prompt-sets/${created.body.id}`, {
      key,
      body: Object.fromEntries(nullable.map((f) => [f, null])),
    });
    expect(patched.status).toBe(200);
    for (const field of nullable) expect(patched.body[field], field).toBeNull();
    const row = await db.promptSet.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.voiceSettings).toBeNull();

    const got = await voiceApi("GET", `/prompt-sets/${created.body.id}`, { key });
    expect(got.status).toBe(200);
    for (const field of nullable) expect(got.body[field], field).toBeNull();
    const listed = await voiceApi("GET", "/prompt-sets", { key });
    expect(listed.body.prompt_sets.find((s: { id: string }) => s.id === created.body.id).voice_settings).toBeNull();
    const copy = await voiceApi("POST", `/prompt-sets/${created.body.id}/duplicate`, { key });
    expect(copy.status).toBe(201);
    expect(copy.body.voice_settings).toBeNull();
    const imported = await fetch(`${baseUrl()}/prompt-sets/${created.body.id}/prompts.csv`, {
      method: "PUT",
      headers: { "x-api-key": key, "content-type": "text/csv" },
      body: "name,text\nbye,Goodbye.\n",
    });
    const importedBody = await imported.json();
    assertMatchesContract(
      "voice",
      "PUT",
      `/prompt-sets/${created.body.id}/prompts.csv`,
      imported.status,
      imported.headers,
      importedBody,
    );
    expect(importedBody.voice_settings).toBeNull();
    // Patching null again (no change) and setting settings back both answer the document's shape.
    expect(
      (await voiceApi("PATCH", `/prompt-sets/${created.body.id}`, { key, body: { voice_settings: null } })).status,
    ).toBe(200);
    const restored = await voiceApi("PATCH", `/prompt-sets/${created.body.id}`, {
      key,
      body: { voice_settings: { stability: 0.5 } },
    });
    expect(restored.body.voice_settings).toMatchObject({ stability: 0.5 });
  });
});
