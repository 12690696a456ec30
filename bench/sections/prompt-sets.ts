// Prompt sets (issue 19): a 100-prompt menu generated from cold on a local voice (eSpeak NG, and
// the default English voice, Flite's Rms, since issue 32) through the
// background job, and the same set generated again with nothing changed (every prompt then comes
// from the content cache, so it should take a moment, not a minute). req/s is prompts per second
// from the generate request to the status that says completed (polled every 100 ms); the total
// time is the prompt count divided by it. Latency columns and ratios to the HTTP baselines do not
// apply to these rows.
import { performance } from "node:perf_hooks";
import type { BenchContext, BenchRow, BenchSection } from "../lib/context";

const VOICES = ["espeakEnUs", "fliteRms"];
const PROMPTS = 100;
const SETTLE_TIMEOUT_MS = 600_000;

async function generateAndWait(ctx: BenchContext, setId: string, name: string): Promise<BenchRow> {
  const started = performance.now();
  const res = await ctx.call("POST", `/prompt-sets/${setId}/generate`, { key: ctx.org.testKey });
  if (res.status !== 202) throw new Error(`generate answered ${res.status}: ${JSON.stringify(res.body)}`);
  let status: any;
  for (;;) {
    status = (await ctx.call("GET", `/prompt-sets/${setId}/status`, { key: ctx.org.testKey })).body;
    if (status.generation.state !== "running" || performance.now() - started > SETTLE_TIMEOUT_MS) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const counts = status.generation.counts;
  process.stderr.write(
    `[bench]   ${name}: ${counts.done} of ${counts.total} done in ${seconds.toFixed(2)} s (${(counts.done / seconds).toFixed(1)} prompts/s)\n`,
  );
  return {
    name: `${name} (${counts.cached} of ${counts.total} from the cache)`,
    concurrency: 1,
    requests: counts.done,
    errors: counts.total - counts.done,
    seconds,
    rps: counts.done / seconds,
    p50Ms: NaN,
    p99Ms: NaN,
    errorSample:
      counts.done < counts.total
        ? `${counts.failed} failed, ${counts.total - counts.done - counts.failed} unfinished after ${seconds.toFixed(0)} s`
        : undefined,
  };
}

const section: BenchSection = {
  title: "Prompt sets",
  async run(ctx) {
    const rows: BenchRow[] = [];
    for (const voice of VOICES) {
      const runId = Math.random().toString(36).slice(2, 10);
      const prompts = Array.from({ length: PROMPTS }, (_, i) => ({
        name: `prompt-${String(i + 1).padStart(3, "0")}`,
        text: `For department ${i + 1}, press ${(i % 9) + 1}. Reference ${runId}.`,
      }));
      const created = await ctx.call("POST", "/prompt-sets", {
        key: ctx.org.testKey,
        body: { name: `Bench ${runId}`, voice_id: voice, output_format: "ulaw_8000", prompts },
      });
      if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
      const label = voice === VOICES[0] ? "local voice" : voice;
      // Issue 32: a set of 100 from cold at 10 prompts/s or more, on the default voice as on eSpeak.
      rows.push({
        ...(await generateAndWait(
          ctx,
          created.body.id,
          `${PROMPTS}-prompt set generated from cold (${label}, ulaw_8000)`,
        )),
        target: { minRps: 10 },
      });
      rows.push(
        await generateAndWait(
          ctx,
          created.body.id,
          `same set generated again, nothing changed${voice === VOICES[0] ? "" : ` (${voice})`}`,
        ),
      );
    }
    return rows;
  },
};

export default section;
