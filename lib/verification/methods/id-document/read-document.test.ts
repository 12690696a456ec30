// The reader on generated specimen documents, with real OCR (tesseract.js) and barcode reading
// (zxing-wasm) in its worker: every format read, a tampered check digit refused, and the specific
// retake reasons.
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import type { SpecimenData } from "@/eval/id-document/make-mrz";
import { photograph } from "@/eval/id-document/photograph";
import { renderAamvaCard, renderIcaoDocument } from "@/eval/id-document/render-document";
import { createDocumentReader } from "@/lib/verification/methods/id-document/read-document";
import { documentRetakeMessage, type DocumentReading } from "@/lib/verification/methods/id-document/types";

// A loaded test machine must not cut the second looks short (they start only in the budget's
// first 40%): the budget of npm run eval:id.
process.env.ID_DOCUMENT_READ_BUDGET_MS ??= "120000";
const reader = createDocumentReader({ lowPriority: false });
/** The same reader without the second looks (sharpened, binarised) at a zone the first look missed. */
const firstLookOnly = createDocumentReader({ lowPriority: false, secondLooks: false });
afterAll(() => {
  reader.stop();
  firstLookOnly.stop();
});

const specimen = (format: SpecimenData["format"]): SpecimenData => ({
  format,
  issuer: "NLD",
  nationality: "NLD",
  surname: "DE BRUIJN",
  givenNames: "WILLEKE LISELOTTE",
  documentNumber: "XR4821937",
  birthDate: "030310",
  sex: "F",
  expiryDate: "310802",
});
const now = new Date("2026-06-15T12:00:00Z");
const read = async (photo: Buffer): Promise<DocumentReading> => reader.read(new Uint8Array(photo), now);

describe("the document reader", () => {
  it.each(["TD1", "TD2", "TD3"] as const)("reads a photographed %s's MRZ with every check digit", async (format) => {
    const photo = await photograph(await renderIcaoDocument(specimen(format), "fairface_0200.jpg"), "clean");
    expect(await read(photo)).toMatchObject({
      kind: "read",
      source: "mrz",
      format,
      documentType: format === "TD3" ? "passport" : "id_card",
      issuingCountry: "NLD",
      birthDate: "2003-03-10",
      expiryDate: "2031-08-02",
    });
  });

  it("reads a zone whose lines OCR gets right only in different crops of it, every check digit still holding", async () => {
    // A document of npm run eval:id's set that no single crop read: one misread the number's W as
    // N, another lost the name line. The zone is put together from the lines each read.
    const card: SpecimenData = {
      format: "TD1",
      issuer: "JPN",
      nationality: "JPN",
      surname: "ODHIAMBO",
      givenNames: "HIROSHI",
      documentNumber: "WU6921113",
      birthDate: "510724",
      sex: "M",
      expiryDate: "290111",
    };
    const photo = await photograph(await renderIcaoDocument(card, "fairface_0095.jpg"), "clean");
    expect(await read(photo)).toMatchObject({ kind: "read", format: "TD1", birthDate: "1951-07-24" });
  });

  it("reads a blurred passport (sigma 1.6)", async () => {
    const photo = await photograph(await renderIcaoDocument(specimen("TD3"), "fairface_0200.jpg"), "blur");
    expect(await read(photo)).toMatchObject({
      kind: "read",
      source: "mrz",
      format: "TD3",
      documentType: "passport",
      issuingCountry: "NLD",
      birthDate: "2003-03-10",
      expiryDate: "2031-08-02",
    });
  });

  it("still refuses that blurred passport with a tampered birth date after every second look", async () => {
    const photo = await photograph(
      await renderIcaoDocument(specimen("TD3"), "fairface_0200.jpg", { tamper: true }),
      "blur",
    );
    expect((await read(photo)).kind).toBe("retake");
  });

  it("reads a clean passport at the first look, so the second looks never run for it", async () => {
    const photo = await photograph(await renderIcaoDocument(specimen("TD3"), "fairface_0200.jpg"), "clean");
    expect(await firstLookOnly.read(new Uint8Array(photo), now)).toMatchObject({
      kind: "read",
      birthDate: "2003-03-10",
    });
  });

  it("reads an AAMVA licence's PDF417 seen at a slant", async () => {
    const card = await renderAamvaCard(
      {
        state: "CA",
        iin: "636014",
        surname: "SAMPLE",
        givenNames: "ALEX",
        licenceNumber: "D1234567",
        birthDate: "03102004",
        expiryDate: "03102030",
      },
      "fairface_0200.jpg",
    );
    expect(await read(await photograph(card.back, "perspective", 2))).toMatchObject({
      kind: "read",
      source: "pdf417",
      documentType: "driving_licence",
      issuingCountry: "USA",
      birthDate: "2004-03-10",
      expiryDate: "2030-03-10",
    });
  });

  it("refuses a document whose birth date does not match its check digit", async () => {
    const photo = await photograph(
      await renderIcaoDocument(specimen("TD3"), "fairface_0200.jpg", { tamper: true }),
      "clean",
    );
    expect((await read(photo)).kind).toBe("retake");
  });

  it("asks for a document when the photo shows none", async () => {
    const table = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#8a7f70" } })
      .jpeg()
      .toBuffer();
    const reading = await read(table);
    expect(reading).toMatchObject({ kind: "retake", reason: "no_document" });
    expect(documentRetakeMessage(reading as Extract<DocumentReading, { kind: "retake" }>)).toMatch(
      /couldn't find a document/,
    );
  });

  it("says which side is cut off", async () => {
    const document = await renderIcaoDocument(specimen("TD1"), "fairface_0200.jpg");
    const meta = await sharp(document).metadata();
    // The left third of the card out of the frame.
    const cut = await sharp(document)
      .extract({
        left: Math.round(meta.width! / 3),
        top: 0,
        width: meta.width! - Math.round(meta.width! / 3),
        height: meta.height!,
      })
      .extend({ right: 200, top: 150, bottom: 150, background: "#8a7f70" })
      .jpeg()
      .toBuffer();
    expect(await read(cut)).toEqual({ kind: "retake", reason: "cut_off", side: "left" });
  });

  it("answers an image it cannot decode as a retake", async () => {
    expect(await reader.read(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), now)).toMatchObject({
      kind: "retake",
      reason: "unreadable_image",
    });
  });
});
