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
// --shard K/N measures only every Nth photo (from the Kth), so N processes can share the work;
// --split tuning (or held-out) measures that split only.
// --report-only prints the report from FILE without measuring.
import { appendFileSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import {
  AGE_MODEL_NAMES,
  combineAgeEstimates,
  SHIPPED_AGE_MODELS,
  type AgeCalibration,
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
/** --split tuning measures that split only (the tuning split can be measured, and chosen on, first). */
const onlySplit = argValue("--split");

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
    .filter((l) => !onlySplit || l.split === onlySplit)
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

// Candidates: each model alone and the ensembles worth trying, with and without the mirror image,
// each ensemble both as the plain mean and as a linear combination fitted on the tuning split.
const ENSEMBLES: AgeModelName[][] = [
  ...AGE_MODEL_NAMES.map((m) => [m]),
  ["faceres-deep", "gear"],
  ["faceres", "faceres-deep"],
  ["faceres", "gear"],
  ["faceres-deep", "gear", "ssrnet"],
  ["faceres", "faceres-deep", "gear"],
  [...AGE_MODEL_NAMES],
];
const nameOf = (c: AgeModelChoice) =>
  `${c.models.join(" + ")}${c.flip ? " (+ mirror)" : ""}${c.calibration ? " [fitted]" : ""}`;

function estimateOf(row: Measured, choice: AgeModelChoice): number | null {
  return row.ages ? combineAgeEstimates(row.ages, choice) : null;
}

/** Ages the linear combinations are fitted on: where an 18+ or 16+ decision is made. */
const FIT_AGES = { from: 10, to: 39 };

/**
 * Least squares fit of age = intercept + sum of weight x model estimate on the tuning faces aged
 * FIT_AGES (the held-out split plays no part), rounded to what age-models.ts records.
 */
function fitCalibration(rows: Measured[], models: AgeModelName[], flip: boolean): AgeCalibration {
  const features = (r: Measured) => [1, ...models.map((m) => combineAgeEstimates(r.ages!, { models: [m], flip })!)];
  const fit = rows.filter((r) => r.ages && r.age >= FIT_AGES.from && r.age <= FIT_AGES.to);
  const k = models.length + 1;
  // Normal equations (X'X) w = X'y, solved by Gaussian elimination with partial pivoting.
  const a = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  for (const r of fit) {
    const x = features(r);
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) a[i][j] += x[i] * x[j];
      a[i][k] += x[i] * r.age;
    }
  }
  for (let col = 0; col < k; col++) {
    const pivot = a
      .slice(col)
      .reduce((best, row, i) => (Math.abs(row[col]) > Math.abs(a[best][col]) ? col + i : best), col);
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let row = 0; row < k; row++) {
      if (row === col) continue;
      const factor = a[row][col] / a[col][col];
      for (let j = col; j <= k; j++) a[row][j] -= factor * a[col][j];
    }
  }
  const w = a.map((row, i) => Math.round((1000 * row[k]) / row[i]) / 1000);
  return { intercept: w[0], weights: Object.fromEntries(models.map((m, i) => [m, w[i + 1]])) };
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
  'Mean absolute error (years) by group, then what each candidate\'s own 18+ rule (the pass threshold chosen on the tuning split as below) passes on the tuning split. The choice is the candidate within the speed budget that passes the most adults 25+ (then the most 18-24s). "Passes": FaceRes and GEAR model runs per selfie (the budget allows two). "[fitted]": a linear combination fitted on tuning faces aged 10-39.',
);
line();
line(`| Candidate | Passes | ${GROUPS.map(([g]) => g).join(" | ")} | 18+ pass from | 25+ pass | 18-24 pass |`);
line(`|---|---:|${GROUPS.map(() => "---:").join("|")}|---:|---:|---:|`);
const tuning = split("tuning").filter((r) => r.ages);
const CANDIDATES: AgeModelChoice[] = ENSEMBLES.flatMap((models) =>
  [false, true].flatMap((flip) => [
    { models, flip },
    ...(models.length > 1 ? [{ models, flip, calibration: fitCalibration(tuning, models, flip) }] : []),
  ]),
);

/**
 * The rule the tuning split gives for a candidate: the lowest pass threshold at which no tuning
 * face more than two years under the required age passes and at most 2% of those one or two years
 * under do (the issue's target; with about 55 such tuning faces, one may pass), and the highest
 * fail threshold a year below every tuning face at or over the required age.
 */
function ruleFromTuning(requiredAge: 16 | 18, choice: AgeModelChoice): AgeRule {
  const estimates = tuning.map((r) => ({ age: r.age, estimate: estimateOf(r, choice)! }));
  const near = estimates.filter((e) => e.age >= requiredAge - 2 && e.age < requiredAge);
  let passBuffer = 0;
  const passes = (e: { estimate: number }) => e.estimate >= requiredAge + passBuffer;
  while (estimates.some((e) => e.age < requiredAge - 2 && passes(e)) || near.filter(passes).length > 0.02 * near.length)
    passBuffer++;
  const lowestOfAge = Math.min(...estimates.filter((e) => e.age >= requiredAge).map((e) => e.estimate));
  return { passBuffer, failBuffer: Math.max(0, Math.ceil(requiredAge - (lowestOfAge - 1))) };
}

/**
 * The speed budget (p50 at most 400 ms for one selfie's decision): each FaceRes or GEAR pass costs
 * about as much as the rest of the photo's work together (FaceRes alone took about 160 ms a selfie
 * in the bench; with a pass on the mirror image too, or a second model, about 1.8 times that, and
 * FaceRes-Deep + GEAR with the mirror pass 3 times, measured side by side through the worker), so a
 * candidate fits with at most two such passes. SSR-Net's 64 px pass costs next to nothing.
 */
const MAX_PASSES = 2;
const passesOf = (choice: AgeModelChoice) => choice.models.filter((m) => m !== "ssrnet").length * (choice.flip ? 2 : 1);

const scores = CANDIDATES.map((choice) => {
  const est = tuning.map((r) => ({ age: r.age, estimate: estimateOf(r, choice)! }));
  const passFrom = 18 + ruleFromTuning(18, choice).passBuffer;
  const adults = est.filter((e) => e.age >= 25);
  const young = est.filter((e) => e.age >= 18 && e.age <= 24);
  const passing = adults.filter((e) => e.estimate >= passFrom).length;
  const youngPassing = young.filter((e) => e.estimate >= passFrom).length;
  const errors = GROUPS.map(([, within]) =>
    mean(est.filter((e) => within(e.age)).map((e) => Math.abs(e.estimate - e.age))).toFixed(1),
  );
  line(
    `| ${nameOf(choice)} | ${passesOf(choice)} | ${errors.join(" | ")} | ${passFrom} | ${pct(passing, adults.length)} | ${pct(youngPassing, young.length)} |`,
  );
  return { choice, passing, youngPassing };
});
const better = (a: (typeof scores)[number], b: (typeof scores)[number]) =>
  b.passing > a.passing || (b.passing === a.passing && b.youngPassing > a.youngPassing) ? b : a;
const bestOverall = scores.reduce(better);
const best = scores.filter((s) => passesOf(s.choice) <= MAX_PASSES).reduce(better);
line();
line(
  `Best on tuning regardless of speed: ${nameOf(bestOverall.choice)} (${passesOf(bestOverall.choice)} passes). Best within the speed budget (at most ${MAX_PASSES} passes): ${nameOf(best.choice)}${best.choice.calibration ? ` (${JSON.stringify(best.choice.calibration)})` : ""}. Shipped (lib/verification/methods/face/age-models.ts): ${nameOf(SHIPPED_AGE_MODELS)}${SHIPPED_AGE_MODELS.calibration ? ` (${JSON.stringify(SHIPPED_AGE_MODELS.calibration)})` : ""}.`,
);

// The rule for the shipped candidate: chosen on the tuning split, then the same rule on held-out.
for (const requiredAge of [18, 16] as const) {
  const rule = SHIPPED_AGE_RULES[requiredAge];
  const tuned = ruleFromTuning(requiredAge, SHIPPED_AGE_MODELS);
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
