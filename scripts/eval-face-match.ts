// npm run eval:face-match -- --images DIR [--people N] [--held-out-people N] [--held-out-skip K]
// [--documents N] [--documents-reported K] [--documents-from K] [--documents-split S] [--labelled N]
// [--no-age] [--model mobilefacenet|faceres] [--measurements FILE] [--report-only]: scores the face match of
// the id_document method (lib/verification/methods/face/match-faces.ts) on identity-labelled faces
// and prints a markdown report. Not part of the test suite. --model: the descriptor measured
// (FACE_MATCH_MODEL's by default; keep one measurements file a model).
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
//
// The document held up as the selfie (the same-image check, SAME_IMAGE_THRESHOLD): each person's
// document print is also held up close to the selfie camera (print-portrait.ts,
// holdCardUpToCamera) and measured as a selfie; --documents N adds N generated documents
// (eval/id-document, portraits from FairFace) photographed for the document step and again
// close-up for the selfie (photograph.ts, photographCloseUp), each with its own distortion. The
// threshold is chosen on the tuning split's same-image pairs against its genuine pairs (a
// different photo of the same person), and reported on the held-out split.
//
// The held-out figures are also given at the thresholds that hold the tuning split's false-match
// rate to 1% and 0.1%, by print, by portrait size and by apparent age band (the selfie's age as
// the shipped age models estimate it); --labelled N adds false matches among N labelled UTKFace
// photos by sex, ethnicity and age band (one photo a person: impostor pairs only).
import { createHash } from "node:crypto";
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DISTORTIONS, photograph, photographCloseUp } from "@/eval/id-document/photograph";
import { icaoPortraitBox, PORTRAITS_DIR, renderIcaoDocument } from "@/eval/id-document/render-document";
import { SHIPPED_AGE_MODELS } from "@/lib/verification/methods/face/age-models";
import { env, FaceMatchModelSchema } from "@/lib/platform/env";
import { createFaceEstimator } from "@/lib/verification/methods/face/face-estimator";
import {
  descriptorSimilarity,
  DOCUMENT_MEASUREMENT,
  documentDescriptor,
  isSameImage,
  MATCH_THRESHOLD,
  RECAPTURE_THRESHOLD,
  recaptureOf,
  SAME_IMAGE_THRESHOLD,
  SELFIE_MEASUREMENT,
  selfieDescriptor,
} from "@/lib/verification/methods/face/match-faces";
import { distinctFaces, judgeMeasurements } from "@/lib/verification/methods/face/quality-gates";
import { RetakeRequired } from "@/lib/verification/methods/types";
import { argValue, liftFaceEstimationLimits, median, readJsonLines, wilson } from "./eval-support";
import { holdCardUpToCamera, printPortraitOnCard, type PrintOptions } from "./print-portrait";

liftFaceEstimationLimits();
const imagesDir = argValue("--images");
const cacheFile = argValue("--measurements") ? path.resolve(argValue("--measurements")!) : null;
const peoplePerSplit = Number(argValue("--people") ?? 300);
/**
 * --held-out-skip K: the held-out split starts after its first K people in SHA-256 order (those a
 * previous report already used), so that it plays no role in any choice made since.
 */
const heldOutSkip = Number(argValue("--held-out-skip") ?? 0);
/**
 * --documents-reported K: the first K generated portraits were measured in a previous report; they
 * all join the tuning split, so that the held-out split's generated documents are new.
 */
const documentsReported = Number(argValue("--documents-reported") ?? 0);
/** --held-out-people N: the held-out split's size when it differs from the tuning split's (--people). */
const heldOutPeople = Number(argValue("--held-out-people") ?? peoplePerSplit);
/** --no-age: the selfies' apparent age is not measured (the figures by age band are then empty). */
const measureAge = !process.argv.includes("--no-age");
const generatedDocuments = Number(argValue("--documents") ?? 0);
/** --labelled N: N of UTKFace's labelled photos (eval/face-age-exact), for false matches by labelled sex, ethnicity and age. */
const labelledPhotos = Number(argValue("--labelled") ?? 0);
/** The descriptor measured: FACE_MATCH_MODEL's unless --model names one. */
const matchModel = FaceMatchModelSchema.parse(argValue("--model") ?? env().FACE_MATCH_MODEL);
if (!imagesDir && !process.argv.includes("--report-only")) {
  console.error("usage: npm run eval:face-match -- --images DIR [--people N] [--measurements FILE] [--report-only]");
  process.exit(2);
}

type Split = "tuning" | "held-out";
type Person = {
  name: string;
  split: Split;
  document: string;
  selfie: string;
  print: PrintOptions;
  /** The same card held up close to the selfie camera: the same print, a capture of its own. */
  heldUp: PrintOptions;
};
/**
 * One photo: `verdict` is what the product would do with it (selfie: "ok", "spoof", "retake: ..."
 * or "no descriptor"; document: "ok" or "no face"); `descriptor` is the descriptor it would
 * compare (null unless "ok"), and `anyDescriptor` the largest face's descriptor whatever the gates said.
 */
type Measured = {
  name: string;
  split: Split;
  /** held_up: the document held up to the selfie camera, measured as a selfie. */
  side: "document" | "selfie" | "held_up";
  /**
   * "generated": a document of eval/id-document (no selfie of the person); "utkface": a labelled
   * UTKFace photo of eval/face-age-exact (one photo a person: impostor pairs only); absent: LFW.
   */
  source?: "generated" | "utkface";
  file: string;
  verdict: string;
  descriptor: number[] | null;
  anyDescriptor: number[] | null;
  /** The largest face aligned, in grey (MobileFaceNet only): the same-image check's pixel comparison. */
  aligned?: number[] | null;
  /** The document's print (scripts/print-portrait.ts). */
  print?: PrintOptions;
  /** The selfie's apparent age (the shipped age models), for the figures by age band; null when none. */
  age?: number | null;
  ms: number;
};

const sha = (text: string) => createHash("sha256").update(text).digest("hex");
/** A number in [0, 1) from the hash of a text: the same person always gets the same print. */
const unit = (text: string) => parseInt(sha(text).slice(0, 8), 16) / 2 ** 32;

/** A document's print, drawn from the hash of the person's name (the same person, the same print). */
const printFor = (name: string): PrintOptions => ({
  portraitWidth: 90 + Math.round(60 * unit(`size:${name}`)),
  grey: unit(`grey:${name}`) < 0.5,
  blur: 0.5 + 0.6 * unit(`blur:${name}`),
  jpegQuality: 60 + Math.round(25 * unit(`jpeg:${name}`)),
});

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
      print: printFor(name),
      heldUp: {
        portraitWidth: 200 + Math.round(100 * unit(`held size:${name}`)),
        grey: unit(`grey:${name}`) < 0.5,
        blur: 0.4 + 0.8 * unit(`held blur:${name}`),
        jpegQuality: 70 + Math.round(22 * unit(`held jpeg:${name}`)),
      },
    });
  }
  const bySplit = (split: Split) =>
    people
      .filter((p) => p.split === split)
      .sort((a, b) => sha(a.name).localeCompare(sha(b.name)))
      .slice(
        split === "held-out" ? heldOutSkip : 0,
        split === "held-out" ? heldOutSkip + heldOutPeople : peoplePerSplit,
      );
  return [...bySplit("tuning"), ...bySplit("held-out")];
}

const readCache = () => readJsonLines<Measured>(cacheFile);

/** The measured verdict of a photo taken as a selfie, and the descriptor the product would compare. */
function judgeSelfie(measurements: Awaited<ReturnType<ReturnType<typeof createFaceEstimator>["measure"]>>) {
  try {
    const selfie = selfieDescriptor(measurements);
    if (selfie.face === null) return { verdict: "no descriptor", descriptor: null };
    return selfie.live ? { verdict: "ok", descriptor: selfie.face.descriptor } : { verdict: "spoof", descriptor: null };
  } catch (error) {
    if (!(error instanceof RetakeRequired)) throw error;
    const analysis = judgeMeasurements(measurements);
    return { verdict: `retake: ${analysis.kind === "retake" ? analysis.reason : "?"}`, descriptor: null };
  }
}

type Photo = {
  name: string;
  split: Split;
  side: Measured["side"];
  file: string;
  source?: Measured["source"];
  print?: PrintOptions;
};

/**
 * Generated documents: the first N FairFace portraits in SHA-256 order, each on two documents (two
 * of TD1, TD2 and TD3, each photographed with its own distortion and held up close-up with another),
 * so that each split has enough same-image pairs (two a face: they are not independent).
 */
function generatedPhotos(): { photo: Photo; bytes: () => Promise<Uint8Array> }[] {
  const files = readdirSync(PORTRAITS_DIR)
    .filter((f) => f.endsWith(".jpg"))
    .sort((a, b) => sha(a).localeCompare(sha(b)))
    .slice(0, generatedDocuments);
  // --documents-from K: start at the K-th portrait (a second measuring process takes a later part).
  const from = Number(argValue("--documents-from") ?? 0);
  // --documents-split S: only the documents of that split (to fill the held-out split first).
  const onlySplit = argValue("--documents-split");
  return files.flatMap((file, rank) =>
    rank < from
      ? []
      : [0, 1].flatMap((copy) => {
          const name = `generated:${file}${copy === 0 ? "" : "#2"}`;
          const split: Split =
            rank < documentsReported || parseInt(sha(`split:generated:${file}`).slice(0, 8), 16) % 2 === 0
              ? "tuning"
              : "held-out";
          const i = 2 * rank + copy;
          const format = (["TD1", "TD2", "TD3"] as const)[i % 3];
          // Rendered once for both captures (the slowest step), when first needed.
          let rendered: Promise<Buffer> | undefined;
          const render = () =>
            (rendered ??= renderIcaoDocument(
              {
                format,
                issuer: "NLD",
                nationality: "NLD",
                surname: "SPECIMEN",
                givenNames: "SAME IMAGE",
                documentNumber: "XR4821937",
                birthDate: "030310",
                sex: "F",
                expiryDate: "310802",
              },
              file,
            ));
          // Each capture its own distortion (the document's never the close-up's), every close-up
          // distortion equally often, and seeds no earlier report used.
          const closeUpDistortion = DISTORTIONS[i % DISTORTIONS.length];
          const documentDistortion = DISTORTIONS[(i + 1 + (rank % (DISTORTIONS.length - 1))) % DISTORTIONS.length];
          const seed = 1000 + 2 * i;
          if (onlySplit && split !== onlySplit) return [];
          const base = { name, split, source: "generated" as const };
          return [
            {
              photo: { ...base, side: "document" as const, file: `${format} ${documentDistortion}` },
              bytes: async () => new Uint8Array(await photograph(await render(), documentDistortion, seed)),
            },
            {
              photo: { ...base, side: "held_up" as const, file: `${format} close-up ${closeUpDistortion}` },
              bytes: async () =>
                new Uint8Array(
                  await photographCloseUp(await render(), icaoPortraitBox(format), closeUpDistortion, seed + 1),
                ),
            },
          ];
        }),
  );
}

function lfwPhotos(): { photo: Photo; bytes: () => Promise<Uint8Array> }[] {
  return selectPeople().flatMap((person) => {
    const read = (file: string) => new Uint8Array(readFileSync(path.join(imagesDir!, person.name, file)));
    const base = { name: person.name, split: person.split };
    return [
      {
        photo: { ...base, side: "document" as const, file: person.document, print: person.print },
        bytes: () => printPortraitOnCard(read(person.document), person.print),
      },
      { photo: { ...base, side: "selfie" as const, file: person.selfie }, bytes: async () => read(person.selfie) },
      {
        photo: { ...base, side: "held_up" as const, file: person.document },
        bytes: () => holdCardUpToCamera(read(person.document), person.heldUp),
      },
    ];
  });
}

const LABELLED_DIR = path.join(PORTRAITS_DIR, "..", "..", "face-age-exact");
/** UTKFace's labels (eval/face-age-exact/labels.csv: file, age, gender, race, ...), by photo name. */
const utkLabels = new Map(
  readFileSync(path.join(LABELLED_DIR, "labels.csv"), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((row) => row.split(","))
    .map(([file, age, gender, race]) => [`utkface:${file}`, { age: Number(age), gender, race }]),
);

/**
 * The first N labelled photos in SHA-256 order of their names, each printed on a card (the
 * document) and as it is (the selfie): different people only.
 */
function labelledPhotoPairs(): { photo: Photo; bytes: () => Promise<Uint8Array> }[] {
  const names = [...utkLabels.keys()].sort((a, b) => sha(a).localeCompare(sha(b))).slice(0, labelledPhotos);
  return names.flatMap((name) => {
    const file = name.slice("utkface:".length);
    const read = () => new Uint8Array(readFileSync(path.join(LABELLED_DIR, "images", file)));
    const base = { name, split: "held-out" as const, source: "utkface" as const, file };
    return [
      {
        photo: { ...base, side: "document" as const, print: printFor(name) },
        bytes: () => printPortraitOnCard(read(), printFor(name)),
      },
      { photo: { ...base, side: "selfie" as const }, bytes: async () => read() },
    ];
  });
}

async function measureAll(done: Set<string>): Promise<Measured[]> {
  const estimator = createFaceEstimator(SHIPPED_AGE_MODELS, { lowPriority: false, matchModel });
  const out: Measured[] = [];
  let count = 0;
  for (const { photo, bytes: make } of [...lfwPhotos(), ...generatedPhotos(), ...labelledPhotoPairs()]) {
    if (done.has(`${photo.side}:${photo.name}`)) continue;
    const bytes = await make();
    const started = performance.now();
    const measurements = await estimator.measure(
      bytes,
      false,
      photo.side === "document" ? DOCUMENT_MEASUREMENT : SELFIE_MEASUREMENT,
    );
    const ms = performance.now() - started;
    // The apparent age, measured apart so that `ms` stays the face match's own cost.
    const age =
      measureAge && photo.side === "selfie" && !photo.source && photo.split === "held-out"
        ? await estimator
            .measure(bytes, true)
            .then((m) => (m.readable ? (distinctFaces(m.faces)[0]?.age ?? null) : null))
        : undefined;
    let verdict = "ok";
    let descriptor: number[] | null = null;
    if (photo.side === "document") {
      descriptor = documentDescriptor(measurements)?.descriptor ?? null;
      if (!descriptor) verdict = "no face";
    } else ({ verdict, descriptor } = judgeSelfie(measurements));
    const largest = measurements.readable ? distinctFaces(measurements.faces)[0] : undefined;
    const row: Measured = {
      ...photo,
      verdict,
      descriptor,
      anyDescriptor: largest?.descriptor ?? null,
      aligned: largest?.aligned ?? null,
      age,
      ms,
    };
    out.push(row);
    if (cacheFile) appendFileSync(cacheFile, `${JSON.stringify(row)}\n`);
    if (++count % 50 === 0) console.error(`${count} photos measured`);
  }
  estimator.stop();
  return out;
}

if (!process.argv.includes("--report-only")) {
  await measureAll(new Set(readCache().map((r) => `${r.side}:${r.name}`)));
}
const measuredAll: Measured[] = cacheFile ? readCache() : await measureAll(new Set());
/** LFW's documents and selfies: the face match's own measurement. */
/** The LFW people this run selects (--people N a split; a cache may hold more from a larger run). */
const selected = imagesDir ? new Set(selectPeople().map((p) => p.name)) : null;
const measuredEverything = measuredAll.filter((m) => m.source || !selected || selected.has(m.name));
const measured = measuredEverything.filter((m) => !m.source && m.side !== "held_up");

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

/** The lowest threshold (on a `step` grid) whose false-match rate on `scores` is at most `target`. */
function thresholdAtFmr(scores: Scores, target: number, step = 0.01): number {
  const grid = Math.round(1 / step);
  for (let i = 0; i <= grid; i++) if (fmr(scores, i / grid) <= target * scores.impostor.length) return i / grid;
  return 1;
}

/**
 * The rule for MATCH_THRESHOLD: the lowest threshold (on a 0.01 grid) whose false-match rate on the
 * tuning split is at most half the 1% target: the other half is the margin for faces the choice
 * never saw.
 */
const chooseThreshold = (tuning: Scores) => thresholdAtFmr(tuning, 0.005);

const modelName = { mobilefacenet: "MobileFaceNet (faults mended, aligned)", faceres: "FaceRes" }[matchModel];
const shippedMatch = MATCH_THRESHOLD[matchModel];
const shippedSame = SAME_IMAGE_THRESHOLD[matchModel];
const out: string[] = [];
const line = (s = "") => out.push(s);
const gated = (m: Measured) => m.descriptor;
const ungated = (m: Measured) => m.anyDescriptor;
const tuning = scoresOf("tuning", gated);
const heldOut = scoresOf("held-out", gated);
const chosen = chooseThreshold(tuning);
// Thresholds at a fixed false-match rate, each read on the tuning split (a finer grid: at 0.1% a
// hundredth moves the rate by more than the target).
const atFmr = [0.01, 0.001].map((target) => ({ target, threshold: thresholdAtFmr(tuning, target, 0.001) }));
const pct = (target: number) => `${(100 * target).toFixed(1)}%`;

const people = (split: Split) => new Set(measured.filter((m) => m.split === split).map((m) => m.name)).size;
line(
  `Descriptor: ${modelName}. Data: ${people("tuning")} people in the tuning split, ${people("held-out")} held out (LFW, eval/face-match/SOURCES.md), ${new Date().toISOString().slice(0, 10)}; median ${median(measured.map((m) => m.ms)).toFixed(0)} ms per photo (the whole measurement: decoding, detection, mesh, gates' models and descriptor; shared machine: timings disturbed).`,
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
  `Threshold chosen on the tuning split (lowest with a false-match rate at most 0.5%): **${chosen.toFixed(2)}**; shipped (MATCH_THRESHOLD.${matchModel} in match-faces.ts): **${shippedMatch.toFixed(2)}**.`,
);
line();
line("### At a fixed false-match rate");
line();
line(
  "Each threshold read on the tuning split (the lowest, on a 0.001 grid, at which at most that share of its impostor pairs match), then applied once to the held-out split.",
);
line();
line("| False-match rate (tuning) | Threshold | Held-out FMR | Held-out FNMR |");
line("|---|---:|---:|---:|");
for (const { target, threshold } of [...atFmr, { target: 0.005, threshold: shippedMatch }]) {
  const label = target === 0.005 ? "0.5% (the operating point, shipped)" : pct(target);
  line(
    `| ${label} | ${threshold.toFixed(3)} | ${rate(fmr(heldOut, threshold), heldOut.impostor.length)} | ${rate(fnmr(heldOut, threshold), heldOut.genuine.length)} |`,
  );
}
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
  const t = Math.round((shippedMatch + step * 0.02) * 100) / 100;
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
  `Every held-out pair with a face found on both sides (${all.genuine.length} genuine, ${all.impostor.length} impostor), at the shipped threshold: FMR ${rate(fmr(all, shippedMatch), all.impostor.length)}, FNMR ${rate(fnmr(all, shippedMatch), all.genuine.length)}.`,
);

/** Held-out FNMR (and, with impostors, FMR at the shipped threshold) for the people `keep` picks. */
function groupTable(title: string, groups: [string, (m: Measured) => boolean][], impostors: boolean) {
  line();
  line(`### ${title}`);
  line();
  const fmrColumn = impostors ? " FMR at the shipped threshold |" : "";
  line(
    `| Group | Genuine pairs | FNMR at the shipped threshold | FNMR at FMR ${pct(atFmr[0].target)} | FNMR at FMR ${pct(atFmr[1].target)} |${fmrColumn}`,
  );
  line(`|---|---:|---:|---:|---:|${impostors ? "---:|" : ""}`);
  for (const [label, keep] of groups) {
    const names = new Set(measured.filter(keep).map((m) => m.name));
    // Genuine pairs of the group's people; impostor pairs: any document against the group's selfies.
    const s = scoresOf("held-out", (m) => (m.side === "document" || names.has(m.name) ? m.descriptor : null));
    const cells = [shippedMatch, ...atFmr.map((a) => a.threshold)].map((t) => rate(fnmr(s, t), s.genuine.length));
    const extra = impostors ? ` ${rate(fmr(s, shippedMatch), s.impostor.length)} |` : "";
    line(`| ${label} | ${s.genuine.length} | ${cells.join(" | ")} |${extra}`);
  }
}

const printOf = new Map(measured.filter((m) => m.print).map((m) => [m.name, m.print!]));
const byPrint = (keep: (p: PrintOptions) => boolean) => (m: Measured) => {
  const print = printOf.get(m.name);
  return print !== undefined && keep(print);
};
groupTable(
  "Held-out by print",
  [
    ["grey (laser-engraved)", byPrint((p) => p.grey)],
    ["colour", byPrint((p) => !p.grey)],
    ["portrait 90-104 px wide", byPrint((p) => p.portraitWidth < 105)],
    ["portrait 105-119 px wide", byPrint((p) => p.portraitWidth >= 105 && p.portraitWidth < 120)],
    ["portrait 120-134 px wide", byPrint((p) => p.portraitWidth >= 120 && p.portraitWidth < 135)],
    ["portrait 135-150 px wide", byPrint((p) => p.portraitWidth >= 135)],
  ],
  false,
);

const ageOf = new Map(measured.filter((m) => m.side === "selfie").map((m) => [m.name, m.age ?? null]));
const byAge = (low: number, high: number) => (m: Measured) => {
  const age = ageOf.get(m.name);
  return age !== null && age !== undefined && age >= low && age < high;
};
groupTable(
  "Held-out by apparent age band (the selfie's age as the shipped age models estimate it; LFW has no ages)",
  [
    ["under 25", byAge(0, 25)],
    ["25-34", byAge(25, 35)],
    ["35-49", byAge(35, 50)],
    ["50-64", byAge(50, 65)],
    ["65 and over", byAge(65, 200)],
    ["no age estimated", (m) => ageOf.get(m.name) === null],
  ],
  true,
);

labelledReport();
sameImageReport();

console.log(out.join("\n"));
process.exit(0);

/**
 * False matches among UTKFace's labelled photos (--labelled N; eval/face-age-exact/SOURCES.md,
 * evaluation only): one photo a person, so impostor pairs only (each printed document against
 * every other person's photo as the selfie), by the labelled sex, ethnicity or age band that both
 * people share: a stranger who looks alike is the likelier impostor. LFW has none of these labels.
 */
function labelledReport() {
  const rows = measuredEverything.filter((m) => m.source === "utkface");
  if (rows.length === 0) return;
  const documents = rows.filter((m) => m.side === "document" && m.descriptor);
  const selfies = rows.filter((m) => m.side === "selfie" && m.descriptor);
  const label = (m: Measured) => utkLabels.get(m.name)!;
  type Pick = (l: { age: number; gender: string; race: string }) => boolean;
  const both = (pick: Pick) => (d: Measured, s: Measured) => pick(label(d)) && pick(label(s));
  line();
  line("### False matches by labelled sex, ethnicity and age (UTKFace, impostor pairs only)");
  line();
  line(
    `${rows.length / 2} UTKFace photos (eval/face-age-exact/SOURCES.md; labels as the source gives them), each printed as a document and used as it is as the selfie; compared: ${documents.length} documents, ${selfies.length} selfies past the gates. One photo a person: false non-matches cannot be measured on them.`,
  );
  line();
  line(
    `| Both people | Impostor pairs | FMR at the shipped threshold | FMR at the FMR ${pct(atFmr[0].target)} threshold | FMR at the FMR ${pct(atFmr[1].target)} threshold |`,
  );
  line("|---|---:|---:|---:|---:|");
  const groups: [string, Pick][] = [
    ["anyone", () => true],
    ["female", (l) => l.gender === "female"],
    ["male", (l) => l.gender === "male"],
    ...["white", "black", "asian", "indian", "others"].map(
      (race) => [`labelled ${race}`, (l) => l.race === race] as [string, Pick],
    ),
    ["aged 5-12", (l) => l.age <= 12],
    ["aged 13-17", (l) => l.age >= 13 && l.age <= 17],
    ["aged 18-24", (l) => l.age >= 18 && l.age <= 24],
    ["aged 25-39", (l) => l.age >= 25 && l.age <= 39],
    ["aged 40 and over", (l) => l.age >= 40],
  ];
  for (const [name, pick] of groups) {
    const keep = both(pick);
    const scores = documents.flatMap((d) =>
      selfies
        .filter((s) => s.name !== d.name && keep(d, s))
        .map((s) => descriptorSimilarity(d.descriptor!, s.descriptor!)),
    );
    const count = (t: number) => scores.filter((x) => x >= t).length;
    const cells = [shippedMatch, ...atFmr.map((a) => a.threshold)].map((t) => rate(count(t), scores.length));
    line(`| ${name} | ${scores.length} | ${cells.join(" | ")} |`);
  }
}

/**
 * The document held up as the selfie: a document's portrait against its own print held up to the
 * selfie camera (same image) and against a different photo of the same person (genuine), each
 * selfie past the quality gates whatever the spoof gate said, as the product compares them
 * (match-faces.ts: the same-image check comes before the spoof verdict). Two signals: the
 * descriptors' cosine similarity (SAME_IMAGE_THRESHOLD) and the aligned faces' pixel-level
 * similarity (RECAPTURE_THRESHOLD, recapture.ts); either refuses.
 */
function sameImageReport() {
  const everything = measuredEverything.filter((m) => m.source !== "utkface");
  const pastQualityGates = (m: Measured) => (m.verdict === "ok" || m.verdict === "spoof" ? m.anyDescriptor : null);
  const documents = new Map(everything.filter((m) => m.side === "document" && m.descriptor).map((m) => [m.name, m]));
  type Pair = {
    split: Split;
    similarity: number;
    /** The pixel-level similarity; null without both aligned faces. */
    recapture: number | null;
    source: "lfw" | "generated";
    live: boolean;
    file: string;
  };
  const pairs = (side: "selfie" | "held_up"): Pair[] =>
    everything.flatMap((m) => {
      const document = documents.get(m.name);
      const descriptor = pastQualityGates(m);
      if (m.side !== side || !document || !descriptor) return [];
      return [
        {
          split: m.split,
          similarity: descriptorSimilarity(document.descriptor!, descriptor),
          recapture: recaptureOf(
            { descriptor: document.descriptor!, aligned: document.aligned ?? null },
            { descriptor, aligned: m.aligned ?? null },
          ),
          source: m.source === "generated" ? ("generated" as const) : ("lfw" as const),
          live: m.verdict === "ok",
          file: m.file,
        },
      ];
    });
  const genuine = pairs("selfie");
  const same = pairs("held_up");
  const descriptorOnly = (p: Pair, t: number) => p.similarity >= t;
  const combined = (p: Pair, t: number) => p.similarity >= shippedSame || (p.recapture !== null && p.recapture >= t);
  const shippedRule = (p: Pair) => isSameImage(p.similarity, p.recapture, matchModel);
  type Rule = (p: Pair) => boolean;
  const refused = (set: Pair[], rule: Rule) => set.filter(rule).length;
  const missed = (set: Pair[], rule: Rule) => set.filter((p) => !rule(p)).length;
  const of = (set: Pair[], split: Split) => set.filter((p) => p.split === split);
  const grid = Array.from({ length: 101 }, (_, i) => i / 100);
  // The rule, fixed before the held-out split was looked at: the threshold with the fewest errors
  // on the tuning split (genuine pairs refused plus same-image pairs let through, as rates); when
  // a range of thresholds ties (the two sets do not overlap there), the middle of that range.
  const choose = (rule: (p: Pair, t: number) => boolean) => {
    const cost = (t: number) =>
      refused(of(genuine, "tuning"), (p) => rule(p, t)) / of(genuine, "tuning").length +
      missed(of(same, "tuning"), (p) => rule(p, t)) / of(same, "tuning").length;
    const best = Math.min(...grid.map(cost));
    const tied = grid.filter((t) => cost(t) === best);
    return { chosen: Math.round(((tied[0] + tied[tied.length - 1]) / 2) * 100) / 100, tied };
  };
  const sameChoice = choose(descriptorOnly);
  const recaptureChoice = choose(combined);

  line();
  line("### The document held up as the selfie");
  line();
  line(
    `Same-image pairs: each document's portrait against its own print held up to the selfie camera (LFW: ${same.filter((p) => p.source === "lfw").length} pairs; generated documents: ${same.filter((p) => p.source === "generated").length}); genuine pairs: against a different photo of the same person (${genuine.length}). Both selfie sides past the quality gates, whatever the spoof gate said.`,
  );
  line();
  line("What the selfie gates did with the held-up documents (does the spoof gate already refuse them?):");
  line();
  line("| Held-up document | Split | Frames | Passed every gate | Spoof gate refused | Quality gates refused |");
  line("|---|---|---:|---:|---:|---|");
  for (const [label, source] of [
    ["LFW print", undefined],
    ["generated document", "generated"],
  ] as const) {
    for (const split of ["tuning", "held-out"] as const) {
      const rows = everything.filter((m) => m.side === "held_up" && m.source === source && m.split === split);
      const retakes = new Map<string, number>();
      for (const r of rows)
        if (r.verdict.startsWith("retake")) retakes.set(r.verdict, (retakes.get(r.verdict) ?? 0) + 1);
      line(
        `| ${label} | ${split} | ${rows.length} | ${rows.filter((r) => r.verdict === "ok").length} | ${rows.filter((r) => r.verdict === "spoof").length} | ${[...retakes].map(([k, v]) => `${k.replace("retake: ", "")} ${v}`).join(", ") || "none"} |`,
      );
    }
  }
  line();
  const describe = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(3) ?? "n/a";
    return `min ${at(0)}, p1 ${at(0.01)}, p5 ${at(0.05)}, median ${at(0.5)}, p95 ${at(0.95)}, p99 ${at(0.99)}, max ${at(1)}`;
  };
  const sets: [string, Pair[]][] = [
    ["genuine (different photo)", genuine],
    ["same image (LFW print)", same.filter((p) => p.source === "lfw")],
    ["same image (generated document)", same.filter((p) => p.source === "generated")],
  ];
  for (const [title, value] of [
    ["Descriptor similarity", (p: Pair) => p.similarity],
    ["Pixel-level similarity of the aligned faces (recapture.ts)", (p: Pair) => p.recapture ?? 0],
  ] as const) {
    line(`| ${title} | Tuning | Held-out |`);
    line("|---|---|---|");
    for (const [label, set] of sets) {
      line(`| ${label} | ${describe(of(set, "tuning").map(value))} | ${describe(of(set, "held-out").map(value))} |`);
    }
    line();
  }
  line(
    `Thresholds chosen on the tuning split (fewest errors: genuine refused plus same image let through, as rates; the middle of a tie): the descriptor alone **${sameChoice.chosen.toFixed(2)}** (tied from ${sameChoice.tied[0].toFixed(2)} to ${sameChoice.tied[sameChoice.tied.length - 1].toFixed(2)}; shipped SAME_IMAGE_THRESHOLD.${matchModel}: **${shippedSame.toFixed(2)}**); the pixel-level similarity, with the descriptor's at ${shippedSame.toFixed(2)} beside it, **${recaptureChoice.chosen.toFixed(2)}** (tied from ${recaptureChoice.tied[0].toFixed(2)} to ${recaptureChoice.tied[recaptureChoice.tied.length - 1].toFixed(2)}; shipped RECAPTURE_THRESHOLD: **${RECAPTURE_THRESHOLD.toFixed(2)}**).`,
  );
  line();
  line("| Check | Split | Genuine refused | Same image let through (LFW print) | Same image let through (generated) |");
  line("|---|---|---:|---:|---:|");
  for (const [label, rule] of [
    [`descriptor alone at ${shippedSame.toFixed(2)} (before)`, (p: Pair) => descriptorOnly(p, shippedSame)],
    [`descriptor or pixels at ${RECAPTURE_THRESHOLD.toFixed(2)} (shipped)`, shippedRule],
  ] as const) {
    for (const split of ["tuning", "held-out"] as const) {
      const sameOf = (source: Pair["source"]) => of(same, split).filter((p) => p.source === source);
      line(
        `| ${label} | ${split} | ${rate(refused(of(genuine, split), rule), of(genuine, split).length)} | ${rate(missed(sameOf("lfw"), rule), sameOf("lfw").length)} | ${rate(missed(sameOf("generated"), rule), sameOf("generated").length)} |`,
      );
    }
  }
  line();
  line("| Generated close-up | Split | Pairs | Let through (descriptor alone) | Let through (shipped, both signals) |");
  line("|---|---|---:|---:|---:|");
  for (const split of ["tuning", "held-out"] as const) {
    for (const distortion of DISTORTIONS) {
      const set = of(same, split).filter((p) => p.source === "generated" && p.file.endsWith(`close-up ${distortion}`));
      line(
        `| ${distortion} | ${split} | ${set.length} | ${rate(
          missed(set, (p) => descriptorOnly(p, shippedSame)),
          set.length,
        )} | ${rate(missed(set, shippedRule), set.length)} |`,
      );
    }
  }
  line();
  // What got through both the spoof gate and the check, and would have matched: the attack's real success.
  const through = (set: Pair[], rule: Rule) =>
    set.filter((p) => p.live && !rule(p) && p.similarity >= shippedMatch).length;
  line(
    "Held-up documents that pass the spoof gate, are not refused as the same image and would match (the attack succeeding):",
  );
  line();
  line("| Split | Held-up documents | Descriptor alone (before) | Shipped (both signals) |");
  line("|---|---:|---:|---:|");
  for (const split of ["tuning", "held-out"] as const) {
    for (const [label, set] of [
      ["all", of(same, split)],
      ["LFW print", of(same, split).filter((p) => p.source === "lfw")],
      ["generated", of(same, split).filter((p) => p.source === "generated")],
    ] as const) {
      line(
        `| ${split}, ${label} | ${set.length} | ${rate(
          through(set, (p) => descriptorOnly(p, shippedSame)),
          set.length,
        )} | ${rate(through(set, shippedRule), set.length)} |`,
      );
    }
  }
  line();
  // The false-non-match rate with the same-image check included: a genuine pair it refuses is a
  // genuine user sent back, like a non-match.
  line("At the operating point, the same-image check included (genuine pairs past every selfie gate):");
  line();
  line(
    "| Split | Genuine pairs | Not matched (below MATCH_THRESHOLD) | Refused as the same image | FNMR, both together |",
  );
  line("|---|---:|---:|---:|---:|");
  for (const split of ["tuning", "held-out"] as const) {
    const set = of(genuine, split).filter((p) => p.live);
    const below = set.filter((p) => p.similarity < shippedMatch).length;
    const sameRefused = set.filter((p) => p.similarity >= shippedMatch && shippedRule(p)).length;
    line(`| ${split} | ${set.length} | ${below} | ${sameRefused} | ${rate(below + sameRefused, set.length)} |`);
  }
}
