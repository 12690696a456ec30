import { describe, expect, it } from "vitest";
import { aamvaPayload } from "@/eval/id-document/render-document";
import { parseAamva } from "./aamva.mjs";

type Options = {
  version?: number;
  /** Whatever comes before the compliance indicator. */
  lead?: string;
  /** The three separators after "@". */
  separators?: string;
  fileType?: string;
  /** Replaces a designator's offset (by subfile index). */
  offsets?: Record<number, number>;
  /** Added to a designator's length (by subfile index). */
  lengthDelta?: Record<number, number>;
};

/** An AAMVA file with correct designators for `subfiles` ([type, elements]) unless told otherwise. */
function payload(subfiles: [string, string[]][], options: Options = {}): string {
  const version = options.version ?? 8;
  const jurisdiction = version >= 2 ? "00" : "";
  const head = `@${options.separators ?? "\n\x1e\r"}${options.fileType ?? "ANSI "}636014${String(version).padStart(2, "0")}${jurisdiction}${String(subfiles.length).padStart(2, "0")}`;
  const bodies = subfiles.map(([type, elements]) => `${type}${elements.join("\n")}\r`);
  let offset = head.length + 10 * subfiles.length;
  const designators = bodies.map((body, i) => {
    const at = options.offsets?.[i] ?? offset;
    offset += body.length;
    const length = body.length + (options.lengthDelta?.[i] ?? 0);
    return `${subfiles[i]![0]}${String(at).padStart(4, "0")}${String(length).padStart(4, "0")}`;
  });
  return `${options.lead ?? ""}${head}${designators.join("")}${bodies.join("")}`;
}

/** The date of birth parsed, or why the payload was refused. */
const birthOf = (text: string) => {
  const parsed = parseAamva(text);
  return "error" in parsed ? parsed.error : parsed.birthDate;
};

const DL = ["DAQD1234567", "DCSMOREAU", "DACLUCIA", "DBB07141990", "DBA07142031", "DCGUSA"];

describe("parseAamva", () => {
  it("reads the generated licences' payload (version 08, one DL subfile)", () => {
    const text = aamvaPayload({
      state: "CA",
      iin: "636014",
      surname: "MOREAU",
      givenNames: "LUCIA",
      licenceNumber: "D1234567",
      birthDate: "07141990",
      expiryDate: "07142031",
    });
    expect(parseAamva(text)).toEqual({
      version: 8,
      iin: "636014",
      documentType: "driving_licence",
      issuingCountry: "USA",
      birthDate: "1990-07-14",
      expiryDate: "2031-07-14",
    });
  });

  it("accepts the compliance indicator after leading whitespace, and the separators' variants", () => {
    for (const lead of [" ", "\n", "\r\n  "]) expect(birthOf(payload([["DL", DL]], { lead }))).toBe("1990-07-14");
    for (const separators of ["\n\x1e\r", "\n\n\r", "\n\x1c\r", "\n\r", "\x1e\r"])
      expect(birthOf(payload([["DL", DL]], { separators })), JSON.stringify(separators)).toBe("1990-07-14");
    expect(birthOf(payload([["DL", DL]], { fileType: "ANSI" }))).toBe("1990-07-14");
  });

  it("reads version 1 (no jurisdiction version, file type AAMVA, dates CCYYMMDD)", () => {
    const v1 = ["DAQ123456", "DBB19900714", "DBA20310714"];
    expect(parseAamva(payload([["DL", v1]], { version: 1, fileType: "AAMVA" }))).toMatchObject({
      version: 1,
      birthDate: "1990-07-14",
      expiryDate: "2031-07-14",
    });
  });

  it("reads Canadian dates as CCYYMMDD and an ID card's subfile as an ID card", () => {
    const can = ["DAQ123", "DBB19900714", "DBA20310714", "DCGCAN"];
    expect(parseAamva(payload([["ID", can]]))).toMatchObject({
      documentType: "id_card",
      issuingCountry: "CAN",
      birthDate: "1990-07-14",
    });
  });

  it("takes the date of birth from the DL subfile only, never from a jurisdiction's subfile or loose text", () => {
    const withZ = payload([
      ["DL", DL],
      ["ZC", ["ZCADBB01011950"]],
    ]);
    expect(birthOf(withZ)).toBe("1990-07-14");
    // No DBB in the DL subfile: a DBB elsewhere (a Z subfile, text before the header) is not used.
    const noDbb = DL.filter((e) => !e.startsWith("DBB"));
    expect(
      parseAamva(
        payload([
          ["DL", noDbb],
          ["ZC", ["DBB01011950"]],
        ]),
      ),
    ).toEqual({ error: "bad_date" });
    expect(parseAamva(`DBB01011950\n${payload([["DL", noDbb]])}`)).toEqual({ error: "not_aamva" });
    // A card with only a jurisdiction's subfile has no card data at all.
    expect(parseAamva(payload([["ZC", ["DBB07141990"]]]))).toEqual({ error: "no_card_subfile" });
  });

  it("refuses impossible dates", () => {
    for (const dbb of ["02301990", "00000000", "02292001", "13011990", "07001990", "0714199", "07141890"]) {
      const elements = DL.map((e) => (e.startsWith("DBB") ? `DBB${dbb}` : e));
      expect(parseAamva(payload([["DL", elements]])), dbb).toEqual({ error: "bad_date" });
    }
    const leapDay = DL.map((e) => (e.startsWith("DBB") ? "DBB02292000" : e));
    expect(birthOf(payload([["DL", leapDay]]))).toBe("2000-02-29");
  });

  it("refuses designators whose offset or length point outside the data", () => {
    const text = payload([["DL", DL]]);
    expect(parseAamva(payload([["DL", DL]], { offsets: { 0: text.length + 5 } }))).toEqual({
      error: "offset_outside_data",
    });
    expect(parseAamva(payload([["DL", DL]], { lengthDelta: { 0: 40 } }))).toEqual({ error: "offset_outside_data" });
    // Into the header (and not the 0000 some encoders write).
    expect(parseAamva(payload([["DL", DL]], { offsets: { 0: 7 } }))).toEqual({ error: "offset_outside_data" });
    // Pointing inside the data but not at the subfile's type.
    expect(parseAamva(payload([["DL", DL]], { offsets: { 0: 34 }, lengthDelta: { 0: -3 } }))).toEqual({
      error: "bad_designator",
    });
  });

  it("accepts the zero offset some encoders write for the first subfile, and a final CR dropped by the reader", () => {
    expect(birthOf(payload([["DL", DL]], { offsets: { 0: 0 } }))).toBe("1990-07-14");
    expect(birthOf(payload([["DL", DL]]).slice(0, -1))).toBe("1990-07-14");
  });

  it("refuses text that is not AAMVA, and headers cut short", () => {
    for (const text of [
      "",
      "DBB07141990",
      "@\n\x1e\rANSI 63601",
      "hello @ANSI 636014080001",
      "@\n\x1e\rANSI 6360140800",
    ])
      expect(parseAamva(text), JSON.stringify(text)).toEqual({ error: "not_aamva" });
    expect(parseAamva("@\n\x1e\rANSI 6360140800019L00410288")).toEqual({ error: "bad_designator" });
  });
});
