import { describe, expect, it } from "vitest";
import { Semaphore, SingleFlight, StaleWhileErrorCache } from "@/lib/platform/single-flight";

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

  it("keeps at most maxEntries keys, dropping the one stored longest ago", async () => {
    const cache = new StaleWhileErrorCache<string>(() => 60_000, 30_000, Date.now, 2);
    const loads: string[] = [];
    const load = (key: string) => async () => {
      loads.push(key);
      return key;
    };
    for (const key of ["a", "b", "c", "b", "a"]) await cache.get(key, load(key));
    // "a" was dropped when "c" came, and loaded again; "b" and "c" stayed.
    expect(loads).toEqual(["a", "b", "c", "a"]);
  });
});

describe("Semaphore", () => {
  it("never runs more than its limit at once, and runs everything", async () => {
    const slots = new Semaphore(3);
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        slots.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
          done.push(i);
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("frees the slot when a task fails", async () => {
    const slots = new Semaphore(1);
    await expect(slots.run(() => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(await slots.run(async () => 7)).toBe(7);
  });
});
