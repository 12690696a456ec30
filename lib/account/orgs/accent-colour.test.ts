import { describe, expect, it } from "vitest";
import { contrastWithWhite, MIN_CONTRAST, normaliseHexColour } from "@/lib/account/orgs/accent-colour";

describe("the accent colour", () => {
  it("accepts #rgb and #rrggbb in any case, and nothing else", () => {
    expect(normaliseHexColour("#0A5")).toBe("#00aa55");
    expect(normaliseHexColour(" #075985 ")).toBe("#075985");
    for (const bad of ["075985", "#07598", "#0759855", "red", "#ggg", "", "#075985;x"])
      expect(normaliseHexColour(bad)).toBeNull();
  });

  it("measures WCAG contrast against white: black 21, white 1, the default sky-800 passes, a light yellow fails", () => {
    expect(contrastWithWhite("#000000")).toBeCloseTo(21, 5);
    expect(contrastWithWhite("#ffffff")).toBeCloseTo(1, 5);
    // WCAG's own example figure: #767676 is the lightest grey that keeps 4.5:1 on white.
    expect(contrastWithWhite("#767676")).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastWithWhite("#777777")).toBeLessThan(MIN_CONTRAST);
    expect(contrastWithWhite("#075985")).toBeGreaterThan(MIN_CONTRAST);
    expect(contrastWithWhite("#ffd700")).toBeLessThan(MIN_CONTRAST);
  });
});
