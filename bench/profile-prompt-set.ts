// npx tsx --conditions=react-server bench/profile-prompt-set.ts [--prompts=100] [--voice=fliteRms]
// Where a prompt set's cold generation spends its time, stage by stage, on the bench's prompts
// (bench/sections/prompt-sets.ts) and a durable database of its own (fsync on, as the bench's).
// Each stage runs alone over every prompt, one at a time, and prints its wall-clock and CPU
// milliseconds per prompt (CPU split between this process and the child processes it started);
// the last line runs the real generation job over a fresh set of the same prompts, at
// PROMPT_SET_CONCURRENCY, for the stages' sum to be compared with. Not part of the test suite.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createScratchDatabase, freePort, TEST_SECRETS } from "../tests/support/test-stack";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const PROMPTS = Number(arg("prompts", "100"));
const VOICE = arg("voice", "fliteRms");

const database = await createScratchDatabase({
  prefix: "profile",
  dataDir: ".data/profile-postgres",
  port: await freePort(),
  durable: true,
});
try {
  await profile();
} finally {
  await database.drop();
}
process.exit(0);

async function profile() {
  const migrate = spawnSync("npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: database.url },
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`migrate deploy failed: ${migrate.stderr}`);
  const storageDir = mkdtempSync(path.join(tmpdir(), "profile-storage-"));
  Object.assign(process.env, TEST_SECRETS, {
    DATABASE_URL: database.url,
    STORAGE_LOCAL_DIR: storageDir,
  });

  // Imported once the environment names the database: lib/platform/db connects on import.
  const { db } = await import("@/lib/platform/db");
  const { env } = await import("@/lib/platform/env");
  const { newId } = await import("@/lib/platform/ids");
  const { getOutputFormat } = await import("@/lib/voice/audio/formats");
  const { conditionSpeech } = await import("@/lib/voice/audio/condition-speech");
  const { ffmpegArgs, startEncoder, stopSpareEncoders } = await import("@/lib/voice/audio/encode-audio");
  const { s16leBytes } = await import("@/lib/voice/audio/pcm");
  const { claimNextPrompt, writePromptResults } = await import("@/lib/platform/db/hot/prompt-set-prompts");
  const { groupCommit } = await import("@/lib/platform/db/group-commit");
  const { runProcess } = await import("@/lib/voice/audio/run-process");
  const { decodeOutput, outlineAudio } = await import("@/lib/voice/audio/decode-output");
  const { renderPrompt, targetFor } = await import("@/lib/voice/render-prompt");
  const { ttsDependencies } = await import("@/lib/voice/create-tts");
  const { recordGeneration } = await import("@/lib/voice/record-generation");
  const { generateQueuedPrompts } = await import("@/lib/voice/prompt-sets/generate-queued-prompts");
  const { DEFAULT_VOICE_SETTINGS } = await import("@/lib/voice/providers/speech-provider");
  const { stopFestivalProcesses } = await import("@/lib/voice/providers/festival-provider");
  const { newOrganization } = await import("../tests/support/fixtures");

  const format = getOutputFormat("ulaw_8000");
  const deps = ttsDependencies();
  const provider = deps.catalog.provider;
  const orgId = (await newOrganization("profile", { databaseUrl: database.url })).id;
  const texts = (tag: string) =>
    Array.from({ length: PROMPTS }, (_, i) => `For department ${i + 1}, press ${(i % 9) + 1}. Reference ${tag}.`);
  const request = (text: string) => ({
    text,
    voiceId: VOICE,
    modelId: "tts_multilingual_v2" as const,
    settings: DEFAULT_VOICE_SETTINGS,
    format,
  });

  /** CPU seconds of this process and of its children that have exited (/proc: utime+stime, cutime+cstime). */
  function cpu() {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    const tick = (i: number) => Number(fields[i]) / 100;
    return { self: tick(11) + tick(12), children: tick(13) + tick(14) };
  }

  const lines: string[] = [];
  /** Runs `each` for every prompt in turn (or once, `runs: 1`) and records milliseconds per prompt. */
  async function stage(name: string, each: (i: number) => Promise<unknown>, runs = PROMPTS) {
    const c0 = cpu();
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) await each(i);
    const perPrompt = (ms: number) => (ms / PROMPTS).toFixed(1);
    const c1 = cpu();
    const row = `| ${name} | ${perPrompt(performance.now() - t0)} | ${perPrompt((c1.self - c0.self) * 1000)} | ${perPrompt((c1.children - c0.children) * 1000)} |`;
    lines.push(row);
    process.stderr.write(`${row}\n`);
  }

  await provider.voiceDefaults(VOICE); // reads the installed voices once, as the app does at its first request
  const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  process.stderr.write(`load average ${load()}, PROMPT_SET_CONCURRENCY ${env().PROMPT_SET_CONCURRENCY}\n`);

  // 1. The cost of starting any child process from Node, and of the engine itself.
  await stage("spawn /bin/true (a process start, nothing else)", () => runProcess("/bin/true", [], new Uint8Array()));
  const pcms = new Map<number, Awaited<ReturnType<typeof provider.synthesize>>>();
  const a = texts("alpha");
  await stage(`synthesis (${VOICE}, one engine process per prompt)`, async (i) =>
    pcms.set(i, await provider.synthesize(request(a[i]))),
  );
  // 2. Trim and level in JS.
  const conditioned = new Map<number, ReturnType<typeof conditionSpeech>["pcm"]>();
  await stage("trim + level (JS)", async (i) =>
    conditioned.set(i, conditionSpeech(pcms.get(i)!, targetFor(format)).pcm),
  );
  // 3. Encoding into the format: as renderPrompt does it, and with ffmpeg (what it did before).
  const encoded = new Map<number, Buffer>();
  await stage("encode to ulaw_8000 (startEncoder)", async (i) => {
    const pcm = conditioned.get(i)!;
    encoded.set(i, await startEncoder(format, pcm.sampleRate).encode(pcm));
  });
  await stage("for comparison: the same encode by an ffmpeg started for it", async (i) => {
    const pcm = conditioned.get(i)!;
    await runProcess(env().FFMPEG_PATH, ffmpegArgs(format, pcm.sampleRate, "pipe:1"), s16leBytes(pcm));
  });
  // 4. Storage and the outline read back.
  await stage("storage put", (i) => deps.storage.put(`profile/${i}.ulaw`, encoded.get(i)!, format.contentType));
  await stage("storage get + decode + outline (JS)", async (i) =>
    outlineAudio(await decodeOutput((await deps.storage.get(`profile/${i}.ulaw`))!, format)),
  );
  // 5. The whole render as POST /tts runs it (synthesis, trim + level, encode).
  const b = texts("bravo");
  await stage("renderPrompt (synthesis + trim/level + encode)", (i) => renderPrompt(provider, request(b[i])));

  /** A prompt set of `promptTexts`, every prompt queued, as the generation job finds a new set. */
  const createQueuedSet = (id: string, name: string, promptTexts: string[]) =>
    db.promptSet.create({
      data: {
        id,
        orgId,
        name,
        language: "en",
        voiceId: VOICE,
        modelId: "tts_multilingual_v2",
        outputFormat: format.id,
        generationRound: 1,
        prompts: {
          createMany: {
            data: promptTexts.map((text, position) => ({
              id: newId("psp"),
              position,
              name: `p${position}`,
              text,
              status: "queued",
            })),
          },
        },
      },
    });

  // 6. The database statements one prompt costs, in the order the job makes them.
  const setId = newId("ps");
  await createQueuedSet(setId, "Profile", a);
  await stage("db: claim the next prompt (one statement)", () => claimNextPrompt(setId, 1));
  await stage("db: content cache lookup (TtsAudio by key)", (i) =>
    db.ttsAudio.findUnique({ where: { cacheKey: `k${i}`.padEnd(64, "0") } }),
  );
  await stage("db: content cache row insert", (i) =>
    db.ttsAudio.createMany({
      data: [
        {
          cacheKey: `k${i}`.padEnd(64, "0"),
          storageKey: `profile/${i}.ulaw`,
          sha256: "0".repeat(64),
          bytes: 1,
          contentType: format.contentType,
          fileExtension: format.fileExtension,
        },
      ],
      skipDuplicates: true,
    }),
  );
  await stage("db: history row (one at a time)", (i) =>
    recordGeneration({
      id: newId("tts"),
      orgId,
      cacheKey: `k${i}`.padEnd(64, "0"),
      text: a[i],
      voiceId: VOICE,
      modelId: "tts_multilingual_v2",
      outputFormat: format.id,
      characters: a[i].length,
      cached: false,
      sha256: "0".repeat(64),
      bytes: 1,
      promptSetId: setId,
    }),
  );
  const ids = (await db.promptSetPrompt.findMany({ where: { setId }, select: { id: true } })).map((p) => p.id);
  const result = (i: number) => ({
    id: ids[i],
    cached: false,
    cacheKey: `k${i}`.padEnd(64, "0"),
    sha256: "0".repeat(64),
    bytes: 1,
    durationMs: 1000,
    peaks: new Uint8Array(64),
    generatedAt: new Date(),
  });
  await stage("db: prompt result write (one at a time)", (i) => writePromptResults([result(i)]));
  await db.promptSetPrompt.updateMany({ where: { setId }, data: { status: "generating" } });
  // Four lanes finishing together, as the job's lanes do: their results share statements.
  const record = groupCommit(writePromptResults);
  await stage(
    "db: prompt result write (group commit, 4 at once)",
    (i) => Promise.all([0, 1, 2, 3].map((k) => record(result(i * 4 + k)))),
    PROMPTS / 4,
  );

  // 7. The real generation job over a fresh set of the same prompts, from cold.
  const c = texts("charlie");
  const runSet = newId("ps");
  await createQueuedSet(runSet, "Profile run", c);
  await stage(
    `the generation job over ${PROMPTS} new prompts, ${env().PROMPT_SET_CONCURRENCY} at a time`,
    async () => {
      for (;;) {
        const outcome = await generateQueuedPrompts({ setId: runSet, round: 1 }, deps);
        if (outcome.kind === "finished") break;
      }
    },
    1,
  );
  const done = await db.promptSetPrompt.count({ where: { setId: runSet, status: "done" } });

  console.log(
    `\n${VOICE}, ${PROMPTS} prompts, ulaw_8000; load average ${load()}; ${done} of ${PROMPTS} done by the job\n`,
  );
  console.log(
    "| Stage, one prompt at a time unless said | wall ms/prompt | CPU ms, this process | CPU ms, child processes |",
  );
  console.log("|---|---:|---:|---:|");
  for (const line of lines) console.log(line);

  stopSpareEncoders();
  stopFestivalProcesses();
  await db.$disconnect();
  rmSync(storageDir, { recursive: true, force: true });
}
