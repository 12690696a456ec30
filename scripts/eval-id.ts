// npm run eval:id [-- --sets generated,camera,real,forgeries] [--per-format N] [--rows FILE]
// [--report-only] [--only-variants a,b] [--only-formats TD1,AAMVA] [--held-out]: scores the
// built-in document reader, each set reported on its own with 95% Wilson intervals:
// - generated: made-up ICAO 9303 TD1, TD2 and TD3 documents in OCR-B and AAMVA cards with a PDF417
//   (eval/id-document, see its SOURCES.md), each photographed clean and with perspective, blur,
//   glare, low light and JPEG compression, plus each ICAO document with a tampered birth date;
// - camera: the same documents as camera-like photos (photograph.ts cameraPhoto: 90/180/270
//   degree turns, tilt up to 30 degrees, a hand, noise and JPEG, moire, dim light), on a desk;
// - real: the tuning half of eval/id-document-real (specimens nobody here made; SOURCES.md);
// - forgeries: typed zones and bwip-js AAMVA barcodes on plain paper beside a portrait, real
//   specimens' zones pasted onto another layout, and card backs whose front disagrees;
// - held_out (only with --held-out, and then alone): the real set's held-out half, to be run ONCE.
// Counts: read with the right birth date, wrong birth date accepted (must be 0), no reading (by
// retake reason), documents that must be refused and were, and time per photo. Not a test.
// --rows FILE keeps one JSON line per photo scored (no image, no date: the outcome and the time)
// and a rerun scores only the photos missing from it, so a long run can be stopped and resumed;
// --report-only reports the file. The --only-* options score a subset (to try a change quickly).
import { appendFileSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { SpecimenData } from "@/eval/id-document/make-mrz";
import { CAMERA_SCENES, cameraPhoto, DISTORTIONS, photograph } from "@/eval/id-document/photograph";
import {
  PORTRAITS_DIR,
  pasteZone,
  renderAamvaCard,
  renderIcaoDocument,
  renderPaperForgery,
  type AamvaData,
} from "@/eval/id-document/render-document";
import { loadRealSet, readRealImage } from "@/eval/id-document-real/real-set";
import { createDocumentReader } from "@/lib/verification/methods/id-document/read-document";
import { ProviderError } from "@/lib/verification/methods/types";
import { argValue, percentWithInterval, readJsonLines } from "./eval-support";

process.env.ID_DOCUMENT_READ_BUDGET_MS ??= "120000";
const perFormat = Number(argValue("--per-format") ?? 5);
const rowsFile = argValue("--rows") ? path.resolve(argValue("--rows")!) : null;
const onlyVariants = argValue("--only-variants")?.split(",");
const onlyFormats = argValue("--only-formats")?.split(",");
const SET_NAMES = ["generated", "camera", "real", "forgeries", "held_out"] as const;
type SetName = (typeof SET_NAMES)[number];
const heldOut = process.argv.includes("--held-out");
// The held-out half is scored alone and on purpose, never as part of a default run.
const sets: SetName[] = heldOut
  ? ["held_out"]
  : ((argValue("--sets")?.split(",") ?? ["generated", "camera", "real", "forgeries"]) as SetName[]);
if (sets.some((name) => !SET_NAMES.includes(name) || (name === "held_out" && !heldOut))) {
  throw new Error(`--sets takes ${SET_NAMES.slice(0, 4).join(", ")}; the held-out half needs --held-out`);
}
if (heldOut) {
  process.stderr.write(
    "WARNING: scoring the HELD-OUT half of eval/id-document-real. Run this ONCE, after every choice is made; a second run after a change makes it a tuning set.\n",
  );
}

// A seeded generator, so every run scores the same documents.
let state = 20_260_528;
const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join("");
const SURNAMES = ["DE BRUIJN", "OKONKWO", "LINDQVIST", "NAKAMURA", "GARCIA LOPEZ", "MOREAU", "KOWALSKI", "ODHIAMBO"];
const GIVEN = ["ANNA MARIA", "JONAS", "AMARA", "HIROSHI", "LUCIA", "TOMASZ", "NIAMH", "KWAME"];
const ISSUERS = ["NLD", "FRA", "DEU", "SWE", "POL", "KEN", "JPN", "ESP"];
const LETTERS = "ABCDEFGHJKLMNPRTUVWXY";
const portraits = readdirSync(PORTRAITS_DIR).filter((f) => f.endsWith(".jpg"));

function yymmdd(year: number) {
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  return {
    yymmdd: `${String(year % 100).padStart(2, "0")}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}`,
    iso: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
    month,
    day,
    year,
  };
}
const mmddyyyy = (d: ReturnType<typeof yymmdd>) =>
  `${String(d.month).padStart(2, "0")}${String(d.day).padStart(2, "0")}${d.year}`;

function icaoData(format: SpecimenData["format"], birth: ReturnType<typeof yymmdd>): SpecimenData {
  const issuer = pick(ISSUERS);
  return {
    format,
    issuer,
    nationality: issuer,
    surname: pick(SURNAMES),
    givenNames: pick(GIVEN),
    documentNumber: `${pick([...LETTERS])}${pick([...LETTERS])}${digits(7)}`,
    birthDate: birth.yymmdd,
    sex: pick(["M", "F"] as const),
    expiryDate: yymmdd(2027 + Math.floor(random() * 9)).yymmdd,
  };
}

function aamvaData(birth: ReturnType<typeof yymmdd>): AamvaData {
  return {
    state: pick(["CA", "NY", "TX", "WA"]),
    iin: "636014",
    surname: pick(SURNAMES),
    givenNames: pick(GIVEN),
    licenceNumber: `D${digits(7)}`,
    birthDate: mmddyyyy(birth),
    expiryDate: mmddyyyy(yymmdd(2027 + Math.floor(random() * 9))),
  };
}

/**
 * One document to photograph: `accept` says whether a right reading accepts it (false for
 * tampered zones, forgeries and the real specimens a perfect reading refuses).
 */
type Subject = {
  set: SetName;
  name: string;
  format: string;
  document: () => Promise<Buffer>;
  /** The variants it is photographed in; "as_is" is the image itself (real documents). */
  variants: readonly string[];
  birthDate: string | null;
  accept: boolean;
  cameraPhoto?: boolean;
};

/** The generated documents, made in one seeded order whatever the sets chosen. */
async function generatedSubjects(): Promise<Subject[]> {
  const out: Subject[] = [];
  for (const format of ["TD1", "TD2", "TD3"] as const) {
    for (let i = 0; i < perFormat; i++) {
      const birth = yymmdd(1950 + Math.floor(random() * 58));
      const data = icaoData(format, birth);
      const face = pick(portraits);
      const genuine = () => renderIcaoDocument(data, face);
      out.push({
        set: "generated",
        name: `${format}-${i}`,
        format,
        document: genuine,
        variants: DISTORTIONS,
        birthDate: birth.iso,
        accept: true,
      });
      out.push({
        set: "generated",
        name: `${format}-${i}-tampered`,
        format,
        document: () => renderIcaoDocument(data, face, { tamper: true }),
        variants: ["clean"],
        birthDate: birth.iso,
        accept: false,
      });
      out.push({
        set: "camera",
        name: `${format}-${i}`,
        format,
        document: genuine,
        variants: CAMERA_SCENES,
        birthDate: birth.iso,
        accept: true,
        cameraPhoto: true,
      });
    }
  }
  for (let i = 0; i < perFormat; i++) {
    const birth = yymmdd(1950 + Math.floor(random() * 58));
    const data = aamvaData(birth);
    const face = pick(portraits);
    const back = async () => (await renderAamvaCard(data, face)).back;
    out.push({
      set: "generated",
      name: `AAMVA-${i}`,
      format: "AAMVA",
      document: back,
      variants: DISTORTIONS,
      birthDate: birth.iso,
      accept: true,
    });
    out.push({
      set: "camera",
      name: `AAMVA-${i}`,
      format: "AAMVA",
      document: back,
      variants: CAMERA_SCENES,
      birthDate: birth.iso,
      accept: true,
      cameraPhoto: true,
    });
  }
  return out;
}

/** The real set's tuning half (or, with --held-out, its held-out half), as uploaded. */
function realSubjects(set: "real" | "held_out"): Subject[] {
  const split = set === "real" ? "tuning" : "held_out";
  return loadRealSet()
    .filter((d) => d.split === split)
    .map((d) => ({
      set,
      name: d.id,
      format: d.zone,
      document: async () => {
        const bytes = readRealImage(d);
        if (!bytes) throw new MissingImage(`${d.file} (npm run eval:id-fetch-real)`);
        return bytes;
      },
      variants: ["as_is"],
      birthDate: d.birthDate,
      accept: d.perfectReadingAccepts,
      cameraPhoto: d.cameraPhoto,
    }));
}

class MissingImage extends Error {}

/**
 * At least 20 forgeries, each photographed clean and on a desk as a camera would (issue 46 item 4):
 * typed zones and generated barcodes on paper beside a portrait, tuning-half specimens' zones
 * pasted over a generated card of another kind, and AAMVA backs whose front says another date.
 */
function forgerySubjects(): Subject[] {
  const out: Subject[] = [];
  const forgery = (name: string, format: string, document: () => Promise<Buffer>, birthDate: string) =>
    out.push({ set: "forgeries", name, format, document, variants: ["clean", "tilt_30"], birthDate, accept: false });
  for (let i = 0; i < 6; i++) {
    const birth = yymmdd(2008 + Math.floor(random() * 3));
    const data = icaoData(i % 2 ? "TD1" : "TD3", birth);
    const face = pick(portraits);
    forgery(`paper-zone-${i}`, data.format, () => renderPaperForgery({ mrz: data }, face), birth.iso);
  }
  for (let i = 0; i < 6; i++) {
    const birth = yymmdd(1990 + Math.floor(random() * 10));
    const data = aamvaData(birth);
    const face = pick(portraits);
    forgery(`paper-barcode-${i}`, "AAMVA", () => renderPaperForgery({ aamva: data }, face), birth.iso);
  }
  // Tuning-half passports whose zone a perfect reading accepts, committed here (MIT).
  const donors = loadRealSet().filter(
    (d) =>
      d.split === "tuning" &&
      d.committed &&
      d.zone === "TD3" &&
      d.perfectReadingAccepts &&
      !d.cameraPhoto &&
      !d.rotation,
  );
  for (const [i, donor] of donors.slice(0, 6).entries()) {
    const data = icaoData("TD1", yymmdd(1950 + Math.floor(random() * 40)));
    const face = pick(portraits);
    forgery(
      `pasted-zone-${i}`,
      "TD3",
      async () => pasteZone(await renderIcaoDocument(data, face), readRealImage(donor)!, 0.3),
      donor.birthDate!,
    );
  }
  for (let i = 0; i < 4; i++) {
    const frontBirth = yymmdd(1980 + Math.floor(random() * 10));
    const backBirth = yymmdd(1990 + Math.floor(random() * 10));
    const front = aamvaData(frontBirth);
    const face = pick(portraits);
    // The back alone is what the reader sees: its barcode's date is the forger's.
    forgery(
      `front-back-disagree-${i}`,
      "AAMVA",
      async () => (await renderAamvaCard({ ...front, birthDate: mmddyyyy(backBirth) }, face)).back,
      backBirth.iso,
    );
  }
  return out;
}

function render(subject: Subject, variant: string, seed: number): Promise<Buffer> {
  return subject.document().then((document) => {
    if (variant === "as_is") return document;
    if ((CAMERA_SCENES as readonly string[]).includes(variant))
      return cameraPhoto(document, variant as (typeof CAMERA_SCENES)[number], seed);
    return photograph(document, variant as (typeof DISTORTIONS)[number], seed);
  });
}

/** One photo scored; `load` is the 1-minute load average when it was read. */
type Row = {
  set: SetName;
  name: string;
  format: string;
  variant: string;
  accept: boolean;
  read: boolean;
  exact: boolean;
  /** The retake reason when not read. */
  reason?: string;
  cameraPhoto?: boolean;
  ms: number;
  load: number;
};

const key = (r: { set: string; name: string; variant: string }) => `${r.set} ${r.name} ${r.variant}`;
const rows: Row[] = readJsonLines<Row>(rowsFile).filter((r) => sets.includes(r.set));
const done = new Set(rows.map(key));
const generated = await generatedSubjects();
const subjects = [
  ...generated.filter((s) => sets.includes(s.set)),
  ...(sets.includes("real") ? realSubjects("real") : []),
  ...(sets.includes("forgeries") ? forgerySubjects() : []),
  ...(sets.includes("held_out") ? realSubjects("held_out") : []),
];
const missing: string[] = [];
if (!process.argv.includes("--report-only")) {
  const reader = createDocumentReader({ lowPriority: false });
  // Round-robin over the documents' indices (the i-th TD1, TD2, TD3 and AAMVA document, then the
  // next), so a run stopped part-way has scored every format, not only the first.
  const indexOf = (s: Subject) => Number(/-(\d+)/.exec(s.name)?.[1] ?? 0);
  const order = [...subjects].sort((a, b) => indexOf(a) - indexOf(b));
  let seed = 0;
  for (const subject of order) {
    for (const variant of subject.variants) {
      // The photo's seed is its place in the whole plan, so a resumed or partial run photographs alike.
      const photoSeed = seed++;
      const row0 = { set: subject.set, name: subject.name, variant };
      if (done.has(key(row0))) continue;
      if (onlyVariants && !onlyVariants.includes(variant)) continue;
      if (onlyFormats && !onlyFormats.includes(subject.format)) continue;
      let photo: Buffer;
      try {
        photo = await render(subject, variant, photoSeed);
      } catch (error) {
        if (!(error instanceof MissingImage)) throw error;
        missing.push(error.message);
        continue;
      }
      const load = os.loadavg()[0]!;
      const started = performance.now();
      // A photo past the reader's budget (its worker is replaced) is scored as not read, as the
      // hosted flow would tell the user to try again.
      const reading = await reader.read(new Uint8Array(photo)).catch((error: unknown) => {
        if (!(error instanceof ProviderError)) throw error;
        return { kind: "retake" as const, reason: error.name === "ReaderTimeout" ? "timeout" : "busy" };
      });
      const ms = performance.now() - started;
      const read = reading.kind === "read";
      const row: Row = {
        ...row0,
        format: subject.format,
        accept: subject.accept,
        read,
        exact: read && reading.birthDate === subject.birthDate,
        ...(reading.kind === "retake" ? { reason: reading.reason } : {}),
        ...(subject.cameraPhoto ? { cameraPhoto: true } : {}),
        ms,
        load,
      };
      rows.push(row);
      if (rowsFile) appendFileSync(rowsFile, `${JSON.stringify(row)}\n`);
      const outcome = read
        ? row.exact
          ? subject.accept
            ? "read"
            : "ACCEPTED (must be refused)"
          : "WRONG birth date"
        : reading.reason;
      process.stderr.write(
        `${subject.set} ${subject.name} ${variant}: ${outcome} ${Math.round(ms)} ms (load ${load.toFixed(1)})\n`,
      );
    }
  }
  reader.stop();
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const count = (set: Row[], test: (r: Row) => boolean) => set.filter(test).length;
const readRight = (r: Row) => r.read && r.exact;
/** Wrong dates: a reading whose birth date is not the document's, whatever the document. */
const wrongDate = (r: Row) => r.read && !r.exact;
const reasons = (set: Row[]) => {
  const by = new Map<string, number>();
  for (const r of set) if (!r.read) by.set(r.reason ?? "?", (by.get(r.reason ?? "?") ?? 0) + 1);
  return [...by].map(([k, v]) => `${k} ${v}`).join(", ") || "none";
};

const TITLES: Record<SetName, string> = {
  generated: "Generated documents, photographed (eval/id-document)",
  camera: "Generated documents, camera-like photos (turns, tilt up to 30 degrees, hand, noise, moire, dim light)",
  real: "Real specimens, tuning half (eval/id-document-real)",
  forgeries: "Forgeries (must all be refused)",
  held_out: "Real specimens, HELD-OUT half (run once)",
};

const loads = rows.map((r) => r.load);
console.log(`# npm run eval:id (${rows.length} photos; sets: ${sets.join(", ")})\n`);
if (heldOut) console.log("**The held-out half: this run is to be made once.**\n");
if (loads.length)
  console.log(
    `1-minute load average while reading (${os.cpus().length} cores): min ${Math.min(...loads).toFixed(1)}, median ${quantile(loads, 0.5).toFixed(1)}, max ${Math.max(...loads).toFixed(1)}.\n`,
  );
if (missing.length) console.log(`Not scored, image missing: ${missing.length} (${missing.join(", ")}).\n`);
console.log("Percentages with their 95% Wilson interval.\n");
for (const set of sets) {
  const scored = rows.filter((r) => r.set === set);
  if (!scored.length) continue;
  const genuine = scored.filter((r) => r.accept);
  const refuse = scored.filter((r) => !r.accept);
  console.log(`## ${TITLES[set]}\n`);
  if (genuine.length)
    console.log(
      "| photos | n | read with the right birth date | no reading | wrong birth date accepted |\n|---|---|---|---|---|",
    );
  const line = (label: string, subset: Row[]) =>
    subset.length &&
    console.log(
      `| ${label} | ${subset.length} | ${percentWithInterval(count(subset, readRight), subset.length)} | ${percentWithInterval(
        count(subset, (r) => !r.read),
        subset.length,
      )} | ${count(subset, wrongDate)} |`,
    );
  line("that a right reading accepts", genuine);
  for (const variant of new Set(genuine.map((r) => r.variant)))
    if (variant !== "as_is")
      line(
        `· ${variant}`,
        genuine.filter((r) => r.variant === variant),
      );
  for (const format of new Set(genuine.map((r) => r.format)))
    line(
      `· ${format}`,
      genuine.filter((r) => r.format === format),
    );
  line(
    "· camera photos",
    genuine.filter((r) => r.cameraPhoto && r.set !== "camera"),
  );
  if (refuse.length) {
    const label =
      set === "forgeries"
        ? "Forgeries refused"
        : set === "generated"
          ? "Tampered birth dates refused"
          : "Documents a perfect reading refuses, refused";
    console.log(
      `\n${label}: ${percentWithInterval(
        count(refuse, (r) => !r.read),
        refuse.length,
      )}`,
    );
    for (const kind of new Set(refuse.map((r) => r.name.replace(/-\d+$/, ""))))
      if (set === "forgeries") {
        const subset = refuse.filter((r) => r.name.replace(/-\d+$/, "") === kind);
        console.log(`- ${kind}: ${count(subset, (r) => !r.read)}/${subset.length} refused`);
      }
    const accepted = refuse.filter((r) => r.read).map((r) => `${r.name} (${r.variant})`);
    if (accepted.length) console.log(`\nAccepted though they must be refused: ${accepted.join(", ")}`);
  }
  console.log(
    `\nWrong birth dates accepted, all photos of this set: **${count(scored, wrongDate)}** of ${scored.length}`,
  );
  console.log(`\nNot read, by retake reason: ${reasons(scored)}`);
  const ms = scored.map((r) => r.ms);
  console.log(
    `\nTime per photo (the reader in its worker): p50 ${seconds(quantile(ms, 0.5))}, p90 ${seconds(quantile(ms, 0.9))}, max ${seconds(Math.max(...ms))}\n`,
  );
}
