// PDF417 barcodes (AAMVA driving licences and ID cards) for the document worker: zxing-wasm, its
// .wasm read from node_modules (never the CDN it defaults to), and aamva.mjs for the payload's
// structure. Only the dates, the document type and the issuing country leave this module.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parseAamva } from "./aamva.mjs";

const require = createRequire(import.meta.url);
const sharp = require("sharp");
const { prepareZXingModule, readBarcodes } = await import("zxing-wasm/reader");

// The package exports its .wasm by name (not its package.json): resolve that file itself.
const zxingWasm = require.resolve("zxing-wasm/reader/zxing_reader.wasm");
await prepareZXingModule({
  overrides: { wasmBinary: readFileSync(zxingWasm).buffer },
  fireImmediately: true,
});

/**
 * The longest side any look decodes at: about 4 MP at most. Small photos are enlarged up to it
 * (a licence's modules need a few pixels each), never beyond, whatever the photo's size.
 */
const WORK_SIDE = 2000;
/** Below this longest side, a photo gets the enlarged looks even when nothing was seen at first. */
const SMALL_SIDE = 1400;
/** Turns tried when a barcode is seen but not decoded (zxing tries the quarter turns itself). */
const TURNS = [-12, 12, -24, 24];

const OPTIONS = {
  formats: ["PDF417"],
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  // The payload's own bytes (its LF, RS and CR separators), not the escaped human-readable form.
  textMode: "Plain",
  maxNumberOfSymbols: 2,
  // Symbols found but not decoded come back too: they say a second look is worth its time.
  returnErrors: true,
};

/**
 * Reads an AAMVA PDF417 from a photo: first as it is (at most WORK_SIDE); then, when a barcode was
 * seen but not decoded or the photo is small, enlarged and sharpened, also with a global
 * binariser; and, if a barcode was seen, turned by up to 24 degrees. The date of birth comes only from a payload that parses as
 * AAMVA (aamva.mjs); any other PDF417 is not a licence.
 */
export async function readBarcode(bytes, maxInputPixels) {
  // Each look decodes the photo afresh into at most WORK_SIDE: no full-size copy is ever made.
  const photo = () => sharp(bytes, { limitInputPixels: maxInputPixels }).rotate().greyscale();
  const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata();
  const base = await photo()
    .resize({ width: WORK_SIDE, height: WORK_SIDE, fit: "inside", withoutEnlargement: true })
    .png()
    .toBuffer();
  const first = await look(base);
  if (first.done || (!first.seen && Math.max(width, height) >= SMALL_SIDE)) return first.reading;
  const enlarged = await photo()
    .resize({ width: WORK_SIDE, height: WORK_SIDE, fit: "inside", kernel: "lanczos3" })
    .normalise()
    .sharpen({ sigma: 1 })
    .png()
    .toBuffer();
  let seen = first.seen;
  for (const extra of [{}, { binarizer: "GlobalHistogram" }]) {
    const result = await look(enlarged, extra);
    if (result.done) return result.reading;
    seen ||= result.seen;
  }
  // Turns only for a barcode seen but not decoded: a photo without one costs no more looks.
  if (!seen) return null;
  for (const degrees of TURNS) {
    const result = await look(await turned(enlarged, degrees));
    if (result.done) return result.reading;
  }
  return null;
}

/** A turned copy, scaled back inside WORK_SIDE (turning enlarges the canvas). */
async function turned(png, degrees) {
  const rotated = await sharp(png).rotate(degrees, { background: "#ffffff" }).png().toBuffer();
  return sharp(rotated).resize({ width: WORK_SIDE, height: WORK_SIDE, fit: "inside" }).png().toBuffer();
}

/**
 * One decode. `done`: a PDF417 was decoded (`reading` is its licence, or null when the payload is
 * not AAMVA: another look would decode the same payload). `seen`: a symbol was found, decoded or not.
 */
async function look(png, extra = {}) {
  const results = await readBarcodes(new Uint8Array(png), { ...OPTIONS, ...extra });
  const decoded = results.filter((r) => r.isValid);
  for (const result of decoded) {
    const licence = parseAamva(result.text);
    if ("error" in licence) continue;
    return {
      done: true,
      seen: true,
      reading: {
        kind: "read",
        source: "pdf417",
        documentType: licence.documentType,
        issuingCountry: licence.issuingCountry,
        birthDate: licence.birthDate,
        expiryDate: licence.expiryDate,
      },
    };
  }
  return { done: decoded.length > 0, seen: results.length > 0, reading: null };
}
