// npm run eval:id [-- --per-format N] [--rows FILE] [--report-only] [--only-distortions a,b]
// [--only-formats TD1,AAMVA]: scores the built-in document reader on generated specimen
// documents (eval/id-document: made-up ICAO 9303 TD1, TD2 and TD3 documents in OCR-B and AAMVA
// cards with a PDF417, see its SOURCES.md), each photographed clean and with perspective, blur,
// glare, low light and JPEG compression, plus a copy of each ICAO document with a tampered birth
// date. Prints a markdown report: read rate (clean, distorted), birth dates read exactly, wrong
// birth dates accepted, tampered documents refused, and time per document. Not part of the tests.
// --rows FILE keeps one JSON line per photo scored (no image, no date: the outcome and the time)
// and a rerun scores only the photos missing from it, so a long run can be stopped and resumed;
// --report-only reports the file. The --only-* options score a subset (to try a change quickly).
import { appendFileSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { DISTORTIONS, photograph, type Distortion } from "@/eval/id-document/photograph";
import type { SpecimenData } from "@/eval/id-document/make-mrz";
import { PORTRAITS_DIR, renderAamvaCard, renderIcaoDocument, type AamvaData } from "@/eval/id-document/render-document";
import { createDocumentReader } from "@/lib/verification/methods/id-document/read-document";
import { argValue, readJsonLines } from "./eval-support";

process.env.ID_DOCUMENT_READ_BUDGET_MS ??= "120000";
const perFormat = Number(argValue("--per-format") ?? 5);
const rowsFile = argValue("--rows") ? path.resolve(argValue("--rows")!) : null;
const onlyDistortions = argValue("--only-distortions")?.split(",");
const onlyFormats = argValue("--only-formats")?.split(",");

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

type Case = { name: string; kind: "icao" | "aamva"; document: Buffer; birthDate: string; tampered: boolean };

async function cases(): Promise<Case[]> {
  const out: Case[] = [];
  for (const format of ["TD1", "TD2", "TD3"] as const) {
    for (let i = 0; i < perFormat; i++) {
      const birth = yymmdd(1950 + Math.floor(random() * 58));
      const expiry = yymmdd(2027 + Math.floor(random() * 9));
      const issuer = pick(ISSUERS);
      const data: SpecimenData = {
        format,
        issuer,
        nationality: issuer,
        surname: pick(SURNAMES),
        givenNames: pick(GIVEN),
        documentNumber: `${pick([...LETTERS])}${pick([...LETTERS])}${digits(7)}`,
        birthDate: birth.yymmdd,
        sex: pick(["M", "F"] as const),
        expiryDate: expiry.yymmdd,
      };
      const portrait = pick(portraits);
      out.push({
        name: `${format}-${i}`,
        kind: "icao",
        document: await renderIcaoDocument(data, portrait),
        birthDate: birth.iso,
        tampered: false,
      });
      out.push({
        name: `${format}-${i}-tampered`,
        kind: "icao",
        document: await renderIcaoDocument(data, portrait, { tamper: true }),
        birthDate: birth.iso,
        tampered: true,
      });
    }
  }
  for (let i = 0; i < perFormat; i++) {
    const birth = yymmdd(1950 + Math.floor(random() * 58));
    const expiry = yymmdd(2027 + Math.floor(random() * 9));
    const mmddyyyy = (d: typeof birth) =>
      `${String(d.month).padStart(2, "0")}${String(d.day).padStart(2, "0")}${d.year}`;
    const data: AamvaData = {
      state: pick(["CA", "NY", "TX", "WA"]),
      iin: "636014",
      surname: pick(SURNAMES),
      givenNames: pick(GIVEN),
      licenceNumber: `D${digits(7)}`,
      birthDate: mmddyyyy(birth),
      expiryDate: mmddyyyy(expiry),
    };
    const card = await renderAamvaCard(data, pick(portraits));
    out.push({ name: `AAMVA-${i}`, kind: "aamva", document: card.back, birthDate: birth.iso, tampered: false });
  }
  return out;
}

/** One photo scored; `load` is the 1-minute load average when it was read. */
type Row = {
  name: string;
  distortion: Distortion;
  tampered: boolean;
  read: boolean;
  exact: boolean;
  /** The retake reason when not read. */
  reason?: string;
  ms: number;
  load: number;
};

const key = (r: { name: string; distortion: string }) => `${r.name} ${r.distortion}`;
const rows: Row[] = readJsonLines<Row>(rowsFile);
const done = new Set(rows.map(key));
const all = await cases();
if (!process.argv.includes("--report-only")) {
  const reader = createDocumentReader({ lowPriority: false });
  // Round-robin over the formats (the i-th TD1, TD2, TD3 and AAMVA document, then the next), so a
  // run stopped part-way has scored every format, not only the first.
  const indexOf = (c: Case) => Number(/-(\d+)/.exec(c.name)![1]);
  const order = [...all].sort((a, b) => indexOf(a) - indexOf(b));
  // The photo's seed is its place in the whole plan, so a resumed or partial run photographs alike.
  let seed = 0;
  for (const c of order) {
    for (const distortion of c.tampered ? (["clean"] as const) : DISTORTIONS) {
      const photoSeed = seed++;
      if (done.has(key({ name: c.name, distortion }))) continue;
      if (onlyDistortions && !onlyDistortions.includes(distortion)) continue;
      if (onlyFormats && !onlyFormats.includes(c.name.split("-")[0]!)) continue;
      const photo = await photograph(c.document, distortion, photoSeed);
      const load = os.loadavg()[0]!;
      const started = performance.now();
      const reading = await reader.read(new Uint8Array(photo));
      const ms = performance.now() - started;
      const read = reading.kind === "read";
      const row: Row = {
        name: c.name,
        distortion,
        tampered: c.tampered,
        read,
        exact: read && reading.birthDate === c.birthDate,
        ...(reading.kind === "retake" ? { reason: reading.reason } : {}),
        ms,
        load,
      };
      rows.push(row);
      if (rowsFile) appendFileSync(rowsFile, `${JSON.stringify(row)}\n`);
      process.stderr.write(
        `${c.name} ${distortion}: ${read ? (row.exact ? "read" : "WRONG birth date") : reading.reason} ${Math.round(ms)} ms (load ${load.toFixed(1)})\n`,
      );
    }
  }
  reader.stop();
}

const pct = (n: number, d: number) => (d === 0 ? "n/a" : `${((100 * n) / d).toFixed(1)}% (${n}/${d})`);
const genuine = rows.filter((r) => !r.tampered);
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const FORMATS = ["TD1", "TD2", "TD3", "AAMVA"] as const;
const formatOf = (r: Row) => r.name.split("-")[0]!;
const documents = new Set(genuine.map((r) => r.name)).size;
console.log(
  `# npm run eval:id (${documents} documents scored of ${all.filter((c) => !c.tampered).length} planned, ${perFormat} per format; ${rows.length} photos)\n`,
);
const loads = rows.map((r) => r.load);
console.log(
  `1-minute load average while reading (${os.cpus().length} cores): min ${Math.min(...loads).toFixed(1)}, median ${quantile(loads, 0.5).toFixed(1)}, max ${Math.max(...loads).toFixed(1)}.\n`,
);
console.log("| photos | read | birth date exact (of those read) | wrong birth date accepted |\n|---|---|---|---|");
const setRow = (label: string, set: Row[]) => {
  const read = set.filter((r) => r.read);
  console.log(
    `| ${label} | ${pct(read.length, set.length)} | ${pct(set.filter((r) => r.exact).length, read.length)} | ${read.filter((r) => !r.exact).length} |`,
  );
};
for (const distortion of DISTORTIONS)
  setRow(
    distortion,
    genuine.filter((r) => r.distortion === distortion),
  );
setRow(
  "**all distorted**",
  genuine.filter((r) => r.distortion !== "clean"),
);
console.log(
  "\n| format | clean read | distorted read | " + DISTORTIONS.filter((d) => d !== "clean").join(" | ") + " |",
);
console.log(
  `|---|---|---|${DISTORTIONS.filter((d) => d !== "clean")
    .map(() => "---")
    .join("|")}|`,
);
for (const format of FORMATS) {
  const set = genuine.filter((r) => formatOf(r) === format);
  const readOf = (subset: Row[]) => pct(subset.filter((r) => r.read).length, subset.length);
  console.log(
    `| ${format} | ${readOf(set.filter((r) => r.distortion === "clean"))} | ${readOf(set.filter((r) => r.distortion !== "clean"))} | ${DISTORTIONS.filter(
      (d) => d !== "clean",
    )
      .map((d) => readOf(set.filter((r) => r.distortion === d)))
      .join(" | ")} |`,
  );
}
const tampered = rows.filter((r) => r.tampered);
console.log(`\nTampered birth dates refused: ${pct(tampered.filter((r) => !r.read).length, tampered.length)}`);
const reasons = new Map<string, number>();
for (const r of genuine) if (!r.read) reasons.set(r.reason ?? "?", (reasons.get(r.reason ?? "?") ?? 0) + 1);
console.log(
  `Genuine photos not read, by retake reason: ${[...reasons].map(([k, v]) => `${k} ${v}`).join(", ") || "none"}`,
);
console.log("\n| time per photo (the reader in its worker) | p50 | p90 | max |\n|---|---|---|---|");
const timeRow = (label: string, set: Row[]) => {
  const ms = set.map((r) => r.ms);
  if (ms.length)
    console.log(
      `| ${label} | ${seconds(quantile(ms, 0.5))} | ${seconds(quantile(ms, 0.9))} | ${seconds(Math.max(...ms))} |`,
    );
};
timeRow("all photos", rows);
timeRow(
  "photos read",
  rows.filter((r) => r.read),
);
timeRow(
  "photos not read",
  rows.filter((r) => !r.read),
);
for (const format of FORMATS)
  timeRow(
    `${format} photos`,
    rows.filter((r) => formatOf(r) === format),
  );
