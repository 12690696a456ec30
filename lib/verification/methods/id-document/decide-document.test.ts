import { describe, expect, it } from "vitest";
import { ageOn, checkDay, decideDocument } from "@/lib/verification/methods/id-document/decide-document";
import type { DocumentRead } from "@/lib/verification/methods/id-document/types";

const read = (birthDate: string, expiryDate = "2035-01-01"): DocumentRead => ({
  kind: "read",
  source: "mrz",
  format: "TD3",
  documentType: "passport",
  issuingCountry: "NLD",
  birthDate,
  expiryDate,
  physical: { outline: true, portrait: true, printedBirthDate: true },
});
const match = { kind: "match", similarity: 0.8 } as const;
const now = new Date("2026-06-15T12:00:00Z");

describe("ageOn", () => {
  it("counts whole years, the birthday itself included", () => {
    expect(ageOn("2008-06-15", "2026-06-15")).toBe(18);
    expect(ageOn("2008-06-16", "2026-06-15")).toBe(17);
  });
  it("puts a 29 February birthday on 1 March in other years", () => {
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageOn("2008-02-29", "2026-03-01")).toBe(18);
    expect(ageOn("2008-02-29", "2032-02-29")).toBe(24);
  });
});

describe("checkDay", () => {
  it("is the date in UTC-12, the last zone to reach it", () => {
    expect(checkDay(new Date("2026-06-15T11:59:00Z"))).toBe("2026-06-14");
    expect(checkDay(new Date("2026-06-15T12:00:00Z"))).toBe("2026-06-15");
  });
});

describe("decideDocument", () => {
  it("passes an adult whose face matches, at medium confidence at most", () => {
    expect(decideDocument({ read: read("2000-01-01"), match, requiredAge: 18, now })).toEqual({
      result: "pass",
      confidence: "medium",
      reason: "old_enough",
    });
  });
  it("fails a valid document of someone too young whose face matches", () => {
    expect(decideDocument({ read: read("2008-06-16"), match, requiredAge: 18, now })).toMatchObject({
      result: "fail",
      reason: "too_young",
    });
    expect(decideDocument({ read: read("2008-06-16"), match, requiredAge: 16, now }).result).toBe("pass");
  });
  it("is inconclusive for an expired document, whatever the age", () => {
    expect(decideDocument({ read: read("1990-01-01", "2026-06-14"), match, requiredAge: 18, now })).toMatchObject({
      result: "inconclusive",
      reason: "expired",
    });
    // Valid through its expiry day.
    expect(decideDocument({ read: read("1990-01-01", "2026-06-15"), match, requiredAge: 18, now }).result).toBe("pass");
  });
  it("is inconclusive when the faces do not match, the selfie is a spoof or the document has no face", () => {
    for (const [m, reason] of [
      [{ kind: "mismatch", similarity: 0.1 }, "face_mismatch"],
      [{ kind: "spoof" }, "spoof"],
      [{ kind: "no_face", which: "document" }, "no_face_on_document"],
    ] as const) {
      expect(decideDocument({ read: read("1990-01-01"), match: m, requiredAge: 18, now })).toMatchObject({
        result: "inconclusive",
        reason,
      });
    }
  });
  it("never passes a birth date in the future", () => {
    expect(decideDocument({ read: read("2027-01-01"), match, requiredAge: 18, now }).result).toBe("inconclusive");
  });

  it.each(["outline", "portrait", "printedBirthDate"] as const)(
    "never passes a zone without the document's %s (a zone typed on a sheet of paper)",
    (missing) => {
      const typed = {
        ...read("2000-01-01"),
        physical: { outline: true, portrait: true, printedBirthDate: true, [missing]: false },
      };
      expect(decideDocument({ read: typed, match, requiredAge: 18, now })).toEqual({
        result: "inconclusive",
        confidence: "low",
        reason: "not_a_document",
      });
    },
  );

  it("never passes a zone read without the physical checks", () => {
    const { physical: _, ...bare } = read("2000-01-01");
    expect(decideDocument({ read: bare, match, requiredAge: 18, now })).toMatchObject({ reason: "not_a_document" });
  });

  it("never passes a barcode alone (a generated PDF417 on paper beside a portrait, issue 46)", () => {
    const { physical: _, format: __, ...rest } = read("1990-01-01");
    const barcode: DocumentRead = { ...rest, source: "pdf417", documentType: "driving_licence", issuingCountry: "USA" };
    expect(decideDocument({ read: barcode, match, requiredAge: 18, now })).toEqual({
      result: "inconclusive",
      confidence: "low",
      reason: "not_a_document",
    });
  });

  it("never passes a specimen of ICAO 9303's fictional Utopia, however it reads", () => {
    expect(
      decideDocument({ read: { ...read("2000-01-01"), issuingCountry: "UTO" }, match, requiredAge: 18, now }),
    ).toEqual({
      result: "inconclusive",
      confidence: "low",
      reason: "specimen",
    });
  });
});
