// One run of a prompt set's generation job against the real database and the fake ElevenLabs on
// loopback: a provider 429 pauses the run with back-off and fails nothing; a prompt the provider
// refuses fails with the API's error; a run of an older round does nothing.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";
import { failUnfinishedPrompts, generateQueuedPrompts } from "@/lib/voice/prompt-sets/generate-queued-prompts";
import { createLocalStorage } from "@/lib/platform/storage/local-storage";
import type { TtsDependencies } from "@/lib/voice/create-tts";
import { createElevenLabsProvider } from "@/lib/voice/providers/elevenlabs-provider";
import { DEFAULT_VOICE_SETTINGS, UpstreamError, type SpeechProvider } from "@/lib/voice/providers/speech-provider";
import { createVoiceCatalog } from "@/lib/voice/voice-catalog";
import { newOrg } from "../../../tests/support/fixtures";
import { FAKE_API_KEY, startFakeElevenLabs, VOICES, type FakeElevenLabs } from "../../../tests/voice/fake-elevenlabs";

let orgId: string;
let fake: FakeElevenLabs;
let deps: TtsDependencies;

beforeAll(async () => {
  orgId = (await newOrg("gen")).orgId;
  fake = await startFakeElevenLabs();
  const provider = createElevenLabsProvider({
    apiKey: FAKE_API_KEY,
    baseUrl: fake.baseUrl,
    timeoutMs: 5000,
    retryDelayMs: 20,
  });
  const storage = createLocalStorage({
    dir: mkdtempSync(path.join(tmpdir(), "sets-storage-")),
    secret: "test-secret-0123456789",
    baseUrl: "http://app.test",
  });
  deps = { catalog: createVoiceCatalog(provider, () => 3600_000), storage, urlTtlSeconds: 3600 };
});
afterAll(async () => {
  await fake?.close();
});

/** A set in generation round 1 with its prompts queued, as startPromptSetGeneration leaves it. */
async function queuedSet(prompts: { text: string }[], voiceId: string = VOICES.rachel) {
  const id = newId("ps");
  await db.promptSet.create({
    data: {
      id,
      orgId,
      name: "Test set",
      language: "en",
      voiceId,
      modelId: "tts_multilingual_v2",
      outputFormat: "ulaw_8000",
      generationRound: 1,
      prompts: {
        createMany: {
          data: prompts.map((p, position) => ({
            id: newId("psp"),
            position,
            name: `p${position}`,
            text: p.text,
            status: "queued" as const,
          })),
        },
      },
    },
  });
  return id;
}

const statuses = async (setId: string) =>
  (await db.promptSetPrompt.findMany({ where: { setId }, orderBy: { position: "asc" } })).map((p) => p.status);

describe("a prompt set's generation run", () => {
  it("waits out a provider 429 with back-off, leaving the prompts queued, then finishes them", async () => {
    const setId = await queuedSet([{ text: `One ${Math.random()}` }, { text: `Two ${Math.random()}` }]);
    // Both prompts' first requests and the provider's one retry of each are refused.
    fake.rateLimitNext = 4;
    const before = Date.now();
    const paused = await generateQueuedPrompts({ setId, round: 1 }, deps);
    expect(fake.rateLimitNext).toBe(0);
    expect(paused.kind).toBe("continue");
    if (paused.kind !== "continue") throw new Error("unreachable");
    // First back-off of the streak: 2 s.
    expect(paused.at.getTime() - before).toBeGreaterThanOrEqual(2000);
    expect(await statuses(setId)).toEqual(["queued", "queued"]);
    expect((await db.promptSet.findUniqueOrThrow({ where: { id: setId } })).rateLimitStreak).toBe(1);

    expect(await generateQueuedPrompts({ setId, round: 1 }, deps)).toEqual({ kind: "finished" });
    expect(await statuses(setId)).toEqual(["done", "done"]);
    expect((await db.promptSet.findUniqueOrThrow({ where: { id: setId } })).rateLimitStreak).toBe(0);
    const done = await db.promptSetPrompt.findFirstOrThrow({ where: { setId } });
    expect(done).toMatchObject({ cached: false, errorCode: null, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The fake speaks a 1 s tone with 0.2 s of silence each side; trimming leaves most of it.
    expect(done.durationMs).toBeGreaterThan(400);
    expect(done.durationMs).toBeLessThan(1100);
    expect(done.peaks).toHaveLength(64);
    expect(Math.max(...done.peaks!)).toBe(255);
  });

  it("fails a prompt the provider refuses with the API's error code and message, and finishes the rest", async () => {
    const setId = await queuedSet([{ text: `Fine ${Math.random()}` }]);
    const broken = await queuedSet([{ text: `Broken ${Math.random()}` }], VOICES.serverError);
    expect(await generateQueuedPrompts({ setId, round: 1 }, deps)).toEqual({ kind: "finished" });
    expect(await generateQueuedPrompts({ setId: broken, round: 1 }, deps)).toEqual({ kind: "finished" });
    expect(await statuses(setId)).toEqual(["done"]);
    const failed = await db.promptSetPrompt.findFirstOrThrow({ where: { setId: broken } });
    expect(failed).toMatchObject({ status: "failed", errorCode: "upstream_error", sha256: null });
    expect(failed.errorMessage).toMatch(/ElevenLabs/);
  });

  it("does nothing for a round a newer generation replaced, or a deleted set", async () => {
    const setId = await queuedSet([{ text: `Old ${Math.random()}` }]);
    const requests = fake.requests.length;
    expect(await generateQueuedPrompts({ setId, round: 0 }, deps)).toEqual({ kind: "finished" });
    expect(await generateQueuedPrompts({ setId: "ps_gone", round: 1 }, deps)).toEqual({ kind: "finished" });
    expect(fake.requests.length).toBe(requests);
    expect(await statuses(setId)).toEqual(["queued"]);
  });

  it("fails what a generation still held when the job gives up for good, and only in its own round", async () => {
    const setId = await queuedSet([{ text: "a" }, { text: "b" }]);
    expect(await failUnfinishedPrompts({ setId, round: 0 })).toBe(0);
    expect(await failUnfinishedPrompts({ setId, round: 1 })).toBe(2);
    const failed = await db.promptSetPrompt.findFirstOrThrow({ where: { setId } });
    expect(failed).toMatchObject({ status: "failed", errorCode: "internal_error" });
    expect(failed.errorMessage).toMatch(/Retry the failed prompts/);
  });
});

describe("a generation run's lanes (PROMPT_SET_CONCURRENCY at a time)", () => {
  it("generates every prompt once, and one the provider refuses does not lose the others' results", async () => {
    const started: string[] = [];
    // A provider in this process: half a second of a tone per script, each taking its own time
    // so the lanes finish out of order; a script with "refuse" in it is refused.
    const provider: SpeechProvider = {
      id: "lanes",
      runsLocally: false,
      honouredSettings: [],
      listVoices: async () => [],
      voiceDefaults: async () => DEFAULT_VOICE_SETTINGS,
      sourceSampleRate: () => 8000,
      async synthesize(request) {
        started.push(request.text);
        await new Promise((resolve) => setTimeout(resolve, 5 + (started.length % 3) * 10));
        if (request.text.includes("refuse")) throw new UpstreamError("rejected", "The provider refused this script.");
        const samples = Int16Array.from({ length: 4000 }, (_, i) => Math.round(8000 * Math.sin(i / 3)));
        return { sampleRate: 8000, samples };
      },
    };
    const lanes: TtsDependencies = { ...deps, catalog: createVoiceCatalog(provider, () => 3600_000) };
    const texts = Array.from({ length: 12 }, (_, i) => `${i === 5 ? "Please refuse" : "Prompt"} ${i} ${Math.random()}`);
    const setId = await queuedSet(
      texts.map((text) => ({ text })),
      "anyVoice",
    );

    expect(await generateQueuedPrompts({ setId, round: 1 }, lanes)).toEqual({ kind: "finished" });

    expect([...started].sort()).toEqual([...texts].sort());
    // Claimed in play order: the first four lanes took the first four prompts.
    expect(new Set(started.slice(0, 4))).toEqual(new Set(texts.slice(0, 4)));
    const rows = await db.promptSetPrompt.findMany({ where: { setId }, orderBy: { position: "asc" } });
    expect(rows.map((row) => row.status)).toEqual(texts.map((_, i) => (i === 5 ? "failed" : "done")));
    expect(rows[5]).toMatchObject({ errorCode: "bad_request", sha256: null });
    expect(rows[5].errorMessage).toMatch(/refused this script/);
    for (const row of rows.filter((r) => r.status === "done")) {
      expect(row).toMatchObject({ cached: false, errorCode: null, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(row.durationMs).toBeGreaterThan(400);
      expect(row.peaks).toHaveLength(64);
    }
    // Each prompt's own audio: 11 different scripts, 11 different cache entries.
    expect(new Set(rows.filter((r) => r.status === "done").map((r) => r.cacheKey)).size).toBe(11);
  });
});
