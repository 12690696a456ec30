// The heap snapshot reader behind docs/operations.md#memory: retained sizes must follow the
// dominator tree (an object reachable two ways is nobody's alone), weak references must not
// retain, and a large object must be found with what holds it, in a snapshot V8 itself wrote.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { LARGE_OBJECT_BYTES, dominators, parseHeapSnapshot, summarizeHeap } from "./heap-snapshot";

const META = {
  node_fields: ["type", "name", "id", "self_size", "edge_count", "trace_node_id", "detachedness"],
  node_types: [["hidden", "array", "string", "object", "code", "closure"], "string", "number", "number", "number"],
  edge_fields: ["type", "name_or_index", "to_node"],
  edge_types: [
    ["context", "element", "property", "internal", "hidden", "shortcut", "weak"],
    "string_or_number",
    "node",
  ],
};

/** A snapshot file from nodes [type, name, size] and edges [from, type, name, to]. */
function snapshotFile(nodes: [number, string, number][], edges: [number, number, string, number][]): Buffer {
  const strings: string[] = [];
  const str = (s: string) => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1);
  const nodeNumbers = nodes.flatMap(([type, name, size], i) => [
    type,
    str(name),
    i * 2 + 1,
    size,
    edges.filter(([from]) => from === i).length,
    0,
    0,
  ]);
  const edgeNumbers = [...edges]
    .sort((a, b) => a[0] - b[0])
    .flatMap(([, type, name, to]) => [type, str(name), to * META.node_fields.length]);
  return Buffer.from(
    `{"snapshot":{"meta":${JSON.stringify(META)},"node_count":${nodes.length},"edge_count":${edges.length}},\n` +
      `"nodes":[${nodeNumbers.join(",")}],\n"edges":[${edgeNumbers.join(",")}],\n"strings":${JSON.stringify(strings)}}`,
  );
}

const OBJECT = 3;
const PROPERTY = 2;
const WEAK = 6;

describe("dominators", () => {
  // root → a → c, root → b → c, a → d, b ⇢ d (weak), d → e
  const file = snapshotFile(
    [
      [0, "(root)", 0],
      [OBJECT, "A", 10],
      [OBJECT, "B", 20],
      [OBJECT, "C", 100],
      [OBJECT, "D", 1000],
      [OBJECT, "E", 5000],
    ],
    [
      [0, PROPERTY, "a", 1],
      [0, PROPERTY, "b", 2],
      [1, PROPERTY, "c", 3],
      [2, PROPERTY, "c", 3],
      [1, PROPERTY, "d", 4],
      [2, WEAK, "d", 4],
      [4, PROPERTY, "e", 5],
    ],
  );

  it("charges what is reachable two ways to neither, and ignores weak references", () => {
    const snapshot = parseHeapSnapshot(file);
    const { dominator, retained } = dominators(snapshot);
    expect([...dominator.slice(1)]).toEqual([0, 0, 0, 1, 4]);
    expect(retained[1]).toBe(10 + 1000 + 5000); // A keeps D and E alone; C is shared with B
    expect(retained[2]).toBe(20);
    expect(retained[0]).toBe(10 + 20 + 100 + 1000 + 5000);
  });

  it("adds up a class once per dominator path", () => {
    const summary = summarizeHeap(parseHeapSnapshot(file));
    const row = (name: string) => summary.classes.find((c) => c.name === name);
    expect(row("D")).toMatchObject({ count: 1, selfBytes: 1000, retainedBytes: 6000 });
    expect(summary.totalBytes).toBe(6130);
  });

  it("rejects a file that is not a heap snapshot", () => {
    expect(() => parseHeapSnapshot(Buffer.from('{"nodes":[1,2]}'))).toThrow();
  });
});

describe("summarizeHeap on a snapshot V8 wrote", () => {
  it("finds a large string in the large-object space and the property that holds it", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "heap-snapshot-"));
    const holder = {
      heldForTheTest: "abc"
        .repeat(LARGE_OBJECT_BYTES / 2)
        .split("")
        .join(""),
    };
    try {
      const file = v8.writeHeapSnapshot(path.join(dir, "test.heapsnapshot"));
      const summary = summarizeHeap(parseHeapSnapshot(readFileSync(file)));
      const found = summary.largeObjects.find((o) => o.preview.startsWith('"abcabc'));
      expect(found?.selfBytes).toBeGreaterThanOrEqual(holder.heldForTheTest.length);
      expect(found?.heldBy).toMatch(/^Object \.heldForTheTest/);
      const testFile = summary.scripts.find((s) => s.name.endsWith("heap-snapshot.test.ts"));
      expect(testFile?.sourceBytes).toBeGreaterThan(0);
      expect(testFile?.codeBytes).toBeGreaterThan(0); // this very function is compiled
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
