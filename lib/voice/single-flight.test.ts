import { describe, expect, it } from "vitest";
import { SingleFlight, StaleWhileErrorCache } from "@/lib/voice/single-flight";

describe("SingleFlight", () => {
  it("runs concurrent work for one key once and tells joiners they shared it", async () => {
    const flight = new SingleFlight<number>();
    let runs = 0;
    const work = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 20));
      return 42;
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => flight.run("k", work)));
    expect(runs).toBe(1);
    expect(results.map((r) => r.value)).toEqual([42, 42, 42, 42, 42]);
    expect(results.filter((r) => !r.shared)).toHaveLength(1);
    expect(flight.size).toBe(0);
    await flight.run("k", work);
    expect(runs).toBe(2); // finished work is not remembered
  });

  it("shares a failure with everyone waiting, and forgets it", async () => {
    const flight = new SingleFlight<number>();
    const failing = () => Promise.reject(new Error("boom"));
    const results = await Promise.allSettled([flight.run("k", failing), flight.run("k", failing)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect((await flight.run("k", async () => 1)).value).toBe(1);
  });
});

describe("StaleWhileErrorCache", () => {
  it("does not cache values cacheIf refuses", async () => {
    const cache = new StaleWhileErrorCache<string | null>(() => 60_000);
    let loads = 0;
    const load = async () => {
      loads++;
      return null;
    };
    await cache.get("x", load, { cacheIf: (v) => v !== null });
    await cache.get("x", load, { cacheIf: (v) => v !== null });
    expect(loads).toBe(2);
  });
});
