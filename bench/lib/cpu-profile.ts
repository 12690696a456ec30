// Reads a V8 .cpuprofile (node --cpu-prof) and sums its samples inside a time window: self time
// by function and by where the code comes from (the framework, a package, our own lib/ modules,
// GC), and the heaviest stacks that pass through our own code. Used by bench/profile-hot-paths.ts.
import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; parent?: number; children?: number[] };
type CpuProfile = {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

/** Where a frame's code comes from: a package, a module of ours, or the engine itself. */
type Attributed = { category: string; module: string; ours: boolean; line?: number; name?: string };

export type WindowSummary = {
  /** Sampled milliseconds inside the window (all threads of the one process's main isolate). */
  totalMs: number;
  idleMs: number;
  byCategory: [string, number][];
  /**
   * Each sample given to the nearest frame up its stack that is a package or our own module,
   * so Node's internals and V8's built-ins count for whoever called them (GC stays GC).
   */
  byOwner: [string, number][];
  /** Time with any of our route handlers' or lib/ modules' frames on the stack (proxy.ts apart, which runs for every request). */
  underOurHandlersMs: number;
  /** Our modules by the time spent at or under any of their functions (a sample counts once per module). */
  underOurModules: [string, number][];
  byFunction: [string, number][];
  /**
   * Next.js's functions (and the web streams, Request and AsyncLocalStorage work Node does for
   * them) by the time spent at or under each, a sample counted once per function: set side by
   * side for an API route and the empty handler, they show where Next does more for one.
   */
  underNextFunctions: [string, number][];
  /** Stacks (outermost first, our frames only, collapsed) by the time spent at or under them. */
  ourStacks: [string, number][];
};

/** A build chunk's source map (Next writes one beside each server chunk), or none. */
function loadSourceMap(file: string): SourceMap | undefined {
  try {
    return new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")));
  } catch {
    return undefined;
  }
}

function packageOf(modulePath: string): string {
  const at = modulePath.lastIndexOf("node_modules/");
  if (at < 0) return "";
  const rest = modulePath.slice(at + "node_modules/".length).split("/");
  return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
}

// The job engine, its handlers and the Inngest edge: background work, not a route handler's.
const isJobModule = (m: string) => /^(lib\/[a-z-]+\/jobs|inngest)\//.test(m);

function categoryOfModule(encodedPath: string): Attributed {
  const modulePath = decodeURIComponent(encodedPath);
  const pkg = packageOf(modulePath);
  if (pkg) {
    const frameworkPath = modulePath.includes("next/dist/compiled/next-server")
      ? "next (server runtime)"
      : modulePath.includes("next/dist/compiled/react") || pkg.startsWith("react")
        ? "react"
        : pkg === "next"
          ? "next (server runtime)"
          : pkg;
    return { category: frameworkPath, module: modulePath.slice(modulePath.lastIndexOf("node_modules/")), ours: false };
  }
  const top = modulePath.split("/")[0];
  if (top === "lib") {
    // lib/<layer>/<folder>: the layer alone says too little (lib/platform holds db, http, log...).
    const sub = modulePath.split("/").slice(0, 3).join("/");
    return { category: `ours: ${sub}`, module: modulePath, ours: true };
  }
  return { category: `ours: ${top}`, module: modulePath, ours: true };
}

export function summariseWindow(
  file: string,
  projectRoot: string,
  window: { fromUs: number; toUs: number },
  options: { functions?: number; stacks?: number } = {},
): WindowSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) nodes.get(c)!.parent = n.id;

  const sourceMaps = new Map<string, SourceMap | undefined>();
  const attributed = new Map<number, Attributed>();
  const attribute = (node: ProfileNode): Attributed => {
    const known = attributed.get(node.id);
    if (known) return known;
    const { url, functionName, lineNumber } = node.callFrame;
    let result: Attributed;
    if (!url) {
      const engine = functionName.startsWith("(") ? functionName : `native ${functionName || "(anonymous)"}`;
      result = {
        category:
          functionName === "(garbage collector)"
            ? "GC"
            : engine === "(idle)"
              ? "idle"
              : engine.startsWith("native")
                ? "native (V8 and Node built-ins)"
                : `engine: ${engine}`,
        module: engine.slice(0, 60),
        ours: false,
      };
    } else if (url.startsWith("wasm:")) {
      // The only WebAssembly the server runs is Prisma's query compiler.
      result = { category: "@prisma/client (query compiler, wasm)", module: "wasm", ours: false };
    } else if (url.startsWith("node:")) {
      result = { category: `node: ${url.slice(5).split("/")[0]}`, module: url, ours: false };
    } else {
      const filePath = decodeURIComponent(url.replace(/^file:\/\//, ""));
      const relative = path.relative(projectRoot, filePath);
      if (relative.startsWith(".next")) {
        // Minified build chunks: the source map names the module and the function.
        if (!sourceMaps.has(filePath)) sourceMaps.set(filePath, loadSourceMap(filePath));
        const entry = sourceMaps.get(filePath)?.findEntry(lineNumber, node.callFrame.columnNumber);
        const original = entry && "originalSource" in entry ? entry : undefined;
        if (original?.originalSource?.startsWith("turbopack:")) {
          result = { category: "next (turbopack runtime)", module: "turbopack runtime", ours: false };
        } else if (original?.originalSource) {
          const source = path.relative(
            projectRoot,
            path.resolve(path.dirname(filePath), original.originalSource.replace(/^file:\/\//, "")),
          );
          result = {
            ...categoryOfModule(source),
            line: original.originalLine + 1,
            name: (original as { name?: string }).name,
          };
        } else {
          result = { category: "next (build chunk, unmapped)", module: relative, ours: false };
        }
      } else {
        result = categoryOfModule(relative);
      }
    }
    attributed.set(node.id, result);
    return result;
  };
  const label = (node: ProfileNode) => {
    const a = attribute(node);
    return `${a.name || node.callFrame.functionName || "(anonymous)"} ${a.module}:${a.line ?? node.callFrame.lineNumber + 1}`;
  };

  const byCategory = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const ourStacks = new Map<string, number>();
  const byOwner = new Map<string, number>();
  const underOurModules = new Map<string, number>();
  const underNextFunctions = new Map<string, number>();
  const isCode = (a: Attributed) =>
    !a.category.startsWith("node: ") && !a.category.startsWith("native") && !a.category.startsWith("engine");
  let underOurHandlersMs = 0;
  let totalMs = 0;
  let idleMs = 0;
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i];
    // A sample's weight is the time until the next one.
    const next = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0;
    if (time < window.fromUs || time >= window.toUs) continue;
    const ms = Math.max(0, next) / 1000;
    const node = nodes.get(profile.samples[i])!;
    const a = attribute(node);
    if (a.category === "idle") {
      idleMs += ms;
      continue;
    }
    totalMs += ms;
    byCategory.set(a.category, (byCategory.get(a.category) ?? 0) + ms);
    const fn = `${label(node)} [${a.category}]`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    // The stack through our own frames, outermost first, each function once in a row.
    const ours: string[] = [];
    const modules = new Set<string>();
    const nextFunctions = new Set<string>();
    let owner = "";
    for (let n: ProfileNode | undefined = node; n; n = n.parent ? nodes.get(n.parent) : undefined) {
      if (!owner && n.callFrame.url && isCode(attribute(n))) owner = attribute(n).category;
      if (n.callFrame.url && attribute(n).category.startsWith("next")) nextFunctions.add(label(n));
      if (n.callFrame.url && attribute(n).ours) modules.add(attribute(n).module);
      if (n.callFrame.url && attribute(n).ours) {
        const l = `${attribute(n).name || n.callFrame.functionName || "(anonymous)"} (${attribute(n).module})`;
        if (ours[0] !== l) ours.unshift(l);
      }
    }
    owner ||= a.category === "GC" ? "GC" : "Node and V8 only (no JavaScript caller)";
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
    if ([...modules].some((m) => m !== "proxy.ts" && !isJobModule(m))) underOurHandlersMs += ms;
    for (const m of modules) underOurModules.set(m, (underOurModules.get(m) ?? 0) + ms);
    for (const f of nextFunctions) underNextFunctions.set(f, (underNextFunctions.get(f) ?? 0) + ms);
    if (ours.length > 0) {
      const key = ours.join(" > ");
      ourStacks.set(key, (ourStacks.get(key) ?? 0) + ms);
    }
  }
  const sorted = (m: Map<string, number>, n: number) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  return {
    totalMs,
    idleMs,
    underOurHandlersMs,
    byCategory: sorted(byCategory, 40),
    byOwner: sorted(byOwner, 25),
    underOurModules: sorted(underOurModules, 20),
    byFunction: sorted(byFunction, options.functions ?? 25),
    underNextFunctions: sorted(underNextFunctions, 400),
    ourStacks: sorted(ourStacks, options.stacks ?? 12),
  };
}

/** Busy samples (not idle) inside the window, to pick the app's profile among the processes'. */
export function busySamplesInWindow(file: string, window: { fromUs: number; toUs: number }): number {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  let time = profile.startTime;
  let count = 0;
  profile.timeDeltas.forEach((delta, i) => {
    time += delta;
    if (time >= window.fromUs && time < window.toUs && !idle.has(profile.samples[i])) count++;
  });
  return count;
}
