// npm run eval:id [-- --per-format N]: scores the built-in document reader on generated specimen
// documents (eval/id-document: made-up ICAO 9303 TD1, TD2 and TD3 documents in OCR-B and AAMVA
// cards with a PDF417, see its SOURCES.md), each photographed clean and with perspective, blur,
// glare, low light and JPEG compression, plus a copy of each ICAO document with a tampered birth
// date. Prints a markdown report: read rate (clean, distorted), birth dates read exactly, wrong
// birth dates accepted, tampered documents refused, and time per document. Not part of the tests.
import { performance } from "node:perf_hooks";
import { readdirSync } from "node:fs";
import { DISTORTIONS, photograph, type Distortion } from "@/eval/id-document/photograph";
import type { SpecimenData } from "@/eval/id-document/make-mrz";
import { PORTRAITS_DIR, renderAamvaCard, renderIcaoDocument, type AamvaData } from "@/eval/id-document/render-document";
import { createDocumentReader } from "@/lib/verification/methods/id-document/read-document";

process.env.ID_DOCUMENT_READ_BUDGET_MS ??= "120000";
const argValue = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const perFormat = Number(argValue("--per-format") ?? 5);

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

type Row = { name: string; distortion: Distortion; tampered: boolean; read: boolean; exact: boolean; ms: number };

const reader = createDocumentReader({ lowPriority: false });
const rows: Row[] = [];
const all = await cases();
// Round-robin over the formats (the i-th TD1, TD2, TD3 and AAMVA document, then the next), so a
// run stopped part-way has scored every format, not only the first.
const indexOf = (c: Case) => Number(/-(\d+)/.exec(c.name)![1]);
const order = [...all].sort((a, b) => indexOf(a) - indexOf(b));
for (const c of order) {
  for (const distortion of c.tampered ? (["clean"] as const) : DISTORTIONS) {
    const photo = await photograph(c.document, distortion, rows.length);
    const started = performance.now();
    const reading = await reader.read(new Uint8Array(photo));
    const ms = performance.now() - started;
    const read = reading.kind === "read";
    rows.push({
      name: c.name,
      distortion,
      tampered: c.tampered,
      read,
      exact: read && reading.birthDate === c.birthDate,
      ms,
    });
    process.stderr.write(
      `${c.name} ${distortion}: ${read ? (reading.birthDate === c.birthDate ? "read" : `WRONG ${reading.birthDate}`) : reading.reason} ${Math.round(ms)} ms\n`,
    );
  }
}
reader.stop();

const pct = (n: number, d: number) => (d === 0 ? "n/a" : `${((100 * n) / d).toFixed(1)}% (${n}/${d})`);
const genuine = rows.filter((r) => !r.tampered);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
console.log(`# npm run eval:id (${all.filter((c) => !c.tampered).length} documents, ${perFormat} per format)\n`);
console.log("| set | read | birth date exact | wrong birth date accepted |\n|---|---|---|---|");
for (const distortion of DISTORTIONS) {
  const set = genuine.filter((r) => r.distortion === distortion);
  const read = set.filter((r) => r.read);
  console.log(
    `| ${distortion} | ${pct(read.length, set.length)} | ${pct(set.filter((r) => r.exact).length, read.length)} | ${read.filter((r) => !r.exact).length} |`,
  );
}
const distorted = genuine.filter((r) => r.distortion !== "clean");
console.log(
  `| all distorted | ${pct(distorted.filter((r) => r.read).length, distorted.length)} | | ${distorted.filter((r) => r.read && !r.exact).length} |`,
);
for (const prefix of ["TD1", "TD2", "TD3", "AAMVA"]) {
  const set = genuine.filter((r) => r.name.startsWith(prefix));
  console.log(`| ${prefix} (all photos) | ${pct(set.filter((r) => r.read).length, set.length)} | | |`);
}
const tampered = rows.filter((r) => r.tampered);
console.log(`\nTampered birth dates refused: ${pct(tampered.filter((r) => !r.read).length, tampered.length)}`);
console.log(
  `Time per document: p50 ${Math.round(median(rows.map((r) => r.ms)))} ms, max ${Math.round(Math.max(...rows.map((r) => r.ms)))} ms`,
);
