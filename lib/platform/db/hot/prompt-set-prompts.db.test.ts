// The generation job's two statements per prompt, against the real database: claims go in
// play order, concurrent claims never take the same prompt, and a batch of results writes
// every prompt still being generated while leaving one edited meanwhile alone.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { claimNextPrompt, writePromptResults, type PromptResultRow } from "@/lib/platform/db/hot/prompt-set-prompts";
import { newId } from "@/lib/platform/ids";
import { newOrg } from "../../../../tests/support/fixtures";

let orgId: string;
beforeAll(async () => {
  orgId = (await newOrg("claims")).orgId;
});

/** A set in generation round 1 with `count` queued prompts, named p0, p1, ... in play order. */
async function queuedSet(count: number) {
  const id = newId("ps");
  await db.promptSet.create({
    data: {
      id,
      orgId,
      name: "Claims",
      language: "en",
      voiceId: "fliteRms",
      modelId: "tts_multilingual_v2",
      outputFormat: "ulaw_8000",
      generationRound: 1,
      prompts: {
        createMany: {
          data: Array.from({ length: count }, (_, position) => ({
            id: newId("psp"),
            position,
            name: `p${position}`,
            text: `Prompt ${position}`,
            status: "queued" as const,
          })),
        },
      },
    },
  });
  const prompts = await db.promptSetPrompt.findMany({ where: { setId: id }, orderBy: { position: "asc" } });
  return { id, prompts };
}

const result = (id: string, i: number): PromptResultRow => ({
  id,
  cached: i % 2 === 0,
  cacheKey: String(i).padStart(64, "c"),
  sha256: String(i).padStart(64, "0"),
  bytes: 100 + i,
  durationMs: i === 1 ? null : 1000 + i,
  peaks: i === 1 ? null : Uint8Array.from({ length: 64 }, (_, k) => (k * 4 + i) % 256),
  generatedAt: new Date(Date.UTC(2026, 10, 26, 12, 0, i)),
});

describe("claimNextPrompt", () => {
  it("claims queued prompts in play order, marking each generating, until none is left", async () => {
    const { id, prompts } = await queuedSet(3);
    const claimed = [await claimNextPrompt(id, 1), await claimNextPrompt(id, 1), await claimNextPrompt(id, 1)];
    expect(claimed).toEqual(prompts.map((p) => ({ id: p.id, text: p.text })));
    expect(await claimNextPrompt(id, 1)).toBeNull();
    const statuses = await db.promptSetPrompt.findMany({ where: { setId: id }, select: { status: true } });
    expect(statuses.map((s) => s.status)).toEqual(["generating", "generating", "generating"]);
  });

  it("gives lanes claiming at the same moment the first prompts, each to one lane only", async () => {
    const { id, prompts } = await queuedSet(6);
    const claimed = await Promise.all(Array.from({ length: 4 }, () => claimNextPrompt(id, 1)));
    const ids = claimed.map((c) => c!.id);
    expect(new Set(ids).size).toBe(4);
    expect([...ids].sort()).toEqual(
      prompts
        .slice(0, 4)
        .map((p) => p.id)
        .sort(),
    );
  });

  it("claims nothing for a round a newer generation replaced, and skips prompts not queued", async () => {
    const { id, prompts } = await queuedSet(2);
    expect(await claimNextPrompt(id, 0)).toBeNull();
    await db.promptSetPrompt.update({ where: { id: prompts[0].id }, data: { status: "done" } });
    expect(await claimNextPrompt(id, 1)).toEqual({ id: prompts[1].id, text: prompts[1].text });
  });
});

describe("writePromptResults", () => {
  it("writes every result of the batch, and leaves a prompt that stopped generating meanwhile as it is", async () => {
    const { id, prompts } = await queuedSet(3);
    for (let i = 0; i < 3; i++) await claimNextPrompt(id, 1);
    // Edited during generation: requeued, no longer the job's to finish.
    await db.promptSetPrompt.update({ where: { id: prompts[2].id }, data: { status: "queued" } });
    await db.promptSetPrompt.update({ where: { id: prompts[0].id }, data: { errorCode: "x", errorMessage: "old" } });
    await writePromptResults(prompts.map((p, i) => result(p.id, i)));
    const rows = await db.promptSetPrompt.findMany({ where: { setId: id }, orderBy: { position: "asc" } });
    for (const i of [0, 1]) {
      const expected = result(prompts[i].id, i);
      expect(rows[i]).toMatchObject({
        status: "done",
        cached: expected.cached,
        cacheKey: expected.cacheKey,
        sha256: expected.sha256,
        bytes: expected.bytes,
        durationMs: expected.durationMs,
        errorCode: null,
        errorMessage: null,
        generatedAt: expected.generatedAt,
      });
      expect(rows[i].peaks === null ? null : [...rows[i].peaks!]).toEqual(expected.peaks ? [...expected.peaks] : null);
    }
    expect(rows[2]).toMatchObject({ status: "queued", sha256: null, generatedAt: null });
  });
});
