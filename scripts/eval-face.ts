// npm run eval:face [-- <dataset dir>]: scores the built-in face age estimation on a labelled set of
// real faces (default eval/face-age: FairFace, CC BY 4.0, see its SOURCES.md) through the same
// worker, gates and decision rule as the hosted flow, and prints a markdown report. Not part of
// the test suite. FairFace labels are age bands, so errors are measured against the band: "to
// band" is the distance from the estimate to the band's interval (0 inside it), "to midpoint" the
// distance to its middle (70+ taken as 70-80).
import { readFileSync } from "node:fs";
import path from "node:path";
import { decideAge } from "@/lib/verification/face/decide-age";
import { faceEstimator } from "@/lib/verification/face/face-estimator";
import { judgeMeasurements } from "@/lib/verification/face/quality-gates";
import type { FaceAnalysis } from "@/lib/verification/face/types";

const dir = path.resolve(process.argv[2] ?? "eval/face-age");
const BUFFERS = [0, 5, 7, 10, 12, 15, 20];
const BANDS: Record<string, [number, number]> = {
  "0-2": [0, 2], "3-9": [3, 9], "10-19": [10, 19], "20-29": [20, 29], "30-39": [30, 39],
  "40-49": [40, 49], "50-59": [50, 59], "60-69": [60, 69], "70+": [70, 80],
};

type Row = { file: string; band: string; analysis: FaceAnalysis; ms: number };

const labels = readFileSync(path.join(dir, "labels.csv"), "utf8").trim().split("\n").slice(1).map((line) => {
  const [file, band] = line.split(",");
  return { file, band };
});

const rows: Row[] = [];
const started = performance.now();
for (const { file, band } of labels) {
  const bytes = new Uint8Array(readFileSync(path.join(dir, "images", file)));
  const t = performance.now();
  const analysis = judgeMeasurements(await faceEstimator().measure(bytes, true));
  rows.push({ file, band, analysis, ms: performance.now() - t });
}
const totalSeconds = (performance.now() - started) / 1000;

const pct = (n: number, d: number) => (d === 0 ? "n/a" : `${((100 * n) / d).toFixed(1)}% (${n}/${d})`);
const estimated = rows.filter((r): r is Row & { analysis: { kind: "face"; age: number } } => r.analysis.kind === "face" && r.analysis.age !== null);
const out: string[] = [];
const line = (s = "") => out.push(s);

line(`Dataset: ${path.relative(process.cwd(), dir) || "."} (${rows.length} images), ${new Date().toISOString().slice(0, 10)}; ${totalSeconds.toFixed(0)} s in all, median ${median(rows.map((r) => r.ms)).toFixed(0)} ms per photo.`);
line();
line("### What the gates did");
line();
line("| Band | Photos | Judged (one live face, age estimated) | Retake: reason | Spoof (inconclusive) |");
line("|---|---:|---:|---|---:|");
for (const band of Object.keys(BANDS)) {
  const inBand = rows.filter((r) => r.band === band);
  const retakes = new Map<string, number>();
  for (const r of inBand) if (r.analysis.kind === "retake") retakes.set(r.analysis.reason, (retakes.get(r.analysis.reason) ?? 0) + 1);
  const spoofs = inBand.filter((r) => r.analysis.kind === "spoof").length;
  const judged = estimated.filter((r) => r.band === band).length;
  line(`| ${band} | ${inBand.length} | ${judged} | ${[...retakes].map(([k, v]) => `${k} ${v}`).join(", ") || "none"} | ${spoofs} |`);
}
line();
line("### Age error of judged photos");
line();
line("| Band | n | Median estimate | Mean abs. error to band | Mean abs. error to midpoint |");
line("|---|---:|---:|---:|---:|");
const errorRow = (name: string, subset: typeof estimated) => {
  const toBand = subset.map((r) => distanceToBand(r.analysis.age, BANDS[r.band]));
  const toMid = subset.map((r) => Math.abs(r.analysis.age - midpoint(BANDS[r.band])));
  line(`| ${name} | ${subset.length} | ${subset.length ? median(subset.map((r) => r.analysis.age)).toFixed(1) : "-"} | ${mean(toBand).toFixed(1)} | ${mean(toMid).toFixed(1)} |`);
};
for (const band of Object.keys(BANDS)) errorRow(band, estimated.filter((r) => r.band === band));
errorRow("all", estimated);
line();
line("### The challenge-age rule, by buffer");
line();
line("Under-age: bands wholly under the required age (0-2, 3-9). The 10-19 band mixes minors and 18-19-year-olds, so it is shown on its own. Adults 25+: bands 30-39 and older. Rates are of judged photos (a retake or spoof never passes).");
line();
line("| Required age | Buffer | Under-age passed | 10-19 band passed | 10-19 band failed | Adults 25+ passed | Adults 25+ inconclusive | Adults 25+ failed |");
line("|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const requiredAge of [16, 18]) {
  for (const bufferYears of BUFFERS) {
    const verdicts = (bands: string[]) =>
      estimated.filter((r) => bands.includes(r.band)).map((r) => decideAge({ estimate: r.analysis.age, requiredAge, bufferYears }).result);
    const count = (list: string[], result: string) => list.filter((v) => v === result).length;
    const under = verdicts(["0-2", "3-9"]);
    const teens = verdicts(["10-19"]);
    const adults = verdicts(["30-39", "40-49", "50-59", "60-69", "70+"]);
    line(
      `| ${requiredAge} | ${bufferYears} | ${pct(count(under, "pass"), under.length)} | ${pct(count(teens, "pass"), teens.length)} | ${pct(count(teens, "fail"), teens.length)} | ${pct(count(adults, "pass"), adults.length)} | ${pct(count(adults, "inconclusive"), adults.length)} | ${pct(count(adults, "fail"), adults.length)} |`,
    );
  }
}
console.log(out.join("\n"));
process.exit(0);

function distanceToBand(age: number, [low, high]: [number, number]) {
  return age < low ? low - age : age > high + 1 ? age - (high + 1) : 0;
}
function midpoint([low, high]: [number, number]) {
  return (low + high + 1) / 2;
}
function mean(values: number[]) {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN;
}
function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
}
