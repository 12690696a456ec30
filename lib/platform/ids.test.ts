import { describe, expect, it } from "vitest";
import { hasIdShape, idPattern, newId, randomBase62 } from "@/lib/platform/ids";

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

  it("never repeats across the random pool's refills and keeps every character about equally likely", () => {
    // 2,000 ids of 24 characters draw about 52 KB: a dozen refills of the pool.
    const ids = Array.from({ length: 2000 }, () => randomBase62(24));
    expect(new Set(ids).size).toBe(ids.length);
    const counts = new Map<string, number>();
    for (const id of ids) for (const c of id) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (ids.length * 24) / 62;
    // Chi-square with 61 degrees of freedom: 120 is far beyond its 99.999th percentile (~115),
    // so a uniform source fails this about once in 10^5 runs, a skewed one (a byte reused, a
    // character favoured) at once.
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(120);
  });
});
