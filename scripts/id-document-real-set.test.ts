import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkDigit } from "@/eval/id-document/make-mrz";
import { loadRealSet, REAL_SET_DIR, splitOf } from "@/eval/id-document-real/real-set";

const set = loadRealSet();

describe("the real-document evaluation set", () => {
  it("has every zone's birth date confirm the date read by eye, through its check digit", () => {
    for (const document of set.filter((d) => d.zoneBirthDate)) {
      const printed = document.zoneBirthDate!;
      // A few specimens' check digits are wrong as printed (some on purpose): those must be refused.
      if (checkDigit(printed) !== document.zoneBirthDateCheckDigit) {
        expect(document.perfectReadingAccepts, document.id).toBe(false);
        expect(document.note, document.id).toMatch(/check digits? do(es)? not match/);
      }
      expect(document.birthDate?.slice(2).replace(/-/g, ""), document.id).toBe(printed);
    }
    // ICAO's own example with bad check digits, which its source marks as such, is among them.
    const bad = set.filter((d) => d.zoneBirthDate && checkDigit(d.zoneBirthDate) !== d.zoneBirthDateCheckDigit);
    expect(bad.map((d) => d.id)).toContain("ar-asu-passport-bad-check-digits");
  });

  it("places every document by the hash of its group, so copies of one specimen share a side", () => {
    for (const document of set) expect(document.split, document.id).toBe(splitOf(document.group));
    const sides = new Map<string, Set<string>>();
    for (const d of set) sides.set(d.group, (sides.get(d.group) ?? new Set()).add(d.split));
    expect([...sides.values()].every((s) => s.size === 1)).toBe(true);
    expect(new Set(set.map((d) => d.split))).toEqual(new Set(["tuning", "held_out"]));
  });

  it("commits only permissively licensed images, unchanged from their source", () => {
    for (const document of set) {
      expect(document.committed, document.id).toBe(document.source.licence === "MIT");
      expect(document.source.commit).toMatch(/^[0-9a-f]{40}$/);
      if (!document.committed) continue;
      const bytes = readFileSync(path.join(REAL_SET_DIR, document.file));
      expect(createHash("sha256").update(bytes).digest("hex"), document.id).toBe(document.sha256);
    }
  });
});
