// PDF417 barcodes (AAMVA driving licences and ID cards) for the document worker: zxing-wasm, its
// .wasm read from node_modules (never the CDN it defaults to), and aamva-parser for the data
// elements. Only the dates, the document type and the issuing country leave this module.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const sharp = require("sharp");
const { parse: parseAamva } = require("aamva-parser");
const { prepareZXingModule, readBarcodes } = await import("zxing-wasm/reader");

// The package exports its .wasm by name (not its package.json): resolve that file itself.
const zxingWasm = require.resolve("zxing-wasm/reader/zxing_reader.wasm");
await prepareZXingModule({
  overrides: { wasmBinary: readFileSync(zxingWasm).buffer },
  fireImmediately: true,
});

/** AAMVA payloads start with the compliance indicator "@" and carry "ANSI " or "AAMVA" in the header. */
export async function readBarcode(bytes, maxInputPixels) {
  const png = await sharp(bytes, { limitInputPixels: maxInputPixels })
    .rotate()
    .resize({ width: 2000, height: 2000, fit: "inside", withoutEnlargement: true })
    .greyscale()
    .png()
    .toBuffer();
  const results = await readBarcodes(new Uint8Array(png), {
    formats: ["PDF417"],
    tryHarder: true,
    tryRotate: true,
    tryInvert: false,
    // The payload's own bytes (its LF, RS and CR separators), not the escaped human-readable form.
    textMode: "Plain",
    maxNumberOfSymbols: 2,
  });
  for (const result of results) {
    if (!result.isValid || !result.text.startsWith("@")) continue;
    const licence = parseAamva(result.text);
    if (!licence.dateOfBirth || !licence.expirationDate) continue;
    return {
      kind: "read",
      source: "pdf417",
      // The first subfile's type follows the 21-character header: DL (licence) or ID (ID card).
      documentType: result.text.slice(21, 23) === "ID" ? "id_card" : "driving_licence",
      issuingCountry: licence.country === "Canada" ? "CAN" : "USA",
      birthDate: isoDate(licence.dateOfBirth),
      expiryDate: isoDate(licence.expirationDate),
    };
  }
  return null;
}

const isoDate = (date) =>
  `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}-${String(date.getUTCDate()).padStart(2, "0")}`;
