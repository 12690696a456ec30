// npm run eval:face [-- --measurements FILE]: scores the built-in face age estimation on the
// exact-age evaluation set (eval/face-age-exact: UTKFace, non-commercial research only, see its
// SOURCES.md) through the same worker and quality gates as the hosted flow, and prints a markdown
// report. Not part of the test suite.
//
// Every candidate (each age model alone, with and without a mirror-image pass, and ensembles) is
// measured in one pass: the worker runs every model on each photo and its mirror image and reports
// each estimate. The candidate and the decision rule are chosen on the development photos (the
// `tuning` and `held-out` splits: the latter was seen during an earlier choice, so it can no
// longer judge one); the `fresh` split is reported with --fresh once the choice is made, and plays
// no part in it.
// --measurements FILE keeps the worker's measurements (one JSON line of estimates per photo, no
// image), appended as they are made: a rerun measures only the photos not in it yet, and
// --shard K/N measures only every Nth photo (from the Kth), so N processes can share the work;
// --split fresh (or development, tuning, held-out) measures those photos only; --add-models NAMES
// measures only the named models on the photos already in FILE.
// --report-only prints the report from FILE without measuring; --timing N times each candidate
// configuration through the worker on N photos, side by side.
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
  type AgeShifts,
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
/** --split fresh (or development, tuning, held-out) measures those photos only. */
const onlySplit = argValue("--split");
/**
 * --add-models face-api measures only those models, on the photos already measured whose rows lack
 * them (the gates' verdict is kept from the first measurement), appending a row per photo that the
 * reader merges into the first: a new model needs no remeasurement of the others.
 */
const addModels = argValue("--add-models")?.split(",") as AgeModelName[] | undefined;

type Split = "tuning" | "held-out" | "fresh";
type Label = { file: string; age: number; split: Split };
/** One photo: the gates' verdict and, when judged, each model's estimates [crop, mirror image]. */
type Measured = Label & { verdict: string; ages: Partial<Record<AgeModelName, number[]>> | null; ms: number };

/** Where the choice is made: both splits of the first 780 photos (their held-out split has been seen). */
const DEVELOPMENT: Split[] = ["tuning", "held-out"];
const inSplit = (split: Split, wanted: string) =>
  wanted === split || (wanted === "development" && DEVELOPMENT.includes(split));

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
    return { file, age: Number(age), split: split as Split };
  });

/** The measurements file's rows, a photo's later rows (--add-models) merged into its first. */
function readCache(): Measured[] {
  const byFile = new Map<string, Measured>();
  for (const row of readJsonLines<Measured>(cacheFile)) {
    const first = byFile.get(row.file);
    if (!first) byFile.set(row.file, row);
    else if (first.ages && row.ages) first.ages = { ...first.ages, ...row.ages };
  }
  return [...byFile.values()];
}
const timingOnly = process.argv.includes("--timing");
if (!process.argv.includes("--report-only") && !timingOnly) {
  if (addModels) await measureModels(addModels);
  else await measureAll(new Set(readCache().map((r) => r.file)));
}
const measured: Measured[] = cacheFile || timingOnly ? readCache() : await measureAll(new Set());

/** This process's share of the photos (--shard K/N), in file-name order (a hash), so a partial run covers every group alike. */
function myShare<T extends { file: string; split: Split }>(rows: T[]): T[] {
  return [...rows]
    .sort((a, b) => a.file.localeCompare(b.file))
    .filter((l) => !onlySplit || inSplit(l.split, onlySplit))
    .filter((_, i) => i % shards === shard);
}

async function measureAll(done: Set<string>): Promise<Measured[]> {
  const estimator = createFaceEstimator({ models: AGE_MODEL_NAMES, flip: true }, { lowPriority: false });
  const out: Measured[] = [];
  const todo = myShare(labels).filter((l) => !done.has(l.file));
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
  estimator.stop();
  return out;
}

/** --add-models: the named models' estimates for photos judged before, on the same face (the largest). */
async function measureModels(models: AgeModelName[]) {
  if (!cacheFile) throw new Error("--add-models needs --measurements FILE");
  const estimator = createFaceEstimator({ models, flip: true }, { lowPriority: false });
  const todo = myShare(readCache()).filter((r) => r.ages && models.some((m) => !r.ages![m]));
  let count = 0;
  for (const row of todo) {
    const bytes = await selfieFraming(readFileSync(path.join(dir, "images", row.file)));
    const started = performance.now();
    // The spoof scores were measured the first time; only the face and the new models are needed.
    const measurements = await estimator.measure(bytes, true, { liveness: false });
    const ms = performance.now() - started;
    const face = measurements.readable ? distinctFaces(measurements.faces)[0] : undefined;
    const ages = Object.fromEntries(models.map((m) => [m, face?.ages?.[m] ?? []]));
    appendFileSync(
      cacheFile,
      `${JSON.stringify({ file: row.file, age: row.age, split: row.split, verdict: "added", ages, ms })}\n`,
    );
    if (++count % 25 === 0) console.error(`${count}/${todo.length} measured`);
  }
  estimator.stop();
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

// Candidates: each model alone and the ensembles worth trying, with and without the mirror image;
// each ensemble as the plain mean, as a linear combination fitted on the development photos, and
// as "every model must clear its own threshold" (the lowest of the models' shifted estimates, the
// shifts chosen on the development photos).
const ENSEMBLES: AgeModelName[][] = [
  ...AGE_MODEL_NAMES.map((m) => [m]),
  ["faceres-deep", "gear"],
  ["faceres", "faceres-deep"],
  ["faceres", "gear"],
  ["faceres-deep", "face-api"],
  ["gear", "face-api"],
  ["faceres-deep", "gear", "face-api"],
  ["faceres-deep", "gear", "ssrnet"],
  ["faceres", "faceres-deep", "gear"],
  [...AGE_MODEL_NAMES],
];
/** The choice decision 0013 shipped, reported beside the new one. */
const PREVIOUS: AgeModelChoice = {
  models: ["faceres-deep", "gear"],
  flip: false,
  calibration: { intercept: 7.049, weights: { "faceres-deep": 0.542, gear: 0.066 } },
};
const nameOf = (c: AgeModelChoice) =>
  `${c.models.join(" + ")}${c.flip ? " (+ mirror)" : ""}${c.calibration ? " [fitted]" : ""}${c.lowest ? ` [all clear: shifts ${c.models.map((m) => c.lowest![m] ?? 0).join(", ")}]` : ""}`;

function estimateOf(row: Measured, choice: AgeModelChoice): number | null {
  return row.ages ? combineAgeEstimates(row.ages, choice) : null;
}

/** Ages the linear combinations are fitted on: where an 18+ or 16+ decision is made. */
const FIT_AGES = { from: 10, to: 39 };

/**
 * Least squares fit of age = intercept + sum of weight x model estimate on the development faces
 * aged FIT_AGES (the fresh split plays no part), rounded to what age-models.ts records.
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

const split = (name: Split) => measured.filter((r) => r.split === name);
const development = measured.filter((r) => DEVELOPMENT.includes(r.split));
const groupOf = (age: number) => GROUPS.find(([, within]) => within(age))![0];
const out: string[] = [];
const line = (s = "") => out.push(s);
const pct = (n: number, d: number) => {
  if (d === 0) return "n/a";
  const [low, high] = wilson(n, d);
  return `${((100 * n) / d).toFixed(1)}% (${n}/${d}; ${(100 * low).toFixed(1)}-${(100 * high).toFixed(1)})`;
};
/** Photos every model judged (a model that found no face, or was not measured, leaves a photo out of every candidate alike). */
const judgedByAll = (r: Measured) => r.ages !== null && AGE_MODEL_NAMES.every((m) => (r.ages![m]?.length ?? 0) > 0);
const dev = development.filter(judgedByAll);

type Scored = { age: number; estimate: number };
const scoredOn = (rows: Measured[], choice: AgeModelChoice): Scored[] =>
  rows.map((r) => ({ age: r.age, estimate: estimateOf(r, choice)! }));

/**
 * The rule the development photos give: the lowest pass threshold at which no face more than two
 * years under the required age passes and at most 2% of those one or two years under do (the
 * issue's target; with about 130 such development faces, two may pass), and the highest fail
 * threshold a year below every face at or over the required age.
 */
function ruleFrom(estimates: Scored[], requiredAge: 16 | 18): AgeRule {
  const near = estimates.filter((e) => e.age >= requiredAge - 2 && e.age < requiredAge);
  const youngest = Math.max(...estimates.filter((e) => e.age < requiredAge - 2).map((e) => e.estimate));
  const nearSorted = near.map((e) => e.estimate).sort((a, b) => b - a);
  const allowed = Math.floor(0.02 * near.length);
  // The threshold must be above every younger face and above all but `allowed` of the near ones.
  const mustExceed = Math.max(youngest, nearSorted[allowed] ?? -Infinity);
  const passBuffer = Math.max(0, Math.floor(mustExceed) + 1 - requiredAge);
  const lowestOfAge = Math.min(...estimates.filter((e) => e.age >= requiredAge).map((e) => e.estimate));
  return { passBuffer, failBuffer: Math.max(0, Math.ceil(requiredAge - (lowestOfAge - 1))) };
}

/** What a rule passes at 18+ among adults 25+ and 18-24s: the measure the choice is made on. */
function score18(estimates: Scored[]) {
  const passFrom = 18 + ruleFrom(estimates, 18).passBuffer;
  const adults = estimates.filter((e) => e.age >= 25);
  const young = estimates.filter((e) => e.age >= 18 && e.age <= 24);
  return {
    passFrom,
    passing: adults.filter((e) => e.estimate >= passFrom).length,
    adults: adults.length,
    youngPassing: young.filter((e) => e.estimate >= passFrom).length,
    young: young.length,
  };
}

/** Shifts for "every model must clear": each model after the first moved by whole years, the best on development. */
function fitShifts(rows: Measured[], models: AgeModelName[], flip: boolean): AgeShifts {
  const SHIFTS = Array.from({ length: 41 }, (_, i) => i - 20);
  let best: { shifts: AgeShifts; passing: number; youngPassing: number } | null = null;
  const grid = (n: number): number[][] => (n === 0 ? [[]] : grid(n - 1).flatMap((g) => SHIFTS.map((s) => [...g, s])));
  for (const rest of grid(models.length - 1)) {
    const shifts: AgeShifts = Object.fromEntries(models.map((m, i) => [m, i === 0 ? 0 : rest[i - 1]]));
    const { passing, youngPassing } = score18(scoredOn(rows, { models, flip, lowest: shifts }));
    if (!best || passing > best.passing || (passing === best.passing && youngPassing > best.youngPassing))
      best = { shifts, passing, youngPassing };
  }
  return best!.shifts;
}

/**
 * The speed budget (a selfie's decision p50 at most 400 ms): the inference cost of one pass of each
 * model, relative to one FaceRes pass, as measured side by side through the worker (npm run
 * eval:face -- --timing; figures in docs/face-estimation.md). FaceRes alone took about 160 ms a
 * selfie in the bench, so a candidate fits at a cost of at most two FaceRes passes.
 */
const PASS_COST: Record<AgeModelName, number> = {
  faceres: 1,
  "faceres-deep": 1,
  gear: 1,
  ssrnet: 0.1,
  "face-api": 0.5,
};
const MAX_COST = 2;
const costOf = (choice: AgeModelChoice) =>
  choice.models.reduce((sum, m) => sum + PASS_COST[m], 0) * (choice.flip ? 2 : 1);

if (timingOnly) await timing(Number(argValue("--timing")) || 20);

/**
 * --timing N: N development photos measured by the worker once per configuration, side by side
 * (each photo through every configuration in turn), with the gates' models as a selfie runs them.
 */
async function timing(count: number) {
  const configs: AgeModelChoice[] = [
    { models: ["faceres"], flip: false },
    { models: ["faceres-deep", "gear"], flip: false },
    { models: ["face-api"], flip: false },
    { models: ["faceres-deep", "gear", "face-api"], flip: false },
    { models: ["faceres-deep", "face-api"], flip: false },
    { models: ["faceres-deep", "gear"], flip: true },
  ];
  const estimators = configs.map((c) => createFaceEstimator(c, { lowPriority: false }));
  const times = configs.map(() => [] as number[]);
  const photos = [...labels].filter((l) => DEVELOPMENT.includes(l.split)).sort((a, b) => a.file.localeCompare(b.file));
  for (const [i, label] of photos.slice(0, count + 1).entries()) {
    const bytes = await selfieFraming(readFileSync(path.join(dir, "images", label.file)));
    for (const [k, estimator] of estimators.entries()) {
      const started = performance.now();
      await estimator.measure(bytes, true);
      // The first photo loads the models: not counted.
      if (i > 0) times[k].push(performance.now() - started);
    }
  }
  for (const e of estimators) e.stop();
  const base = median(times[0]);
  console.log(`| Configuration | Median ms per photo (${count} photos) | Against FaceRes alone |`);
  console.log("|---|---:|---:|");
  for (const [k, c] of configs.entries())
    console.log(`| ${nameOf(c)} | ${median(times[k]).toFixed(0)} | ${(median(times[k]) / base).toFixed(2)} |`);
  process.exit(0);
}

line(
  `Dataset: eval/face-age-exact (${measured.length} photos: ${development.length} development (${split("tuning").length} tuning + ${split("held-out").length} held-out), ${split("fresh").length} fresh), ${new Date().toISOString().slice(0, 10)}; median ${median(measured.filter((r) => r.verdict !== "added").map((r) => r.ms)).toFixed(0)} ms per photo with all models and the mirror image (shared machine: timings disturbed). ${dev.length} development photos judged by every model.`,
);
line();
line("### What the gates did");
line();
line("| Group | Development photos | Judged | Fresh photos | Judged | Retake or spoof (both) |");
line("|---|---:|---:|---:|---:|---|");
for (const [group] of GROUPS) {
  const rows = measured.filter((r) => groupOf(r.age) === group);
  const devRows = rows.filter((r) => DEVELOPMENT.includes(r.split));
  const freshRows = rows.filter((r) => r.split === "fresh");
  const other = new Map<string, number>();
  for (const r of rows) if (r.verdict !== "face") other.set(r.verdict, (other.get(r.verdict) ?? 0) + 1);
  line(
    `| ${group} | ${devRows.length} | ${devRows.filter((r) => r.ages).length} | ${freshRows.length} | ${freshRows.filter((r) => r.ages).length} | ${[...other].map(([k, v]) => `${k} ${v}`).join(", ") || "none"} |`,
  );
}

line();
line("### Candidates on the development photos");
line();
line(
  `Mean absolute error (years) by group, then what each candidate's own 18+ rule (chosen on the development photos as below) passes there. The choice is the candidate within the speed budget that passes the most adults 25+ (then the most 18-24s). "Cost": inference relative to one FaceRes pass (the budget allows ${MAX_COST}). "[fitted]": a linear combination fitted on development faces aged 10-39. "[all clear]": every model must clear the threshold, each after its shift (chosen on development).`,
);
line();
line(`| Candidate | Cost | ${GROUPS.map(([g]) => g).join(" | ")} | 18+ pass from | 25+ pass | 18-24 pass |`);
line(`|---|---:|${GROUPS.map(() => "---:").join("|")}|---:|---:|---:|`);
const CANDIDATES: AgeModelChoice[] = ENSEMBLES.flatMap((models) =>
  [false, true].flatMap((flip) => [
    { models, flip },
    ...(models.length > 1 ? [{ models, flip, calibration: fitCalibration(dev, models, flip) }] : []),
    ...(models.length > 1 && models.length <= 3 ? [{ models, flip, lowest: fitShifts(dev, models, flip) }] : []),
  ]),
);
const scores = [PREVIOUS, ...CANDIDATES].map((choice) => {
  const est = scoredOn(dev, choice);
  const s = score18(est);
  const errors = GROUPS.map(([, within]) =>
    mean(est.filter((e) => within(e.age)).map((e) => Math.abs(e.estimate - e.age))).toFixed(1),
  );
  line(
    `| ${choice === PREVIOUS ? "decision 0013's choice: " : ""}${nameOf(choice)} | ${costOf(choice).toFixed(1)} | ${errors.join(" | ")} | ${s.passFrom} | ${pct(s.passing, s.adults)} | ${pct(s.youngPassing, s.young)} |`,
  );
  return { choice, ...s };
});
const better = (a: (typeof scores)[number], b: (typeof scores)[number]) =>
  b.passing > a.passing || (b.passing === a.passing && b.youngPassing > a.youngPassing) ? b : a;
const bestOverall = scores.reduce(better);
const best = scores.filter((s) => costOf(s.choice) <= MAX_COST).reduce(better);
const describe = (c: AgeModelChoice) =>
  `${nameOf(c)}${c.calibration ? ` (${JSON.stringify(c.calibration)})` : ""}${c.lowest ? ` (${JSON.stringify(c.lowest)})` : ""}`;
line();
line(
  `Best on development regardless of speed: ${describe(bestOverall.choice)} (cost ${costOf(bestOverall.choice).toFixed(1)}). Best within the speed budget (cost at most ${MAX_COST}): ${describe(best.choice)}. Shipped (lib/verification/methods/face/age-models.ts): ${describe(SHIPPED_AGE_MODELS)}.`,
);

/** Pass, inconclusive and fail by group for one choice and rule. */
function verdictTable(label: string, rows: Measured[], choice: AgeModelChoice, requiredAge: 16 | 18, rule: AgeRule) {
  for (const [group, within] of GROUPS) {
    const inGroup = rows.filter((r) => r.ages && within(r.age) && estimateOf(r, choice) !== null);
    const verdicts = inGroup.map((r) => decideAge({ estimate: estimateOf(r, choice)!, requiredAge, rule }).result);
    const count = (v: string) => verdicts.filter((x) => x === v).length;
    line(
      `| ${label} | ${group} | ${inGroup.length} | ${pct(count("pass"), inGroup.length)} | ${pct(count("inconclusive"), inGroup.length)} | ${pct(count("fail"), inGroup.length)} |`,
    );
  }
}

// The rule for the shipped candidate: chosen on the development photos; the fresh split (with
// --fresh) is reported with it once the choice is made, and plays no part in it.
const showFresh = process.argv.includes("--fresh");
for (const requiredAge of [18, 16] as const) {
  const rule = SHIPPED_AGE_RULES[requiredAge];
  const tuned = ruleFrom(scoredOn(dev, SHIPPED_AGE_MODELS), requiredAge);
  line();
  line(
    `Required age ${requiredAge}: the development photos give pass buffer ${tuned.passBuffer}, fail buffer ${tuned.failBuffer}; shipped (decide-age.ts): ${rule.passBuffer} and ${rule.failBuffer}${tuned.passBuffer === rule.passBuffer && tuned.failBuffer === rule.failBuffer ? "" : " (DIFFERENT: update SHIPPED_AGE_RULES)"}.`,
  );
  line();
  line(
    `### Required age ${requiredAge}: the shipped rule (pass from estimate ${requiredAge + rule.passBuffer}, fail under ${requiredAge - rule.failBuffer})`,
  );
  line();
  line("Share of judged photos in each group (95% Wilson interval). A retake or spoof never passes and is left out.");
  line();
  line("| Photos | Group | n | Pass | Inconclusive | Fail |");
  line("|---|---|---:|---:|---:|---:|");
  verdictTable("development", development, SHIPPED_AGE_MODELS, requiredAge, rule);
  if (showFresh) {
    verdictTable("**fresh**", split("fresh"), SHIPPED_AGE_MODELS, requiredAge, rule);
    const previousRule = ruleFrom(scoredOn(dev, PREVIOUS), requiredAge);
    verdictTable(
      "fresh, decision 0013's choice (its rule from development)",
      split("fresh"),
      PREVIOUS,
      requiredAge,
      previousRule,
    );
  }
  line();
  line(`Development: how the pass threshold trades minors for adults (shipped models, required age ${requiredAge}).`);
  line();
  const cut = requiredAge - 2;
  line(
    `| Pass from estimate | Under ${cut} pass | ${cut}-${requiredAge - 1} pass | ${requiredAge}-24 pass | 25+ pass |`,
  );
  line("|---:|---:|---:|---:|---:|");
  const devShipped = development.filter((r) => r.ages && estimateOf(r, SHIPPED_AGE_MODELS) !== null);
  for (let buffer = 0; buffer <= 16; buffer += 1) {
    const rate = (within: (a: number) => boolean) => {
      const rows = devShipped.filter((r) => within(r.age));
      return pct(rows.filter((r) => estimateOf(r, SHIPPED_AGE_MODELS)! >= requiredAge + buffer).length, rows.length);
    };
    line(
      `| ${requiredAge + buffer} | ${rate((a) => a < cut)} | ${rate((a) => a >= cut && a < requiredAge)} | ${rate((a) => a >= requiredAge && a <= 24)} | ${rate((a) => a >= 25)} |`,
    );
  }
}
if (!showFresh) {
  line();
  line("(The fresh split is reported with --fresh, once the choice above is made.)");
}
console.log(out.join("\n"));
process.exit(0);
