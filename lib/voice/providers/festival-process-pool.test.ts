import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createFestivalPool, type FestivalPool } from "@/lib/voice/providers/festival-process-pool";
import { FESTIVAL_VOICES, festivalSetup } from "@/lib/voice/providers/festival-provider";
import { processExists } from "../../../tests/support/processes";

const [slt, kal] = FESTIVAL_VOICES;
const TEXT = "For billing questions, press 2. Your balance is $45.50.";
const pools: FestivalPool[] = [];
const work = mkdtempSync(path.join(tmpdir(), "festival-pool-test-"));

function pool(options: Partial<Parameters<typeof createFestivalPool>[0]> = {}) {
  const created = createFestivalPool({
    program: () => "festival",
    size: 1,
    timeoutMs: 30_000,
    idleMs: 60_000,
    ...options,
  });
  pools.push(created);
  return created;
}

/** What a fresh text2wave process makes of the same text and setup: the audio before the pool. */
function text2wave(setup: string, text: string): Buffer {
  const file = path.join(work, `${Math.random().toString(36).slice(2)}.wav`);
  execFileSync("text2wave", ["-eval", `(begin ${setup})`, "-o", file], { input: text });
  return readFileSync(file);
}

function probe(wave: Buffer) {
  const file = path.join(work, `${Math.random().toString(36).slice(2)}.wav`);
  writeFileSync(file, wave);
  const out = execFileSync("ffprobe", ["-v", "error", "-show_streams", "-of", "json", file], { encoding: "utf8" });
  const [stream] = JSON.parse(out).streams;
  return {
    codec: stream.codec_name,
    rate: Number(stream.sample_rate),
    channels: stream.channels,
    seconds: Number(stream.duration),
  };
}

async function until(condition: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return condition();
}

afterAll(() => {
  for (const p of pools) p.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("the Festival process pool", () => {
  it("makes the same audio as a fresh text2wave, voice after voice and speed after speed in one process", async () => {
    const festival = pool();
    const requests = [
      festivalSetup(slt, 1),
      festivalSetup(kal, 0.7),
      festivalSetup(slt, 1.2),
      festivalSetup(kal, 1),
      festivalSetup(slt, 1),
    ];
    const made: Buffer[] = [];
    for (const setup of requests) made.push(await festival.synthesize(setup, TEXT));
    expect(festival.pids()).toHaveLength(1);
    requests.forEach((setup, i) => expect(made[i].equals(text2wave(setup, TEXT)), `request ${i}`).toBe(true));
    expect(probe(made[0])).toMatchObject({ codec: "pcm_s16le", rate: 32000, channels: 1 });
    expect(probe(made[1])).toMatchObject({ codec: "pcm_s16le", rate: 16000, channels: 1 });
    expect(probe(made[0]).seconds).toBeGreaterThan(2);
    // Slower is longer: the speed of one prompt did not stick to the process.
    expect(probe(made[1]).seconds).toBeGreaterThan(probe(made[3]).seconds * 1.2);
  });

  it("reads a script that looks like Scheme or an option as text", async () => {
    const script = '") (quit) (print "x --help \\';
    const wave = await pool().synthesize(festivalSetup(slt, 1), script);
    expect(wave.equals(text2wave(festivalSetup(slt, 1), script))).toBe(true);
  });

  it("runs no more processes than its size and serves everything queued, in order", async () => {
    const festival = pool({ size: 2 });
    let most = 0;
    const texts = ["Press one.", "Press two.", "Press three.", "Press four.", "Press five."];
    const watch = setInterval(() => (most = Math.max(most, festival.pids().length)), 5);
    const waves = await Promise.all(texts.map((t) => festival.synthesize(festivalSetup(slt, 1), t)));
    clearInterval(watch);
    expect(most).toBeLessThanOrEqual(2);
    expect(festival.pids().length).toBeLessThanOrEqual(2);
    waves.forEach((wave, i) => expect(wave.equals(text2wave(festivalSetup(slt, 1), texts[i])), texts[i]).toBe(true));
  });

  it("kills a hung process at the timeout and answers the next request with a new one", async () => {
    const festival = pool({ timeoutMs: 1_500 });
    await festival.synthesize(festivalSetup(slt, 1), "Hello.");
    const [first] = festival.pids();
    await expect(festival.synthesize("(while t nil)", "Hello.")).rejects.toThrow(/timed out after 1500 ms/);
    expect(await until(() => !processExists(first))).toBe(true);
    const wave = await festival.synthesize(festivalSetup(slt, 1), "Hello.");
    expect(probe(wave).seconds).toBeGreaterThan(0.3);
    expect(festival.pids()).not.toContain(first);
  });

  it("fails a request whose process dies under it, and replaces the process", async () => {
    const festival = pool();
    await festival.synthesize(festivalSetup(slt, 1), "Hello.");
    const [first] = festival.pids();
    const pending = festival.synthesize(festivalSetup(slt, 1), "A longer prompt, so it is still speaking. ".repeat(8));
    setTimeout(() => process.kill(first, "SIGKILL"), 100);
    await expect(pending).rejects.toThrow(/festival exited with SIGKILL/);
    const wave = await festival.synthesize(festivalSetup(kal, 1), "Hello.");
    expect(probe(wave).rate).toBe(16000);
    expect(festival.pids()).not.toContain(first);
  });

  it("reports Festival's own error when it cannot speak the text, and keeps serving", async () => {
    const festival = pool();
    await expect(festival.synthesize(festivalSetup(slt, 1), "")).rejects.toThrow(
      /festival could not speak the text: SIOD ERROR/,
    );
    await expect(festival.synthesize("(no_such_voice_function)", "Hello.")).rejects.toThrow(/SIOD ERROR/);
    const wave = await festival.synthesize(festivalSetup(slt, 1), "Hello.");
    expect(wave.equals(text2wave(festivalSetup(slt, 1), "Hello."))).toBe(true);
  });

  it("ends a process left idle, and every process on stop()", async () => {
    const idle = pool({ idleMs: 300 });
    await idle.synthesize(festivalSetup(slt, 1), "Hello.");
    const [pid] = idle.pids();
    expect(await until(() => !processExists(pid))).toBe(true);
    expect(idle.pids()).toEqual([]);

    const stopped = pool({ size: 2 });
    await Promise.all([
      stopped.synthesize(festivalSetup(slt, 1), "One."),
      stopped.synthesize(festivalSetup(slt, 1), "Two."),
    ]);
    const pids = stopped.pids();
    expect(pids).toHaveLength(2);
    stopped.stop();
    expect(await until(() => pids.every((p) => !processExists(p)))).toBe(true);
  });

  it("fails clearly when festival is not installed", async () => {
    await expect(
      pool({ program: () => "/nonexistent/festival" }).synthesize(festivalSetup(slt, 1), "Hi."),
    ).rejects.toThrow(/festival could not start/);
  });

  it("leaves no Festival process behind when the app exits, idle or busy", () => {
    // A separate Node process uses a pool, leaves one process idle and one speaking, and exits.
    const script = `
      import { createFestivalPool } from "./lib/voice/providers/festival-process-pool.ts";
      const pool = createFestivalPool({ program: () => "festival", size: 2, timeoutMs: 60000, idleMs: 60000 });
      await Promise.all([1, 2].map(() => pool.synthesize("(voice_kal_diphone)", "Hello.")));
      void pool.synthesize("(while t nil)", "Hello.").catch(() => undefined);
      await new Promise((r) => setTimeout(r, 1500));
      console.log(JSON.stringify(pool.pids()));
      process.exit(0);
    `;
    const run = spawnSync("npx", ["tsx", "--conditions=react-server", "--input-type=module", "-e", script], {
      cwd: path.resolve(import.meta.dirname, "../../.."),
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const pids: number[] = JSON.parse(run.stdout.trim().split("\n").pop()!);
    expect(pids).toHaveLength(2);
    return until(() => pids.every((p) => !processExists(p))).then((gone) => expect(gone).toBe(true));
  }, 90_000);
});
