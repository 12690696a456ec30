// The bench refuses to measure a build older than the code: it would report old code's figures.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { requireBuild } from "./stack";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project with one source file and a build, each last changed at the given time (seconds). */
function project(times: { source: number; build: number }) {
  const root = mkdtempSync(path.join(os.tmpdir(), "bench-build-"));
  roots.push(root);
  mkdirSync(path.join(root, "lib/verification"), { recursive: true });
  mkdirSync(path.join(root, ".next-bench"));
  const source = path.join(root, "lib/verification/face.ts");
  const buildId = path.join(root, ".next-bench/BUILD_ID");
  writeFileSync(source, "export {};\n");
  writeFileSync(buildId, "abc\n");
  utimesSync(source, times.source, times.source);
  utimesSync(buildId, times.build, times.build);
  return root;
}

describe("requireBuild", () => {
  it("accepts a build newer than every source file", () => {
    expect(() => requireBuild(".next-bench", project({ source: 1_000, build: 2_000 }))).not.toThrow();
  });

  it("refuses a build older than a source file, naming the file and the command", () => {
    const root = project({ source: 3_000, build: 2_000 });
    expect(() => requireBuild(".next-bench", root)).toThrow(
      "The build in .next-bench is older than lib/verification/face.ts, which changed after it was built. Run `NEXT_DIST_DIR=.next-bench npm run build` first.",
    );
  });

  it("does not count the Prisma client that every npm install regenerates", () => {
    const root = project({ source: 1_000, build: 2_000 });
    mkdirSync(path.join(root, "lib/generated/prisma"), { recursive: true });
    writeFileSync(path.join(root, "lib/generated/prisma/client.ts"), "export {};\n");
    expect(() => requireBuild(".next-bench", root)).not.toThrow();
  });

  it("refuses a missing build", () => {
    const root = project({ source: 1_000, build: 2_000 });
    expect(() => requireBuild(".next", root)).toThrow(/No Next.js build in \.next\. Run `npm run build` first/);
  });
});
