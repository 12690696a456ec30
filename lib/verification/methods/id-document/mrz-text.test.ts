// Position-aware correction of an OCR'd zone and the century of its two-digit years, on zones made
// by the eval set's generator (every check digit right) and then misread the way OCR misreads OCR-B.
import { describe, expect, it } from "vitest";
import { makeMrz, type SpecimenData } from "@/eval/id-document/make-mrz";
import { acceptMrz, placeDates, printsBirthDate } from "@/lib/verification/methods/id-document/mrz-text.mjs";

const now = new Date("2026-06-15T12:00:00Z");
const passport: SpecimenData = {
  format: "TD3",
  issuer: "AUS",
  nationality: "AUS",
  surname: "OBRIEN",
  givenNames: "SIOBHAN",
  documentNumber: "PA0912346",
  birthDate: "030310",
  sex: "M",
  expiryDate: "310802",
};
/** Replaces the characters at (line, column) with `text`. */
const misread = (lines: string[], line: number, column: number, text: string) =>
  lines.map((l, i) => (i === line ? l.slice(0, column) + text + l.slice(column + text.length) : l));

describe("acceptMrz", () => {
  it("reads a zone as written", () => {
    expect(acceptMrz(makeMrz(passport), now)).toMatchObject({
      format: "TD3",
      issuingCountry: "AUS",
      birthDate: "2003-03-10",
      expiryDate: "2031-08-02",
    });
  });

  it("repairs country codes OCR got wrong into the only real code near them (AU8 to AUS, THN to TWN)", () => {
    expect(acceptMrz(misread(makeMrz(passport), 0, 2, "AU8"), now)).toMatchObject({ issuingCountry: "AUS" });
    const taiwan = makeMrz({ ...passport, issuer: "TWN", nationality: "TWN" });
    expect(acceptMrz(misread(misread(taiwan, 0, 2, "THN"), 1, 10, "THN"), now)).toMatchObject({
      issuingCountry: "TWN",
      birthDate: "2003-03-10",
    });
  });

  it("puts letters in letter positions and digits in digit positions, and M for the sex field's H", () => {
    const lines = makeMrz(passport);
    // Birth date 030310 read as O3O31O, the sex M as H, the name's O as 0.
    const read = misread(misread(misread(lines, 1, 13, "O3O31O"), 1, 20, "H"), 0, 5, "0BRIEN");
    expect(acceptMrz(read, now)).toMatchObject({ birthDate: "2003-03-10", issuingCountry: "AUS" });
  });

  it("tries look-alikes in the document number together (C01X00T47 read as CO1XOOT47), the check digits deciding", () => {
    const german = makeMrz({ ...passport, issuer: "D<<", nationality: "D<<", documentNumber: "C01X00T47" });
    expect(acceptMrz(misread(german, 1, 0, "CO1XOOT47"), now)).toMatchObject({
      issuingCountry: "D",
      birthDate: "2003-03-10",
    });
  });

  it("refuses a zone whose date a misread changed into another digit: the check digit decides", () => {
    expect(acceptMrz(misread(makeMrz(passport), 1, 13, "08"), now)).toBeNull();
  });

  it("refuses a zone whose country code is no real code and no look-alike of one", () => {
    expect(acceptMrz(misread(makeMrz(passport), 0, 2, "QQJ"), now)).toBeNull();
  });

  it("reads Germany's one-letter code D and the ICAO codes GBD, UNO and XXA", () => {
    for (const code of ["D<<", "GBD", "UNO", "XXA"]) {
      const lines = makeMrz({ ...passport, issuer: code, nationality: code });
      expect(acceptMrz(lines, now)).toMatchObject({ issuingCountry: code.replace(/</g, "") });
    }
  });

  it("reads ICAO 9303's own specimen state UTO (no real code), its look-alike UT0 too", () => {
    const utopia = makeMrz({ ...passport, issuer: "UTO", nationality: "UTO" });
    expect(acceptMrz(utopia, now)).toMatchObject({ issuingCountry: "UTO", birthDate: "2003-03-10" });
    expect(acceptMrz(misread(utopia, 0, 2, "UT0"), now)).toMatchObject({ issuingCountry: "UTO" });
    // UTO excuses nothing else: a changed birth date still fails its check digit.
    expect(acceptMrz(misread(utopia, 1, 13, "08"), now)).toBeNull();
  });

  it("reads a nationality left blank (Macau's cards), never a blank issuing state", () => {
    const macau = [
      "I<MAC12281507<0<<<<<<<<0212300",
      "6106225M1212307<<<<<<<<<<<<<<6",
      "CHONG<<KA<KEONG<<<<<<<<<<<<<<<",
    ];
    expect(acceptMrz(macau, now)).toMatchObject({ issuingCountry: "MAC", birthDate: "1961-06-22" });
    expect(acceptMrz(misread(macau, 0, 2, "<<<"), now)).toBeNull();
  });

  it("tries look-alikes in the personal number when only its check digit fails (11D101111 read for 110101111)", () => {
    // The Czech specimen passport's zone (eval/id-document-real), its personal number misread.
    const czech = ["P<CZESPECIMEN<<VZOR<<<<<<<<<<<<<<<<<<<<<<<<<", "99003853<1CZE1101018M1207046110101111<<<<<94"];
    expect(acceptMrz(czech, now)).toMatchObject({ birthDate: "1911-01-01" });
    expect(acceptMrz(misread(czech, 1, 30, "D"), now)).toMatchObject({ birthDate: "1911-01-01" });
  });

  it("reads TD1 and TD2 zones with the same corrections", () => {
    for (const format of ["TD1", "TD2"] as const) {
      const lines = makeMrz({ ...passport, format });
      // The birth date: TD1 line 2 column 1, TD2 line 2 column 14.
      const column = format === "TD1" ? 0 : 13;
      expect(acceptMrz(misread(lines, 1, column, "O3O31O"), now)).toMatchObject({ format, birthDate: "2003-03-10" });
    }
  });
});

describe("placeDates", () => {
  it("puts a birth year in this century when that date is not after today or the expiry", () => {
    expect(placeDates("250101", "300101", now)).toEqual({ birthDate: "2025-01-01", expiryDate: "2030-01-01" });
  });

  it("never gives a birth date after today", () => {
    expect(placeDates("261231", "361231", now)?.birthDate).toBe("1926-12-31");
    expect(placeDates("260615", "360615", now)?.birthDate).toBe("2026-06-15");
  });

  it("never gives a birth date after the document's expiry (so after its issue)", () => {
    // Expired in 2020: its holder was born before it was issued, so in 1925, not 2025.
    expect(placeDates("250101", "200101", now)).toEqual({ birthDate: "1925-01-01", expiryDate: "2020-01-01" });
  });

  it("puts an expiry more than fifteen years ahead in the last century", () => {
    expect(placeDates("700101", "890101", now)?.expiryDate).toBe("1989-01-01");
    expect(placeDates("700101", "410101", now)?.expiryDate).toBe("2041-01-01");
  });

  it("puts a holder born less than two years before the expiry in the century before (1911, not 2011)", () => {
    expect(placeDates("110101", "120704", now)?.birthDate).toBe("1911-01-01");
    expect(placeDates("100101", "120704", now)?.birthDate).toBe("2010-01-01");
  });

  it("refuses impossible dates", () => {
    expect(placeDates("700230", "300101", now)).toBeNull();
    expect(placeDates("700101", "301301", now)).toBeNull();
    expect(placeDates("7001O1", "300101", now)).toBeNull();
  });
});

describe("printsBirthDate", () => {
  it("finds the birth date printed as the documents print it", () => {
    for (const text of [
      "10.03.2003",
      "10 03 2003",
      "10 MAR 2003",
      "10 MAR 03",
      "2003-03-10",
      "03/10/2003",
      "1O.O3.2OO3",
    ])
      expect(printsBirthDate(`SURNAME\nDATE OF BIRTH\n${text}  F  NLD`, "2003-03-10")).toBe(true);
  });

  it("does not find another date", () => {
    expect(printsBirthDate("DATE OF BIRTH 10.03.2004\nEXPIRY 02.08.2031", "2003-03-10")).toBe(false);
    expect(printsBirthDate("P<NLDDE<BRUIJN<<WILLEKE", "2003-03-10")).toBe(false);
    expect(printsBirthDate("110 MAR 2003", "2003-03-10")).toBe(false);
  });
});
