// npm run eval:face-match -- --images DIR [--people N] [--measurements FILE] [--report-only]:
// scores the face match of the id_document method (lib/verification/methods/face/match-faces.ts)
// on identity-labelled faces and prints a markdown report. Not part of the test suite.
//
// DIR is an LFW `images` folder (Name/Name_0001.jpg; see eval/face-match/SOURCES.md: the photos
// are not in this repository). Of the people with two photos or more, each one's split (`tuning`
// or `held-out`) is fixed by the SHA-256 of `split:` + the name, before any model is run; in each
// split the first N people in SHA-256 order of their names are measured. Per person, the photo
// first in SHA-256 order is printed as a card's portrait and photographed (scripts/print-portrait.ts,
// with a print size, grey or colour, blur and JPEG quality drawn from the name's hash), and the
// second is the selfie. Genuine pairs: a person's document against their own selfie; impostor
// pairs: every document against every other person's selfie in the same split. The threshold is
// chosen on the tuning split alone; the held-out split is then reported at that threshold.
// --measurements FILE keeps each photo's verdict and descriptor (one JSON line per photo; it holds
// face descriptors: keep it out of the repository) so that a rerun measures only what is missing.
import { createHash } from "node:crypto";
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { SHIPPED_AGE_MODELS } from "@/lib/verification/methods/face/age-models";
import { createFaceEstimator } from "@/lib/verification/methods/face/face-estimator";
import {
  descriptorSimilarity,
  DOCUMENT_MEASUREMENT,
  documentDescriptor,
  MATCH_THRESHOLD,
  SELFIE_MEASUREMENT,
  selfieDescriptor,
} from "@/lib/verification/methods/face/match-faces";
import { distinctFaces, judgeMeasurements } from "@/lib/verification/methods/face/quality-gates";
import { RetakeRequired } from "@/lib/verification/methods/types";
import { median, readJsonLines, wilson } from "./eval-support";
import { printPortraitOnCard, type PrintOptions } from "./print-portrait";

process.env.FACE_ESTIMATION_TIMEOUT_MS ??= "300000";
const argValue = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const imagesDir = argValue("--images");
const cacheFile = argValue("--measurements") ? path.resolve(argValue("--measurements")!) : null;
const peoplePerSplit = Number(argValue("--people") ?? 300);
if (!imagesDir && !process.argv.includes("--report-only")) {
  console.error("usage: npm run eval:face-match -- --images DIR [--people N] [--measurements FILE] [--report-only]");
  process.exit(2);
}

type Split = "tuning" | "held-out";
type Person = { name: string; split: Split; document: string; selfie: string; print: PrintOptions };
/**
 * One photo: `verdict` is what the product would do with it (selfie: "ok", "spoof", "retake: ..."
 * or "no descriptor"; document: "ok" or "no face"); `descriptor` is the descriptor it would
 * compare (null unless "ok"), and `anyDescriptor` the largest face's descriptor whatever the gates said.
 */
type Measured = {
  name: string;
  split: Split;
  side: "document" | "selfie";
  file: string;
  verdict: string;
  descriptor: number[] | null;
  anyDescriptor: number[] | null;
  /** The document's print (scripts/print-portrait.ts). */
  print?: PrintOptions;
  ms: number;
};

const sha = (text: string) => createHash("sha256").update(text).digest("hex");
/** A number in [0, 1) from the hash of a text: the same person always gets the same print. */
const unit = (text: string) => parseInt(sha(text).slice(0, 8), 16) / 2 ** 32;

function selectPeople(): Person[] {
  const people: Person[] = [];
  for (const entry of readdirSync(imagesDir!, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const name = entry.name;
    const files = readdirSync(path.join(imagesDir!, name)).filter((f) => f.endsWith(".jpg"));
    if (files.length < 2) continue;
    const [document, selfie] = files.sort((a, b) => sha(a).localeCompare(sha(b)));
    people.push({
      name,
      split: parseInt(sha(`split:${name}`).slice(0, 8), 16) % 2 === 0 ? "tuning" : "held-out",
      document,
      selfie,
      print: {
        portraitWidth: 90 + Math.round(60 * unit(`size:${name}`)),
        grey: unit(`grey:${name}`) < 0.5,
        blur: 0.5 + 0.6 * unit(`blur:${name}`),
        jpegQuality: 60 + Math.round(25 * unit(`jpeg:${name}`)),
      },
    });
  }
  const bySplit = (split: Split) =>
    people
      .filter((p) => p.split === split)
      .sort((a, b) => sha(a.name).localeCompare(sha(b.name)))
      .slice(0, peoplePerSplit);
  return [...bySplit("tuning"), ...bySplit("held-out")];
}

const readCache = () => readJsonLines<Measured>(cacheFile);

async function measureAll(done: Set<string>): Promise<Measured[]> {
  const estimator = createFaceEstimator(SHIPPED_AGE_MODELS, { lowPriority: false });
  const people = selectPeople();
  const out: Measured[] = [];
  let count = 0;
  for (const person of people) {
    for (const side of ["document", "selfie"] as const) {
      if (done.has(`${side}:${person.name}`)) continue;
      const file = person[side];
      const photo = new Uint8Array(readFileSync(path.join(imagesDir!, person.name, file)));
      const bytes = side === "document" ? await printPortraitOnCard(photo, person.print) : photo;
      const started = performance.now();
      const measurements = await estimator.measure(
        bytes,
        false,
        side === "document" ? DOCUMENT_MEASUREMENT : SELFIE_MEASUREMENT,
      );
      const ms = performance.now() - started;
      let verdict = "ok";
      let descriptor: number[] | null = null;
      if (side === "document") {
        descriptor = documentDescriptor(measurements);
        if (!descriptor) verdict = "no face";
      } else {
        try {
          const selfie = selfieDescriptor(measurements);
          if (selfie === "spoof") verdict = "spoof";
          else if (selfie === null) verdict = "no descriptor";
          else descriptor = selfie;
        } catch (error) {
          if (!(error instanceof RetakeRequired)) throw error;
          const analysis = judgeMeasurements(measurements);
          verdict = `retake: ${analysis.kind === "retake" ? analysis.reason : "?"}`;
        }
      }
      const largest = measurements.readable ? distinctFaces(measurements.faces)[0] : undefined;
      const row: Measured = {
        name: person.name,
        split: person.split,
        side,
        file,
        verdict,
        descriptor,
        anyDescriptor: largest?.descriptor ?? null,
        ...(side === "document" ? { print: person.print } : {}),
        ms,
      };
      out.push(row);
      if (cacheFile) appendFileSync(cacheFile, `${JSON.stringify(row)}\n`);
      if (++count % 50 === 0) console.error(`${count} photos measured`);
    }
  }
  return out;
}

if (!process.argv.includes("--report-only")) {
  await measureAll(new Set(readCache().map((r) => `${r.side}:${r.name}`)));
}
const measured: Measured[] = cacheFile ? readCache() : await measureAll(new Set());

type Scores = { genuine: number[]; impostor: number[] };
/** Similarities of every document against every selfie of one split, with the descriptors `pick` gives. */
function scoresOf(split: Split, pick: (m: Measured) => number[] | null): Scores {
  const documents = measured.filter((m) => m.split === split && m.side === "document" && pick(m));
  const selfies = measured.filter((m) => m.split === split && m.side === "selfie" && pick(m));
  const scores: Scores = { genuine: [], impostor: [] };
  for (const d of documents) {
    for (const s of selfies) {
      const similarity = descriptorSimilarity(pick(d)!, pick(s)!);
      (d.name === s.name ? scores.genuine : scores.impostor).push(similarity);
    }
  }
  return scores;
}

const rate = (n: number, d: number) => {
  if (d === 0) return "n/a";
  const [low, high] = wilson(n, d);
  return `${((100 * n) / d).toFixed(2)}% (${n}/${d}; ${(100 * low).toFixed(2)}-${(100 * high).toFixed(2)})`;
};
const fmr = (s: Scores, t: number) => s.impostor.filter((x) => x >= t).length;
const fnmr = (s: Scores, t: number) => s.genuine.filter((x) => x < t).length;

/**
 * The lowest threshold (on a 0.01 grid) whose false-match rate on the tuning split is at most
 * half the 1% target: the other half is the margin for faces the choice never saw.
 */
function chooseThreshold(tuning: Scores): number {
  for (let t = 0; t <= 1; t = Math.round((t + 0.01) * 100) / 100) {
    if (fmr(tuning, t) <= 0.005 * tuning.impostor.length) return t;
  }
  return 1;
}

const out: string[] = [];
const line = (s = "") => out.push(s);
const gated = (m: Measured) => m.descriptor;
const ungated = (m: Measured) => m.anyDescriptor;
const tuning = scoresOf("tuning", gated);
const heldOut = scoresOf("held-out", gated);
const chosen = chooseThreshold(tuning);

const people = (split: Split) => new Set(measured.filter((m) => m.split === split).map((m) => m.name)).size;
line(
  `Descriptor: FaceRes. Data: ${people("tuning")} people in the tuning split, ${people("held-out")} held out (LFW, eval/face-match/SOURCES.md), ${new Date().toISOString().slice(0, 10)}; median ${median(measured.map((m) => m.ms)).toFixed(0)} ms per photo (shared machine: timings disturbed).`,
);
line();
line("### What the gates did (both splits)");
line();
line("| Side | Photos | Compared | Not compared |");
line("|---|---:|---:|---|");
for (const side of ["document", "selfie"] as const) {
  const rows = measured.filter((m) => m.side === side);
  const other = new Map<string, number>();
  for (const r of rows) if (r.verdict !== "ok") other.set(r.verdict, (other.get(r.verdict) ?? 0) + 1);
  line(
    `| ${side} | ${rows.length} | ${rows.filter((r) => r.descriptor).length} | ${[...other].map(([k, v]) => `${k} ${v}`).join(", ") || "none"} |`,
  );
}
line();
line(
  `Threshold chosen on the tuning split (lowest with a false-match rate at most 0.5%): **${chosen.toFixed(2)}**; shipped (MATCH_THRESHOLD in match-faces.ts): **${MATCH_THRESHOLD.toFixed(2)}**.`,
);
line();
line("### The curve around the shipped threshold");
line();
line(
  `Pairs the product would compare (both photos past the gates). Tuning: ${tuning.genuine.length} genuine, ${tuning.impostor.length} impostor pairs; held-out: ${heldOut.genuine.length} genuine, ${heldOut.impostor.length} impostor pairs. Rates with 95% Wilson intervals (impostor pairs share photos, so the true interval is wider).`,
);
line();
line("| Threshold | Tuning FMR | Tuning FNMR | Held-out FMR | Held-out FNMR |");
line("|---:|---:|---:|---:|---:|");
for (let step = -5; step <= 5; step++) {
  const t = Math.round((MATCH_THRESHOLD + step * 0.02) * 100) / 100;
  const mark = step === 0 ? " (shipped)" : "";
  line(
    `| ${t.toFixed(2)}${mark} | ${rate(fmr(tuning, t), tuning.impostor.length)} | ${rate(fnmr(tuning, t), tuning.genuine.length)} | ${rate(fmr(heldOut, t), heldOut.impostor.length)} | ${rate(fnmr(heldOut, t), heldOut.genuine.length)} |`,
  );
}
line();
line("### Held-out, whatever the selfie gates said");
line();
const all = scoresOf("held-out", ungated);
line(
  `Every held-out pair with a face found on both sides (${all.genuine.length} genuine, ${all.impostor.length} impostor), at the shipped threshold: FMR ${rate(fmr(all, MATCH_THRESHOLD), all.impostor.length)}, FNMR ${rate(fnmr(all, MATCH_THRESHOLD), all.genuine.length)}.`,
);
line();
line("### Held-out by print");
line();
line("| Document portrait | Genuine pairs | FNMR at the shipped threshold |");
line("|---|---:|---:|");
const prints = new Map(measured.filter((m) => m.print).map((m) => [m.name, m.print!]));
for (const [label, keep] of [
  ["grey", (p: PrintOptions) => p.grey],
  ["colour", (p: PrintOptions) => !p.grey],
  ["printed under 120 px wide", (p: PrintOptions) => p.portraitWidth < 120],
  ["printed 120 px wide or more", (p: PrintOptions) => p.portraitWidth >= 120],
] as const) {
  const names = new Set([...prints].filter(([, p]) => keep(p)).map(([n]) => n));
  const pick = (m: Measured) => (names.has(m.name) ? m.descriptor : null);
  const s = scoresOf("held-out", pick);
  line(`| ${label} | ${s.genuine.length} | ${rate(fnmr(s, MATCH_THRESHOLD), s.genuine.length)} |`);
}

console.log(out.join("\n"));
process.exit(0);
