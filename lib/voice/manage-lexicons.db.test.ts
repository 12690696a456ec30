// Pronunciation lexicons on the real database: stored per organisation, refused with the line
// and reason when bad (nothing stored), applied by POST /tts and by prompt sets, keyed by version.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWav } from "@/lib/voice/audio/pcm";
import { pausesIn } from "@/lib/voice/audio/silence";
import { db } from "@/lib/platform/db";
import { createPromptSet } from "@/lib/voice/prompt-sets/create-prompt-set";
import { generateQueuedPrompts } from "@/lib/voice/prompt-sets/generate-queued-prompts";
import { buildCreatePromptSetBodySchema } from "@/lib/voice/prompt-sets/schemas";
import { createLocalStorage } from "@/lib/platform/storage/local-storage";
import { createTts, type TtsDependencies } from "@/lib/voice/create-tts";
import { createLexicon, deleteLexicon, getLexicon, listLexicons, replaceLexicon } from "@/lib/voice/manage-lexicons";
import { writePls } from "@/lib/voice/lexicons/parse-pls";
import { stopFestivalProcesses } from "@/lib/voice/providers/festival-provider";
import { createLocalProvider } from "@/lib/voice/providers/local-provider";
import { ttsRequestBodySchema } from "@/lib/voice/schemas";
import { createVoiceCatalog } from "@/lib/voice/voice-catalog";
import { newOrg } from "../../tests/support/fixtures";

let orgId: string;
let otherOrgId: string;
let deps: TtsDependencies;

beforeAll(async () => {
  orgId = (await newOrg("lex")).orgId;
  otherOrgId = (await newOrg("lex-other")).orgId;
  const storage = createLocalStorage({
    dir: mkdtempSync(path.join(tmpdir(), "lexicon-storage-")),
    secret: "test-secret-0123456789",
    baseUrl: "http://app.test",
  });
  deps = { catalog: createVoiceCatalog(createLocalProvider(), () => 3600_000), storage, urlTtlSeconds: 3600 };
});
afterAll(() => stopFestivalProcesses());

const pls = (lexemes: string, lang = "en-US") =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="${lang}">\n${lexemes}\n</lexicon>`;
const aliasLexeme = (grapheme: string, alias: string) =>
  `<lexeme><grapheme>${grapheme}</grapheme><alias>${alias}</alias></lexeme>`;
const BRAND = pls(aliasLexeme("Voiceage", "Voice Age"));
const tts = (input: Record<string, unknown>) => createTts({ orgId, body: ttsRequestBodySchema.parse(input) }, deps);

async function audioOf(sha256: string) {
  const row = await db.ttsAudio.findFirstOrThrow({ where: { sha256 } });
  return parseWav((await deps.storage.get(row.storageKey))!);
}

describe("lexicons", () => {
  it("are stored per organisation: listed, read, replaced (version up) and deleted only by their own", async () => {
    const created = await createLexicon(orgId, { name: "Brand", pls: BRAND });
    expect(created).toMatchObject({
      name: "Brand",
      language: "en-US",
      version: 1,
      lexeme_count: 1,
      lexemes: [{ graphemes: ["Voiceage"], alias: "Voice Age", phoneme: null }],
      pls: BRAND,
    });
    expect((await listLexicons(orgId)).lexicons.map((l) => l.id)).toContain(created.id);
    expect((await listLexicons(otherOrgId)).lexicons.map((l) => l.id)).not.toContain(created.id);
    await expect(getLexicon(otherOrgId, created.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(replaceLexicon(otherOrgId, created.id, { name: "x", pls: BRAND })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(deleteLexicon(otherOrgId, created.id)).rejects.toMatchObject({ code: "not_found" });
    const replaced = await replaceLexicon(orgId, created.id, { name: "Brand 2", pls: BRAND });
    expect(replaced).toMatchObject({ name: "Brand 2", version: 2 });
    expect(await deleteLexicon(orgId, created.id)).toEqual({ id: created.id, deleted: true });
    await expect(getLexicon(orgId, created.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it.each([
    ["malformed XML", pls("<lexeme><grapheme>a</grapheme>\n<alias>b</lexeme>"), /line 4: unexpected close tag/i],
    [
      "an external entity (XXE)",
      `<?xml version="1.0"?>\n<!DOCTYPE lexicon [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n${pls(aliasLexeme("a", "&xxe;"))}`,
      /line 2: a DOCTYPE is not accepted/,
    ],
    ["an undeclared entity", pls(aliasLexeme("a", "&boom;")), /line 3: .*undefined entity/i],
    [
      "more than 1,000 lexemes",
      pls(Array.from({ length: 1001 }, (_, i) => aliasLexeme(`w${i}`, "x")).join("\n")),
      /line 1003: a lexicon may hold at most 1000 lexemes/,
    ],
    [
      "an unknown IPA symbol",
      pls("<lexeme>\n<grapheme>click</grapheme>\n<phoneme>ǃa</phoneme>\n</lexeme>"),
      /line 5: <phoneme>ǃa<\/phoneme>: unknown IPA symbol "ǃ"/,
    ],
    ["another alphabet", pls("<lexeme><grapheme>a</grapheme><phoneme alphabet='x-sampa'>a</phoneme></lexeme>"), /ipa/],
    [
      "a lexeme with no pronunciation",
      pls("<lexeme><grapheme>a</grapheme></lexeme>"),
      /needs an <alias> or a <phoneme>/,
    ],
    [
      "an element outside PLS",
      pls("<lexeme><grapheme>a</grapheme><script>x</script></lexeme>"),
      /unknown element <script>/,
    ],
  ])("refuse %s with a 400 naming the line and the reason, and store nothing", async (_what, document, reason) => {
    const before = await db.lexicon.count({ where: { orgId } });
    const error = await createLexicon(orgId, { name: "Bad", pls: document }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "bad_request", status: 400, message: expect.stringMatching(reason) });
    expect(await db.lexicon.count({ where: { orgId } })).toBe(before);
  });

  it("round-trip through the studio's export", async () => {
    const lexemes = [
      { graphemes: ["Voiceage", "VoiceAge"], alias: "Voice Age", phoneme: null },
      { graphemes: ["R&D"], alias: null, phoneme: "ˌɑːɹəndˈdiː" },
    ];
    const created = await createLexicon(orgId, { name: "Export", pls: writePls("en-GB", lexemes) });
    expect(created).toMatchObject({ language: "en-GB", lexemes });
  });
});

describe("lexicons applied by POST /tts", () => {
  it("say an alias as the alias, on every engine, and key the cache by the lexicon's version", async () => {
    const lexicon = await createLexicon(orgId, { name: "Brand", pls: BRAND });
    const text = `Welcome to Voiceage ${Math.random().toString(36).slice(2, 6)}.`;
    const spoken = text.replace("Voiceage", "Voice Age");
    for (const voice_id of ["fliteRms", "festivalSlt", "espeakEnUs"]) {
      const [withLexicon, asAlias, asWritten] = await Promise.all([
        tts({ text, voice_id, lexicon_ids: [lexicon.id] }),
        tts({ text: `<speak>${spoken}</speak>`, text_type: "ssml", voice_id }),
        tts({ text, voice_id }),
      ]);
      // Exactly the audio of the alias typed out, and not the audio of the word as written.
      expect(withLexicon.sha256).toBe(asAlias.sha256);
      expect(withLexicon.sha256).not.toBe(asWritten.sha256);
      expect(withLexicon).toMatchObject({ lexicon_ids: [lexicon.id], warnings: [] });
    }
    const first = await tts({ text, voice_id: "fliteRms", lexicon_ids: [lexicon.id] });
    expect(first.cached).toBe(true);
    await replaceLexicon(orgId, lexicon.id, { name: "Brand", pls: pls(aliasLexeme("Voiceage", "Voyage")) });
    const afterEdit = await tts({ text, voice_id: "fliteRms", lexicon_ids: [lexicon.id] });
    expect(afterEdit.cached).toBe(false);
    expect(afterEdit.sha256).not.toBe(first.sha256);
  });

  it("hands a phoneme to eSpeak and Festival, and says the alias on Flite with a warning", async () => {
    const lexicon = await createLexicon(orgId, {
      name: "Phonemes",
      pls: pls("<lexeme><grapheme>Voiceage</grapheme><phoneme>ˈvɔɪsˌeɪdʒ</phoneme><alias>Voice Age</alias></lexeme>"),
    });
    const text = `Voiceage ${Math.random().toString(36).slice(2, 6)}`;
    const [espeak, festival, flite, fliteAlias] = await Promise.all([
      tts({ text, voice_id: "espeakEnUs", lexicon_ids: [lexicon.id] }),
      tts({ text, voice_id: "festivalKal", lexicon_ids: [lexicon.id] }),
      tts({ text, voice_id: "fliteRms", lexicon_ids: [lexicon.id] }),
      tts({ text: `<speak>${text.replace("Voiceage", "Voice Age")}</speak>`, text_type: "ssml", voice_id: "fliteRms" }),
    ]);
    expect(espeak.warnings).toEqual([]);
    expect(festival.warnings).toEqual([]);
    expect(flite.warnings).toEqual([expect.stringMatching(/fliteRms cannot take a phoneme; "Voice Age" was spoken/)]);
    expect(flite.sha256).toBe(fliteAlias.sha256);
    // The phoneme changes what eSpeak and Festival say, against the word as written.
    for (const [voice_id, result] of [
      ["espeakEnUs", espeak],
      ["festivalKal", festival],
    ] as const)
      expect((await tts({ text, voice_id })).sha256).not.toBe(result.sha256);
  });

  it("refuses a lexicon of another organisation as unknown", async () => {
    const theirs = await createLexicon(otherOrgId, { name: "Theirs", pls: BRAND });
    await expect(tts({ text: "Voiceage", voice_id: "fliteRms", lexicon_ids: [theirs.id] })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining(`lexicon_ids.0: no lexicon ${theirs.id}`),
    });
  });
});

describe("a prompt set voiced with a lexicon and SSML", () => {
  it("says Voiceage as the lexicon says, reads 0800 123 456 digit by digit, and pauses where marked", async () => {
    const lexicon = await createLexicon(orgId, { name: "Brand", pls: BRAND });
    const welcome = `<speak>Welcome to Voiceage.<break time="500ms"/>For sales, press one.</speak>`;
    const call = `<speak>Call <say-as interpret-as="telephone">0800 123 456</say-as></speak>`;
    const set = await createPromptSet({
      orgId,
      body: buildCreatePromptSetBodySchema().parse({
        name: "Brand menu",
        voice_id: "fliteRms",
        output_format: "wav_8000",
        text_type: "ssml",
        lexicon_ids: [lexicon.id],
        prompts: [
          { name: "welcome", text: welcome },
          { name: "call", text: call },
        ],
      }),
    });
    expect(set).toMatchObject({ text_type: "ssml", lexicon_ids: [lexicon.id] });
    // Queued as startPromptSetGeneration leaves it, but without its job: other test files' job
    // runners share this database and would race this call for the prompts, with their own storage.
    await db.promptSetPrompt.updateMany({ where: { setId: set.id }, data: { status: "queued" } });
    const { generationRound: round } = await db.promptSet.update({
      where: { id: set.id },
      data: { generationRound: { increment: 1 }, generationStartedAt: new Date() },
    });
    expect(await generateQueuedPrompts({ setId: set.id, round }, deps)).toEqual({ kind: "finished" });
    const prompts = await db.promptSetPrompt.findMany({ where: { setId: set.id }, orderBy: { position: "asc" } });
    expect(prompts.map((p) => p.status)).toEqual(["done", "done"]);

    const [aliasTyped, digitsTyped] = await Promise.all([
      tts({
        text: `<speak>Welcome to Voice Age.<break time="500ms"/>For sales, press one.</speak>`,
        text_type: "ssml",
        voice_id: "fliteRms",
      }),
      tts({ text: "<speak>Call 0 8 0 0, 1 2 3, 4 5 6</speak>", text_type: "ssml", voice_id: "fliteRms" }),
    ]);
    // "Voiceage" is said exactly as its alias typed out would be.
    expect(prompts[0].sha256).toBe(aliasTyped.sha256);
    // The number digit by digit, in its groups.
    expect(prompts[1].sha256).toBe(digitsTyped.sha256);
    // The pause where marked: 450 to 550 ms of silence in the file.
    const pcm = await audioOf(prompts[0].sha256!);
    const longest = pausesIn(pcm)[0];
    expect(longest.ms).toBeGreaterThanOrEqual(450);
    expect(longest.ms).toBeLessThanOrEqual(550);
    expect(prompts[0].durationMs).toBeGreaterThan(1500);
  });

  it("refuses SSML that does not parse, naming the prompt, the line and the tag", () => {
    const parsed = buildCreatePromptSetBodySchema().safeParse({
      name: "Bad",
      voice_id: "fliteRms",
      text_type: "ssml",
      prompts: [{ name: "a", text: "<speak>\n<audio src='x'/></speak>" }],
    });
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["prompts", 0, "text"],
      message: expect.stringMatching(/line 2: unknown tag <audio>/),
    });
  });
});
