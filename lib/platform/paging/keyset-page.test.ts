import { describe, expect, it } from "vitest";
import { olderThan, pageLimit, toKeysetPage } from "@/lib/platform/paging/keyset-page";

describe("keyset paging", () => {
  it("asks for nothing more on the first page, and for strictly older rows after an anchor", () => {
    expect(olderThan("startedAt", null)).toEqual({});
    const at = new Date("2026-01-02T03:04:05.678Z");
    expect(olderThan("startedAt", { id: "dat_b", at })).toEqual({
      OR: [{ startedAt: { lt: at } }, { startedAt: at, id: { lt: "dat_b" } }],
    });
  });

  it("shows `limit` rows and points at the last one shown only when another row was fetched", () => {
    const rows = ["c", "b", "a"].map((id) => ({ id }));
    expect(toKeysetPage(rows, 2, (r) => r.id.toUpperCase())).toEqual({ data: ["C", "B"], nextBefore: "b" });
    expect(toKeysetPage(rows, 3, (r) => r.id)).toEqual({ data: ["c", "b", "a"], nextBefore: null });
    expect(toKeysetPage([], 3, (r: { id: string }) => r.id)).toEqual({ data: [], nextBefore: null });
  });

  it("clamps the page size", () => {
    expect(pageLimit(undefined, 50, 100)).toBe(50);
    expect(pageLimit(0, 50, 100)).toBe(1);
    expect(pageLimit(1000, 50, 100)).toBe(100);
    expect(pageLimit(7, 50, 100)).toBe(7);
  });
});
