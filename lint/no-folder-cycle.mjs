// A lint rule for what eslint-plugin-boundaries and import/no-cycle cannot see: a cycle between
// the folders of one layer (lib/<layer>/<folder>/), made of files that are not themselves in a
// cycle, e.g. lib/account/teams -> lib/account/users while some other file of users imports teams.
// Between layers boundaries already refuses it (a layer imports only those it names), so this
// rule looks inside a layer. A layer's own top-level files (lib/voice/create-tts.ts) count as
// one more folder of it, TOP_LEVEL: they may use its folders, or its folders may use them, but
// not both, so no folder and the files above it lean on each other.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const EXTENSIONS = ["", ".ts", ".tsx", ".mjs", ".js", "/index.ts", "/index.tsx"];
const PRODUCTION = /\.(ts|tsx|mjs)$/;
const NOT_PRODUCTION = /(\.test\.ts|\.d\.ts|\.d\.mts)$/;

/** What a layer's top-level files are called as a folder: `lib/voice/(top level)`. */
const TOP_LEVEL = "(top level)";

/**
 * The folder a repository path belongs to for this rule: lib/<layer>/<folder>, lib/<layer>/(top
 * level) for a file directly in the layer, or null.
 */
export function folderOf(relativePath) {
  const parts = relativePath.split(/[\\/]/);
  if (parts[0] !== "lib" || parts[1] === "generated" || parts.length < 3) return null;
  return parts.length === 3 ? `lib/${parts[1]}/${TOP_LEVEL}` : parts.slice(0, 3).join("/");
}

/** lib/<layer> of a folder this rule names. */
const layerOf = (folder) => folder.split("/").slice(0, 2).join("/");

function resolveImport(root, fromFile, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function* productionFiles(directory) {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "generated" && entry.name !== "node_modules") yield* productionFiles(full);
    } else if (PRODUCTION.test(entry.name) && !NOT_PRODUCTION.test(entry.name)) {
      yield full;
    }
  }
}

/**
 * Folder -> folder -> the files whose imports make that edge (each with one import), over every
 * production file under lib/.
 */
function folderGraph(root) {
  const graph = new Map();
  for (const file of productionFiles(path.join(root, "lib"))) {
    const from = folderOf(path.relative(root, file));
    if (!from) continue;
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveImport(root, file, fileName);
      const to = target && folderOf(path.relative(root, target));
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, new Map());
      if (!edges.get(to).has(file)) edges.get(to).set(file, `${path.relative(root, file)} -> ${fileName}`);
    }
  }
  return graph;
}

/**
 * The chain of imports by which folder `from` reaches folder `to` without `skip`'s own imports
 * (the file being linted: its imports are the ones under test), or null.
 */
function pathBetween(graph, from, to, skip) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const folder = queue.shift();
    if (folder === to) {
      const chain = [];
      for (let at = to; previous.get(at); at = previous.get(at).folder) chain.unshift(previous.get(at).via);
      return chain;
    }
    for (const [next, files] of graph.get(folder) ?? []) {
      const via = [...files].find(([file]) => file !== skip)?.[1];
      if (via && !previous.has(next)) {
        previous.set(next, { folder, via });
        queue.push(next);
      }
    }
  }
  return null;
}

// Read once per lint run: a run lints the files as they are on disk (a fixture linted by text at
// a path where no file is has no edges of its own in the graph).
const graphs = new Map();
function graphFor(root) {
  if (!graphs.has(root)) graphs.set(root, folderGraph(root));
  return graphs.get(root);
}

const noFolderCycle = {
  meta: {
    type: "problem",
    docs: { description: "Refuse an import that closes a cycle between the folders of one layer." },
    schema: [],
    messages: {
      cycle:
        "{{from}} must not import {{to}}: {{to}} already reaches {{from}} ({{chain}}), so the two folders would form a cycle (docs/architecture.md).",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = path.resolve(root, context.filename);
    const from = folderOf(path.relative(root, file));
    if (!from) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== "string") return;
      const target = resolveImport(root, file, specifier);
      const to = target && folderOf(path.relative(root, target));
      // Between layers eslint-plugin-boundaries decides; this rule looks inside one.
      if (!to || to === from || layerOf(to) !== layerOf(from)) return;
      const chain = pathBetween(graphFor(root), to, from, file);
      if (chain) context.report({ node: node.source, messageId: "cycle", data: { from, to, chain: chain.join("; ") } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const layersPlugin = { rules: { "no-folder-cycle": noFolderCycle } };
