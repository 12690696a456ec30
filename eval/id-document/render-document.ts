// Renders made-up specimen documents (ICAO 9303 TD1/TD2/TD3 with an OCR-B machine-readable zone,
// and AAMVA cards with a PDF417 barcode) and photographs them: the labelled set of npm run
// eval:id and the fixtures of the reader's tests. Needs Debian's fonts-ocr-b (.ci/run installs it).
import path from "node:path";
import bwipjs from "bwip-js/node";
import sharp from "sharp";
import { lineLength, makeMrz, type SpecimenData } from "@/eval/id-document/make-mrz";

/** Pixels per millimetre of the flat document. */
const SCALE = 10;
/** ID-1 (TD1 and driving licences), ID-2 (TD2) and ID-3 (a passport's data page), in mm. */
const SIZE_MM = { TD1: [85.6, 54], TD2: [105, 74], TD3: [125, 88], AAMVA: [85.6, 54] } as const;

export const PORTRAITS_DIR = path.join(import.meta.dirname, "..", "face-age", "images");

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function svgText(x: number, y: number, size: number, text: string, extra = "") {
  return `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="${size}" fill="#223" ${extra}>${escape(text)}</text>`;
}

const displayDate = (yymmdd: string, century: string) =>
  `${yymmdd.slice(4, 6)}.${yymmdd.slice(2, 4)}.${century}${yymmdd.slice(0, 2)}`;

async function portrait(file: string, width: number, height: number): Promise<Buffer> {
  return sharp(path.resolve(PORTRAITS_DIR, file)).resize(width, height, { fit: "cover" }).greyscale().toBuffer();
}

/**
 * Where an ICAO document's portrait is, in pixels of the flat document: the printed fields and the
 * portrait fill the space above the machine-readable zone.
 */
export function icaoPortraitBox(format: SpecimenData["format"]) {
  const [, hMm] = SIZE_MM[format];
  const lines = format === "TD1" ? 3 : 2;
  const lineGap = (format === "TD1" ? 4.4 : 4.6) * SCALE;
  const mrzTop = Math.round(hMm * SCALE) - lines * lineGap - 2.5 * SCALE;
  const top = 10 * SCALE;
  const height = Math.round(mrzTop - 2.5 * SCALE - top);
  return { left: 4 * SCALE, top, width: Math.round(height / 1.28), height };
}

/** A flat ICAO document: printed fields, a portrait and the machine-readable zone along the bottom. */
export async function renderIcaoDocument(
  data: SpecimenData,
  portraitFile: string,
  options: { tamper?: boolean } = {},
): Promise<Buffer> {
  const [wMm, hMm] = SIZE_MM[data.format];
  const width = Math.round(wMm * SCALE);
  const height = Math.round(hMm * SCALE);
  const mrz = makeMrz(data, options.tamper);
  // ICAO 9303 part 3: 10 characters per inch (2.54 mm pitch); this OCR-B's advance is 0.71 em.
  const pitch = 2.54 * SCALE;
  const fontSize = pitch / 0.71;
  const lineGap = (data.format === "TD1" ? 4.4 : 4.6) * SCALE;
  const mrzLeft = (wMm - lineLength(data.format) * 2.54) / 2;
  const mrzTop = height - mrz.length * lineGap - 2.5 * SCALE;
  const birthCentury = Number(data.birthDate.slice(0, 2)) > 30 ? "19" : "20";
  const { top, width: portraitW, height: portraitH, left: portraitLeft } = icaoPortraitBox(data.format);
  const room = mrzTop - 2.5 * SCALE - top;
  const textX = portraitW + 8 * SCALE;
  const row = Math.min(room / 28, 0.95 * SCALE);
  const title = data.format === "TD3" ? "PASSPORT" : "IDENTITY CARD";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e6eef5"/><stop offset="1" stop-color="#f3ead9"/></linearGradient></defs>
  <rect width="${width}" height="${height}" rx="${3 * SCALE}" fill="url(#bg)"/>
  ${svgText(4 * SCALE, 7 * SCALE, 3.6 * SCALE, `${data.issuer} ${title} · SPECIMEN`, 'font-weight="bold"')}
  ${svgText(textX, top + 3 * row, 2 * row, "Surname")}
  ${svgText(textX, top + 6 * row, 3 * row, data.surname)}
  ${svgText(textX, top + 10 * row, 2 * row, "Given names")}
  ${svgText(textX, top + 13 * row, 3 * row, data.givenNames)}
  ${svgText(textX, top + 17 * row, 2 * row, "Date of birth / Sex / Nationality")}
  ${svgText(textX, top + 20 * row, 3 * row, `${displayDate(data.birthDate, birthCentury)}   ${data.sex}   ${data.nationality}`)}
  ${svgText(textX, top + 24 * row, 2 * row, "Document no. / Date of expiry")}
  ${svgText(textX, top + 27 * row, 3 * row, `${data.documentNumber}   ${displayDate(data.expiryDate, "20")}`)}
  <rect x="0" y="${mrzTop - 1.5 * SCALE}" width="${width}" height="${height - mrzTop + 1.5 * SCALE}" fill="#fbfbf7" opacity="0.85"/>
  ${mrz
    .map(
      (line, i) =>
        `<text x="${mrzLeft * SCALE}" y="${mrzTop + (i + 0.8) * lineGap}" font-family="OCR B" font-size="${fontSize}" fill="#111">${escape(line)}</text>`,
    )
    .join("\n")}
</svg>`;
  const face = await portrait(portraitFile, portraitW, portraitH);
  return sharp(Buffer.from(svg))
    .composite([{ input: face, left: portraitLeft, top }])
    .png()
    .toBuffer();
}

export type AamvaData = {
  state: string;
  /** AAMVA issuer identification number (six digits). */
  iin: string;
  surname: string;
  givenNames: string;
  licenceNumber: string;
  /** MMDDYYYY, as AAMVA writes US dates. */
  birthDate: string;
  expiryDate: string;
};

/** The AAMVA 2016 (version 08) payload: a header with one DL subfile of data elements. */
export function aamvaPayload(data: AamvaData): string {
  const elements = [
    `DAQ${data.licenceNumber}`,
    `DCS${data.surname}`,
    `DAC${data.givenNames}`,
    `DDEN`,
    `DDFN`,
    `DDGN`,
    `DBD01012024`,
    `DBB${data.birthDate}`,
    `DBA${data.expiryDate}`,
    `DBC2`,
    `DAYBRO`,
    `DAU070 IN`,
    `DAG1 SPECIMEN ST`,
    `DAIANYTOWN`,
    `DAJ${data.state}`,
    `DAK123450000`,
    `DCF0000000000`,
    `DCGUSA`,
  ];
  const subfile = `DL${elements.join("\n")}\r`;
  const header = `@\n\x1e\rANSI ${data.iin}080001`;
  const offset = header.length + 10;
  return `${header}DL${String(offset).padStart(4, "0")}${String(subfile.length).padStart(4, "0")}${subfile}`;
}

async function aamvaBarcode(data: AamvaData): Promise<Buffer> {
  // bwip-js passes BWIPP options (columns, rowmult) through; its types list only the common ones.
  const options = { bcid: "pdf417", text: aamvaPayload(data), columns: 8, scale: 2, rowmult: 3 };
  return bwipjs.toBuffer(options as bwipjs.RenderOptions);
}

const usDate = (mmddyyyy: string) => `${mmddyyyy.slice(0, 2)}/${mmddyyyy.slice(2, 4)}/${mmddyyyy.slice(4)}`;

/** The back of an AAMVA card is mostly its PDF417; the front's portrait is beside the printed fields. */
export async function renderAamvaCard(data: AamvaData, portraitFile: string): Promise<{ front: Buffer; back: Buffer }> {
  const [wMm, hMm] = SIZE_MM.AAMVA;
  const width = Math.round(wMm * SCALE);
  const height = Math.round(hMm * SCALE);
  const barcode = await aamvaBarcode(data);
  const barcodeMeta = await sharp(barcode).metadata();
  const barcodeW = width - 8 * SCALE;
  const barcodeH = Math.round((barcodeMeta.height! * barcodeW) / barcodeMeta.width!);
  const back = await sharp({
    create: { width, height, channels: 3, background: "#f1f4f6" },
  })
    .composite([
      {
        input: await sharp(barcode).resize(barcodeW, barcodeH, { kernel: "nearest" }).toBuffer(),
        left: 4 * SCALE,
        top: Math.round((height - barcodeH) / 2),
      },
    ])
    .png()
    .toBuffer();
  const portraitW = Math.round(wMm * 0.3 * SCALE);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="${width}" height="${height}" rx="${3 * SCALE}" fill="#e9f1e4"/>
  ${svgText(4 * SCALE, 7 * SCALE, 3.6 * SCALE, `${data.state} DRIVER LICENSE · SPECIMEN`, 'font-weight="bold"')}
  ${svgText(portraitW + 8 * SCALE, 15 * SCALE, 3 * SCALE, `${data.surname}`)}
  ${svgText(portraitW + 8 * SCALE, 19 * SCALE, 3 * SCALE, `${data.givenNames}`)}
  ${svgText(portraitW + 8 * SCALE, 25 * SCALE, 2.4 * SCALE, `DOB ${usDate(data.birthDate)}`)}
  ${svgText(portraitW + 8 * SCALE, 29 * SCALE, 2.4 * SCALE, `EXP ${usDate(data.expiryDate)}`)}
  ${svgText(portraitW + 8 * SCALE, 33 * SCALE, 2.4 * SCALE, `DL ${data.licenceNumber}`)}
</svg>`;
  const face = await portrait(portraitFile, portraitW, Math.round(portraitW * 1.28));
  const front = await sharp(Buffer.from(svg))
    .composite([{ input: face, left: 4 * SCALE, top: 10 * SCALE }])
    .png()
    .toBuffer();
  return { front, back };
}

/** A sheet of white paper (A5 landscape, in pixels of the flat sheet). */
const SHEET = { width: 2100, height: 1480 };

/**
 * Forgeries on plain paper (issue 46, item 4): a portrait printed beside either two or three
 * typed zone lines with correct check digits, or a PDF417 with an AAMVA payload made by bwip-js.
 */
export async function renderPaperForgery(
  content: { mrz: SpecimenData } | { aamva: AamvaData },
  portraitFile: string,
): Promise<Buffer> {
  const face = await portrait(portraitFile, 420, 540);
  const layers: { input: Buffer; left: number; top: number }[] = [{ input: face, left: 140, top: 160 }];
  if ("mrz" in content) {
    const lines = makeMrz(content.mrz);
    // The zone typed at the ICAO pitch, as a word processor with OCR-B would set it.
    const fontSize = (2.54 * SCALE) / 0.71;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHEET.width}" height="${SHEET.height}">
      ${lines.map((line, i) => `<text x="140" y="${1000 + i * 60}" font-family="OCR B" font-size="${fontSize}" fill="#111">${escape(line)}</text>`).join("")}</svg>`;
    layers.push({ input: await sharp(Buffer.from(svg)).png().toBuffer(), left: 0, top: 0 });
  } else {
    const barcode = await sharp(await aamvaBarcode(content.aamva))
      .resize({ width: 1300, kernel: "nearest" })
      .toBuffer();
    layers.push({ input: barcode, left: 660, top: 300 });
  }
  return sharp({ create: { width: SHEET.width, height: SHEET.height, channels: 3, background: "#fdfdfb" } })
    .composite(layers)
    .png()
    .toBuffer();
}

/**
 * A real specimen's zone pasted onto another layout: the bottom `fraction` of `specimen` (where
 * its zone is) scaled over the bottom of `layout` (a generated document of another kind).
 */
export async function pasteZone(layout: Buffer, specimen: Buffer, fraction: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(layout).metadata();
  const source = await sharp(specimen).metadata();
  const cropTop = Math.round(source.height! * (1 - fraction));
  const zone = await sharp(specimen)
    .extract({ left: 0, top: cropTop, width: source.width!, height: source.height! - cropTop })
    .resize({ width })
    .toBuffer();
  const zoneHeight = Math.min(height, (await sharp(zone).metadata()).height!);
  return sharp(layout)
    .composite([
      {
        input: await sharp(zone).extract({ left: 0, top: 0, width, height: zoneHeight }).toBuffer(),
        left: 0,
        top: height - zoneHeight,
      },
    ])
    .png()
    .toBuffer();
}
