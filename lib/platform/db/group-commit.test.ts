// Group commit (lib/platform/db/group-commit.ts) over a fake write that records its batches and is held
// open until the test releases it, so what arrives during a write is seen to wait for the next.
import { describe, expect, it } from "vitest";
import { groupCommit } from "@/lib/platform/db/group-commit";

/** A write that records each batch and finishes only when released; rows named "bad" are refused. */
function heldWrite() {
  const batches: string[][] = [];
  const releases: (() => void)[] = [];
  const write = async (rows: string[]) => {
    batches.push(rows);
    await new Promise<void>((resolve) => releases.push(resolve));
    if (rows.includes("bad")) throw new Error(`refused: ${rows.join(",")}`);
  };
  const releaseAll = async () => {
    // Keep releasing until no write is waiting (retries and later batches start after earlier ones).
    for (let idle = 0; idle < 5; idle++) {
      await new Promise((resolve) => setImmediate(resolve));
      if (releases.length) {
        idle = 0;
        releases.splice(0).forEach((release) => release());
      }
    }
  };
  return { write, batches, releaseAll };
}

describe("groupCommit", () => {
  it("writes a row at once when idle, and the rows that arrive meanwhile together, in arrival order", async () => {
    const { write, batches, releaseAll } = heldWrite();
    const record = groupCommit(write);
    const first = record("a");
    expect(batches).toEqual([["a"]]);
    const rest = ["b", "c", "d"].map((row) => record(row));
    expect(batches).toHaveLength(1);
    await releaseAll();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([["a"], ["b", "c", "d"]]);
  });

  it("keeps batches to maxBatch rows", async () => {
    const { write, batches, releaseAll } = heldWrite();
    const record = groupCommit(write, 2);
    const all = ["a", "b", "c", "d", "e"].map((row) => record(row));
    await releaseAll();
    await Promise.all(all);
    expect(batches).toEqual([["a"], ["b", "c"], ["d", "e"]]);
  });

  it("fails only the caller whose row is refused: the other rows of its batch are written on their own", async () => {
    const { write, batches, releaseAll } = heldWrite();
    const record = groupCommit(write);
    const first = record("a");
    const batch = ["b", "bad", "c"].map((row) => record(row));
    const settled = Promise.allSettled([first, ...batch]);
    await releaseAll();
    const outcomes = (await settled).map((o) => o.status);
    expect(outcomes).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(batches).toEqual([["a"], ["b", "bad", "c"], ["b"], ["bad"], ["c"]]);
    const refused = (await settled)[2] as PromiseRejectedResult;
    expect(String(refused.reason)).toMatch(/refused: bad$/);
  });

  it("takes new rows after a failure", async () => {
    const { write, batches, releaseAll } = heldWrite();
    const record = groupCommit(write);
    const refused = expect(record("bad")).rejects.toThrow(/refused/);
    await releaseAll();
    await refused;
    const later = record("e");
    await releaseAll();
    await expect(later).resolves.toBeUndefined();
    expect(batches).toEqual([["bad"], ["e"]]);
  });
});
