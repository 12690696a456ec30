// tsx scripts/heap-summary.ts <snapshot> [<later snapshot>]
//
// What a V8 heap snapshot holds (scripts/heap-snapshot.ts does the work), as markdown: the
// heap by constructor (self and retained size), the objects in the large-object space and
// what holds each, and the source and compiled code per script, grouped by package or build
// chunk. Given a second snapshot of the same process (say, at rest and after `npm run soak`'s
// load), it also prints what grew between them. Parsing a server's snapshot needs about four
// times its size in memory: run it with NODE_OPTIONS=--max-old-space-size=4096.
import { readFileSync } from "node:fs";
import path from "node:path";
import { LARGE_OBJECT_BYTES, parseHeapSnapshot, summarizeHeap } from "./heap-snapshot";

const files = process.argv.slice(2);
if (files.length < 1 || files.length > 2) {
  console.error("usage: tsx scripts/heap-summary.ts <snapshot> [<later snapshot>]");
  process.exit(2);
}

const MiB = 1024 * 1024;
const mib = (bytes: number) => (bytes / MiB).toFixed(1);

/** Where a script comes from, coarse enough to add up: a package, a build chunk, node's own. */
function scriptGroup(name: string): string {
  if (!name || name === "(anonymous)") return "(no name: eval, new Function, wasm)";
  if (name.startsWith("node:")) return "node: built-in modules";
  const modules = name.lastIndexOf("/node_modules/");
  if (modules >= 0) {
    const [scope, pkg] = name.slice(modules + 14).split("/");
    const packageName = scope.startsWith("@") ? `${scope}/${pkg}` : scope;
    if (packageName === "next")
      return `next/${name
        .slice(modules + 14)
        .split("/")
        .slice(1, 4)
        .join("/")}`;
    return packageName;
  }
  const next = name.indexOf("/.next/");
  if (next >= 0) return `.next/${path.dirname(name.slice(next + 7))}`;
  return name;
}

function summary(file: string) {
  const started = Date.now();
  const snapshot = parseHeapSnapshot(readFileSync(file));
  const result = summarizeHeap(snapshot);
  console.error(
    `[heap-summary] ${file}: ${snapshot.nodeCount} nodes in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result;
}

const summaries = files.map(summary);
const lines: string[] = [];
for (const [i, heap] of summaries.entries()) {
  lines.push(`## ${path.basename(files[i])}`, "");
  lines.push(`Reachable objects: ${heap.nodeCount} nodes, ${mib(heap.totalBytes)} MiB.`, "");

  lines.push("### By constructor (top 30 by self size)", "");
  lines.push("| Class | Count | Self MiB | Retained MiB |", "|---|---:|---:|---:|");
  for (const row of heap.classes.slice(0, 30))
    lines.push(`| ${row.name} | ${row.count} | ${mib(row.selfBytes)} | ${mib(row.retainedBytes)} |`);

  const large = heap.largeObjects;
  const largeTotal = large.reduce((sum, o) => sum + o.selfBytes, 0);
  lines.push(
    "",
    `### Large objects (≥ ${LARGE_OBJECT_BYTES / 1024} KiB each): ${large.length}, ${mib(largeTotal)} MiB`,
    "",
  );
  const byHolder = new Map<string, { count: number; bytes: number; example: string }>();
  for (const o of large) {
    const holder = o.heldBy.startsWith("script ")
      ? `source of ${scriptGroup(o.heldBy.slice(7).split(" .")[0])}`
      : `${o.className} ← ${o.heldBy.split(" ← ").slice(0, 3).join(" ← ")}`;
    const entry = byHolder.get(holder) ?? { count: 0, bytes: 0, example: o.preview };
    entry.count++;
    entry.bytes += o.selfBytes;
    byHolder.set(holder, entry);
  }
  lines.push("| Held as | Count | MiB | Example |", "|---|---:|---:|---|");
  for (const [holder, e] of [...byHolder].sort(([, a], [, b]) => b.bytes - a.bytes).slice(0, 40))
    lines.push(
      `| ${holder.replaceAll("|", "\\|")} | ${e.count} | ${mib(e.bytes)} | ${e.example.replaceAll("|", "\\|").slice(0, 50)} |`,
    );

  const groups = new Map<string, { scripts: number; source: number; code: number }>();
  for (const script of heap.scripts) {
    const key = scriptGroup(script.name);
    const group = groups.get(key) ?? { scripts: 0, source: 0, code: 0 };
    group.scripts++;
    group.source += script.sourceBytes;
    group.code += script.codeBytes;
    groups.set(key, group);
  }
  const totalSource = heap.scripts.reduce((sum, s) => sum + s.sourceBytes, 0);
  const totalCode = heap.scripts.reduce((sum, s) => sum + s.codeBytes, 0);
  lines.push(
    "",
    `### Scripts: ${heap.scripts.length}, source ${mib(totalSource)} MiB, compiled code ${mib(totalCode)} MiB (top 30 groups)`,
    "",
  );
  lines.push("| Package or chunk directory | Scripts | Source MiB | Code MiB |", "|---|---:|---:|---:|");
  for (const [key, g] of [...groups].sort(([, a], [, b]) => b.source + b.code - (a.source + a.code)).slice(0, 30))
    lines.push(`| ${key} | ${g.scripts} | ${mib(g.source)} | ${mib(g.code)} |`);
  lines.push("", "| Largest scripts | Source MiB | Code MiB |", "|---|---:|---:|");
  for (const script of heap.scripts.slice(0, 25))
    lines.push(
      `| ${script.name.replace(/^.*\/(node_modules|\.next)\//, "$1/")} | ${mib(script.sourceBytes)} | ${mib(script.codeBytes)} |`,
    );
  lines.push("");
}

if (summaries.length === 2) {
  const [before, after] = summaries;
  const self = new Map(before.classes.map((c) => [c.name, c]));
  lines.push(`## What grew: ${path.basename(files[0])} → ${path.basename(files[1])}`, "");
  lines.push(`Reachable: ${mib(before.totalBytes)} → ${mib(after.totalBytes)} MiB.`, "");
  lines.push("| Class | Count before → after | Self MiB before → after | Δ MiB |", "|---|---|---|---:|");
  const rows = after.classes.map((c) => ({ c, was: self.get(c.name) }));
  rows.sort((a, b) => b.c.selfBytes - (b.was?.selfBytes ?? 0) - (a.c.selfBytes - (a.was?.selfBytes ?? 0)));
  for (const { c, was } of rows.slice(0, 25))
    lines.push(
      `| ${c.name} | ${was?.count ?? 0} → ${c.count} | ${mib(was?.selfBytes ?? 0)} → ${mib(c.selfBytes)} | ${mib(c.selfBytes - (was?.selfBytes ?? 0))} |`,
    );
}
console.log(lines.join("\n"));
