import bwipjs from "bwip-js/node";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { aamvaPayload, type AamvaData } from "@/eval/id-document/render-document";
import { readBarcode } from "./read-barcode.mjs";

const LICENCE: AamvaData = {
  state: "WA",
  iin: "636045",
  surname: "ODHIAMBO",
  givenNames: "AMARA",
  licenceNumber: "D7654321",
  birthDate: "11232001",
  expiryDate: "11232030",
};
const MAX_PIXELS = 40_000_000;

/** A PDF417 of `text` on a white card, `width` pixels wide. */
async function barcodePhoto(text: string, width = 1200, soften = 0): Promise<Buffer> {
  const options = { bcid: "pdf417", text, columns: 8, scale: 2, rowmult: 3 };
  const symbol = await bwipjs.toBuffer(options as bwipjs.RenderOptions);
  const card = await sharp(symbol)
    .extend({ top: 60, bottom: 60, left: 60, right: 60, background: "#ffffff" })
    .flatten({ background: "#ffffff" })
    .png()
    .toBuffer();
  const sized = sharp(card).resize({ width });
  return (soften ? sized.blur(soften) : sized).jpeg({ quality: 75 }).toBuffer();
}

describe("readBarcode", () => {
  it("reads a licence's date of birth from its AAMVA payload", async () => {
    expect(await readBarcode(await barcodePhoto(aamvaPayload(LICENCE)), MAX_PIXELS)).toEqual({
      kind: "read",
      source: "pdf417",
      documentType: "driving_licence",
      issuingCountry: "USA",
      birthDate: "2001-11-23",
      expiryDate: "2030-11-23",
    });
  });

  it("reads a small, soft barcode by enlarging it", async () => {
    // About one pixel per module, and blurred: a look at the photo as it is does not decode it.
    const photo = await barcodePhoto(aamvaPayload(LICENCE), 340, 0.6);
    expect(await readBarcode(photo, MAX_PIXELS)).toMatchObject({ birthDate: "2001-11-23" });
  });

  it("reads a payload whose compliance indicator follows whitespace", async () => {
    const photo = await barcodePhoto(` \n${aamvaPayload(LICENCE)}`);
    expect(await readBarcode(photo, MAX_PIXELS)).toMatchObject({ birthDate: "2001-11-23" });
  });

  it("takes no date from a PDF417 that is not AAMVA, even one that says DBB", async () => {
    const photo = await barcodePhoto("TICKET 4471\nDBB01011990\nDBA01012030\nSEAT 12C");
    expect(await readBarcode(photo, MAX_PIXELS)).toBeNull();
  });

  it("refuses an AAMVA payload with an impossible date of birth", async () => {
    for (const birthDate of ["02301990", "00000000"]) {
      const photo = await barcodePhoto(aamvaPayload({ ...LICENCE, birthDate }));
      expect(await readBarcode(photo, MAX_PIXELS), birthDate).toBeNull();
    }
  });

  it("finds nothing in a photo without a barcode", async () => {
    const blank = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#e9e4da" } })
      .jpeg()
      .toBuffer();
    expect(await readBarcode(blank, MAX_PIXELS)).toBeNull();
  });
});
