import path from "node:path";
import madge from "madge";
import { describe, expect, it } from "vitest";
import { folderOf } from "../../lint/no-folder-cycle.mjs";

// madge over the app's code (generated Prisma code and tests aside): no file cycle, and no cycle
// between folders at either level the layers name: lib/<layer> (and the top-level app,
// components, inngest), and the folders of each layer, lib/<layer>/<folder>, where a layer's
// top-level files count as one more folder (lib/<layer>/(top level)).
const root = path.resolve(import.meta.dirname, "../..");

type Graph = Record<string, string[]>;

/** Folder-level strongly connected components of more than one folder (Tarjan). */
function folderCycles(files: Graph, folderOfFile: (file: string) => string | null): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [file, imports] of Object.entries(files)) {
    const from = folderOfFile(file);
    if (!from) continue;
    for (const imported of imports) {
      const to = folderOfFile(imported);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    for (const next of edges.get(folder) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
      }
    }
    if (low.get(folder) === index.get(folder)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== folder);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const folder of edges.keys()) if (!index.has(folder)) visit(folder);
  return cycles;
}

/** lib/<layer>, or the top-level folder (app, components, inngest). */
const layerOf = (file: string) => {
  const parts = file.split("/");
  return parts[0] === "lib" ? parts.slice(0, 2).join("/") : parts[0];
};

describe("folder cycles, as counted here", () => {
  it("are found when two folders import each other through files in no cycle", () => {
    const files: Graph = {
      "lib/account/teams/a.ts": ["lib/account/users/b.ts"],
      "lib/account/users/b.ts": [],
      "lib/account/users/c.ts": ["lib/account/teams/d.ts"],
      "lib/account/teams/d.ts": [],
      "lib/platform/log.ts": [],
    };
    expect(folderCycles(files, folderOf)).toEqual([["lib/account/teams", "lib/account/users"]]);
    expect(folderCycles(files, layerOf)).toEqual([]);
  });

  it("count a layer's top-level files as a folder of it, so a cycle through them is found", () => {
    // create-tts.ts uses providers/, and a provider uses schemas.ts beside create-tts.ts.
    const files: Graph = {
      "lib/voice/create-tts.ts": ["lib/voice/providers/speech-provider.ts"],
      "lib/voice/providers/speech-provider.ts": [],
      "lib/voice/providers/local-voice.ts": ["lib/voice/schemas.ts"],
      "lib/voice/schemas.ts": [],
    };
    expect(folderCycles(files, folderOf)).toEqual([["lib/voice/(top level)", "lib/voice/providers"]]);
    delete files["lib/voice/providers/local-voice.ts"];
    expect(folderCycles(files, folderOf)).toEqual([]);
  });
});

describe("the app's import graph (madge)", () => {
  it("has no file cycle and no folder cycle at the layers' levels", { timeout: 300_000 }, async () => {
    const result = await madge(["lib", "app", "components", "inngest"], {
      baseDir: root,
      fileExtensions: ["ts", "tsx", "mjs"],
      tsConfig: path.join(root, "tsconfig.json"),
      excludeRegExp: [/^lib\/generated\//, /\.test\.ts$/, /\.d\.m?ts$/],
    });
    const files: Graph = result.obj();
    // The graph is the app's: every layer is in it, so an empty answer is not an empty graph.
    const layers = new Set(Object.keys(files).map(layerOf));
    for (const layer of [
      "lib/platform",
      "lib/account",
      "lib/verification",
      "lib/voice",
      "lib/edge",
      "inngest",
      "app",
    ]) {
      expect(layers).toContain(layer);
    }
    expect(Object.keys(files).length).toBeGreaterThan(400);
    expect(result.circular()).toEqual([]);
    expect(folderCycles(files, layerOf)).toEqual([]);
    expect(folderCycles(files, folderOf)).toEqual([]);
  });
});
