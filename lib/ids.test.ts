import { describe, expect, it } from "vitest";
import { hasIdShape, idPattern, newId, randomBase62 } from "@/lib/ids";

describe("ids", () => {
  it("makes base62 ids of the asked length with their prefix", () => {
    const id = newId("vs");
    expect(id).toMatch(/^vs_[0-9A-Za-z]{24}$/);
    expect(randomBase62(300)).toMatch(/^[0-9A-Za-z]{300}$/);
    expect(new Set(Array.from({ length: 50 }, () => newId("vs"))).size).toBe(50);
  });

  it("has one id shape: the prefix, then 1 to 64 letters and digits", () => {
    expect(hasIdShape("vs", newId("vs"))).toBe(true);
    expect(hasIdShape("vs", `vs_${"a".repeat(64)}`)).toBe(true);
    for (const bad of ["vs_", `vs_${"a".repeat(65)}`, "vs_ab\u0000c", "vs_ab-c", "whe_abc", "xvs_abc", " vs_abc"]) {
      expect(hasIdShape("vs", bad), JSON.stringify(bad)).toBe(false);
    }
    expect(idPattern("whe").test("whe_abc")).toBe(true);
    expect(idPattern("whe")).toBe(idPattern("whe"));
  });
});
