// npm run eval:face [-- --measurements FILE]: scores the built-in face age estimation on the
// exact-age evaluation set (eval/face-age-exact: UTKFace, non-commercial research only, see its
// SOURCES.md) through the same worker and quality gates as the hosted flow, and prints a markdown
// report. Not part of the test suite.
//
// Every candidate (each age model alone, with and without a mirror-image pass, and ensembles) is
// measured in one pass: the worker runs all four models on each photo and its mirror image and
// reports each estimate. The candidate and the decision rule are chosen on the `tuning` split
// only; the `held-out` split is then reported with the chosen ones and played no part in choosing.
// --measurements FILE keeps the worker's measurements (one JSON line of estimates per photo, no
// image), appended as they are made: a rerun measures only the photos not in it yet, and
// --shard K/N measures only every Nth photo (from the Kth), so N processes can share the work.
// --report-only prints the report from FILE without measuring.
import { appendFileSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import {
  AGE_MODEL_NAMES,
  SHIPPED_AGE_MODELS,
  type AgeModelChoice,
  type AgeModelName,
} from "@/lib/verification/methods/face/age-models";
import { decideAge, SHIPPED_AGE_RULES, type AgeRule } from "@/lib/verification/methods/face/decide-age";
import { createFaceEstimator } from "@/lib/verification/methods/face/face-estimator";
import { distinctFaces, judgeMeasurements } from "@/lib/verification/methods/face/quality-gates";
import { mean, median, readJsonLines, wilson } from "./eval-support";

// Loading four models on a busy machine can outlast the hosted flow's per-photo limit.
process.env.FACE_ESTIMATION_TIMEOUT_MS ??= "300000";
// Nor is a slow photo a hostile one here: the per-photo budget that guards the server is lifted.
process.env.FACE_ESTIMATION_PHOTO_BUDGET_MS ??= "300000";
const dir = path.resolve("eval/face-age-exact");
const argValue = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const cacheFile = argValue("--measurements") ? path.resolve(argValue("--measurements")!) : null;
const [shard, shards] = (argValue("--shard") ?? "0/1").split("/").map(Number);

type Label = { file: string; age: number; split: "tuning" | "held-out" };
/** One photo: the gates' verdict and, when judged, each model's estimates [crop, mirror image]. */
type Measured = Label & { verdict: string; ages: Partial<Record<AgeModelName, number[]>> | null; ms: number };

const GROUPS: [string, (age: number) => boolean][] = [
  ["5-9", (a) => a < 10],
  ["10-13", (a) => a >= 10 && a <= 13],
  ["14-15", (a) => a === 14 || a === 15],
  ["16-17", (a) => a === 16 || a === 17],
  ["18-20", (a) => a >= 18 && a <= 20],
  ["21-24", (a) => a >= 21 && a <= 24],
  ["25+", (a) => a >= 25],
];

const labels: Label[] = readFileSync(path.join(dir, "labels.csv"), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => {
    const [file, age, , , split] = line.split(",");
    return { file, age: Number(age), split: split as Label["split"] };
  });

const readCache = () => readJsonLines<Measured>(cacheFile);
if (!process.argv.includes("--report-only")) await measureAll(new Set(readCache().map((r) => r.file)));
const measured: Measured[] = cacheFile ? readCache() : await measureAll(new Set());

async function measureAll(done: Set<string>): Promise<Measured[]> {
  const estimator = createFaceEstimator({ models: AGE_MODEL_NAMES, flip: true }, { lowPriority: false });
  const out: Measured[] = [];
  // In file-name order (a hash), so a partial run covers every age group alike.
  const todo = [...labels]
    .sort((a, b) => a.file.localeCompare(b.file))
    .filter((l, i) => i % shards === shard && !done.has(l.file));
  for (const label of todo) {
    const bytes = await selfieFraming(readFileSync(path.join(dir, "images", label.file)));
    const started = performance.now();
    const measurements = await estimator.measure(bytes, true);
    const ms = performance.now() - started;
    const analysis = judgeMeasurements(measurements);
    // The gates keep only the combined age; the judged face is the largest distinct one.
    const face = analysis.kind === "face" && measurements.readable ? distinctFaces(measurements.faces)[0] : null;
    const row: Measured = {
      ...label,
      verdict: analysis.kind === "retake" ? `retake: ${analysis.reason}` : analysis.kind,
      ages: face?.ages ?? null,
      ms,
    };
    out.push(row);
    if (cacheFile) appendFileSync(cacheFile, `${JSON.stringify(row)}\n`);
    if (out.length % 25 === 0) console.error(`${out.length}/${todo.length} measured`);
  }
  return out;
}

/** The set's photos are tight face crops; a selfie shows the face at about half the photo's width. */
async function selfieFraming(bytes: Buffer): Promise<Uint8Array> {
  const { width = 200 } = await sharp(bytes).metadata();
  const pad = Math.round(width / 2);
  const framed = await sharp(bytes)
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 128, g: 128, b: 128 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return new Uint8Array(framed);
}

// Candidates: each model alone and the ensembles worth trying, with and without the mirror image.
const ENSEMBLES: AgeModelName[][] = [
  ...AGE_MODEL_NAMES.map((m) => [m]),
  ["faceres-deep", "gear"],
  ["faceres", "faceres-deep"],
  ["faceres", "gear"],
  ["faceres-deep", "gear", "ssrnet"],
  ["faceres", "faceres-deep", "gear"],
  [...AGE_MODEL_NAMES],
];
const CANDIDATES: AgeModelChoice[] = ENSEMBLES.flatMap((models) => [
  { models, flip: false },
  { models, flip: true },
]);
const nameOf = (c: AgeModelChoice) => `${c.models.join(" + ")}${c.flip ? " (+ mirror)" : ""}`;

function estimateOf(row: Measured, choice: AgeModelChoice): number | null {
  if (!row.ages) return null;
  const values = choice.models.flatMap((m) => (choice.flip ? row.ages![m]! : row.ages![m]!.slice(0, 1)));
  return values.reduce((a, b) => a + b, 0) / values.length;
}

const split = (name: Label["split"]) => measured.filter((r) => r.split === name);
const groupOf = (age: number) => GROUPS.find(([, within]) => within(age))![0];
const out: string[] = [];
const line = (s = "") => out.push(s);
const pct = (n: number, d: number) => {
  if (d === 0) return "n/a";
  const [low, high] = wilson(n, d);
  return `${((100 * n) / d).toFixed(1)}% (${n}/${d}; ${(100 * low).toFixed(1)}-${(100 * high).toFixed(1)})`;
};

line(
  `Dataset: eval/face-age-exact (${measured.length} photos: ${split("tuning").length} tuning, ${split("held-out").length} held-out), ${new Date().toISOString().slice(0, 10)}; median ${median(measured.map((r) => r.ms)).toFixed(0)} ms per photo with all four models and the mirror image (shared machine: timings disturbed).`,
);
line();
line("### What the gates did (both splits)");
line();
line("| Group | Photos | Judged | Retake or spoof |");
line("|---|---:|---:|---|");
for (const [group] of GROUPS) {
  const rows = measured.filter((r) => groupOf(r.age) === group);
  const other = new Map<string, number>();
  for (const r of rows) if (r.verdict !== "face") other.set(r.verdict, (other.get(r.verdict) ?? 0) + 1);
  line(
    `| ${group} | ${rows.length} | ${rows.filter((r) => r.ages).length} | ${[...other].map(([k, v]) => `${k} ${v}`).join(", ") || "none"} |`,
  );
}

// Each candidate on the tuning split: its error by group, and the share of adults 25+ who pass at
// the lowest threshold where no tuning face under 18 passes (the measure the choice is made on).
line();
line("### Candidates on the tuning split");
line();
line(
  'Mean absolute error (years) by group; "25+ pass at the minors\' ceiling": adults 25+ whose estimate is above every tuning face under 18 (the share a threshold that lets no tuning minor through would pass).',
);
line();
line(`| Candidate | ${GROUPS.map(([g]) => g).join(" | ")} | 25+ pass at the minors' ceiling |`);
line(`|---|${GROUPS.map(() => "---:").join("|")}|---:|`);
const tuning = split("tuning").filter((r) => r.ages);
const scores = CANDIDATES.map((choice) => {
  const est = tuning.map((r) => ({ age: r.age, estimate: estimateOf(r, choice)! }));
  const ceiling = Math.max(...est.filter((e) => e.age < 18).map((e) => e.estimate));
  const adults = est.filter((e) => e.age >= 25);
  const passing = adults.filter((e) => e.estimate > ceiling).length;
  const errors = GROUPS.map(([, within]) =>
    mean(est.filter((e) => within(e.age)).map((e) => Math.abs(e.estimate - e.age))).toFixed(1),
  );
  line(`| ${nameOf(choice)} | ${errors.join(" | ")} | ${pct(passing, adults.length)} |`);
  return { choice, passing };
});
const best = scores.reduce((a, b) => (b.passing > a.passing ? b : a));
line();
line(
  `Best on tuning: ${nameOf(best.choice)}. Shipped (lib/verification/methods/face/age-models.ts): ${nameOf(SHIPPED_AGE_MODELS)}.`,
);

/**
 * The rule the tuning split gives for the shipped models: the lowest pass threshold at which no
 * tuning face more than two years under the required age passes and at most 1% of those one or
 * two years under do (the target is 2%: half of it is left for the held-out faces), and the
 * highest fail threshold a year below every tuning face at or over the required age.
 */
function ruleFromTuning(requiredAge: 16 | 18): AgeRule {
  const estimates = tuning.map((r) => ({ age: r.age, estimate: estimateOf(r, SHIPPED_AGE_MODELS)! }));
  const near = estimates.filter((e) => e.age >= requiredAge - 2 && e.age < requiredAge);
  let passBuffer = 0;
  const passes = (e: { estimate: number }) => e.estimate >= requiredAge + passBuffer;
  while (estimates.some((e) => e.age < requiredAge - 2 && passes(e)) || near.filter(passes).length > 0.01 * near.length)
    passBuffer++;
  const lowestOfAge = Math.min(...estimates.filter((e) => e.age >= requiredAge).map((e) => e.estimate));
  return { passBuffer, failBuffer: Math.max(0, Math.ceil(requiredAge - (lowestOfAge - 1))) };
}

// The rule for the shipped candidate: chosen on the tuning split, then the same rule on held-out.
for (const requiredAge of [18, 16] as const) {
  const rule = SHIPPED_AGE_RULES[requiredAge];
  const tuned = ruleFromTuning(requiredAge);
  line();
  line(
    `Required age ${requiredAge}: the tuning split gives pass buffer ${tuned.passBuffer}, fail buffer ${tuned.failBuffer}; shipped (decide-age.ts): ${rule.passBuffer} and ${rule.failBuffer}${tuned.passBuffer === rule.passBuffer && tuned.failBuffer === rule.failBuffer ? "" : " (DIFFERENT: update SHIPPED_AGE_RULES)"}.`,
  );
  line();
  line(
    `### Required age ${requiredAge}: the shipped rule (pass from estimate ${requiredAge + rule.passBuffer}, fail under ${requiredAge - rule.failBuffer})`,
  );
  line();
  line("Share of judged photos in each group (95% Wilson interval). A retake or spoof never passes and is left out.");
  line();
  line("| Split | Group | n | Pass | Inconclusive | Fail |");
  line("|---|---|---:|---:|---:|---:|");
  for (const name of ["tuning", "held-out"] as const) {
    for (const [group, within] of GROUPS) {
      const rows = split(name).filter((r) => r.ages && within(r.age));
      const verdicts = rows.map(
        (r) => decideAge({ estimate: estimateOf(r, SHIPPED_AGE_MODELS)!, requiredAge, rule }).result,
      );
      const count = (v: string) => verdicts.filter((x) => x === v).length;
      line(
        `| ${name} | ${group} | ${rows.length} | ${pct(count("pass"), rows.length)} | ${pct(count("inconclusive"), rows.length)} | ${pct(count("fail"), rows.length)} |`,
      );
    }
  }
  line();
  line(`Tuning: how the pass threshold trades minors for adults (shipped models, required age ${requiredAge}).`);
  line();
  const cut = requiredAge - 2;
  line(
    `| Pass from estimate | Under ${cut} pass | ${cut}-${requiredAge - 1} pass | ${requiredAge}-24 pass | 25+ pass |`,
  );
  line("|---:|---:|---:|---:|---:|");
  for (let buffer = 0; buffer <= 16; buffer += 1) {
    const rate = (within: (a: number) => boolean) => {
      const rows = tuning.filter((r) => within(r.age));
      return pct(rows.filter((r) => estimateOf(r, SHIPPED_AGE_MODELS)! >= requiredAge + buffer).length, rows.length);
    };
    line(
      `| ${requiredAge + buffer} | ${rate((a) => a < cut)} | ${rate((a) => a >= cut && a < requiredAge)} | ${rate((a) => a >= requiredAge && a <= 24)} | ${rate((a) => a >= 25)} |`,
    );
  }
}
console.log(out.join("\n"));
process.exit(0);
