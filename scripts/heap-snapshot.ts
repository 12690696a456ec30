// Reads a V8 heap snapshot (.heapsnapshot, as written by --heapsnapshot-signal or
// v8.writeHeapSnapshot) and works out who keeps what: each object's retained size (what would
// be freed if it went: the size of its subtree in the dominator tree), and from that the figures
// docs/operations.md#memory reports: self and retained size by constructor, the objects in V8's
// large-object space and what holds them, and the source and compiled code of each script.
//
// A server's snapshot has millions of nodes, so the parser does not JSON.parse the whole file
// (it can exceed V8's longest string): the number arrays are scanned straight into typed arrays
// and only the strings table goes through JSON.parse.

/** V8 puts objects larger than half a page (256 KiB pages) in the large-object space. */
export const LARGE_OBJECT_BYTES = 128 * 1024;

export type HeapSnapshot = {
  nodeCount: number;
  /** Per node: type index, name (string index), self size, edge count, first edge (index into edges). */
  nodeType: Uint8Array;
  nodeName: Uint32Array;
  selfSize: Float64Array;
  firstEdge: Uint32Array;
  edgeCountOf: Uint32Array;
  /** Per edge: type index, name or element index, target node (node ordinal, not array offset). */
  edgeType: Uint8Array;
  edgeName: Uint32Array;
  edgeTo: Uint32Array;
  nodeTypes: string[];
  edgeTypes: string[];
  strings: string[];
};

/** Scans a JSON array of non-negative integers starting at `start` (the "[") into `out`. */
function scanNumbers(buffer: Buffer, start: number, emit: (value: number, i: number) => void) {
  let i = start + 1;
  let count = 0;
  let value = -1;
  for (; i < buffer.length; i++) {
    const c = buffer[i];
    if (c >= 48 && c <= 57) value = value < 0 ? c - 48 : value * 10 + (c - 48);
    else {
      if (value >= 0) emit(value, count++);
      value = -1;
      if (c === 93) break; // "]"
    }
  }
  return { end: i, count };
}

function sectionStart(buffer: Buffer, name: string, from = 0): number {
  const at = buffer.indexOf(`"${name}":[`, from, "latin1");
  if (at < 0) throw new Error(`not a V8 heap snapshot: no "${name}" section`);
  return at + name.length + 3; // the "["
}

export function parseHeapSnapshot(buffer: Buffer): HeapSnapshot {
  const nodesAt = sectionStart(buffer, "nodes");
  const header = buffer.toString("utf8", 0, nodesAt - `"nodes":`.length).replace(/,\s*$/, "") + "}";
  const { snapshot } = JSON.parse(header) as {
    snapshot: {
      meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] };
      node_count: number;
      edge_count: number;
    };
  };
  const { meta } = snapshot;
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const field = (fields: string[], name: string) => {
    const at = fields.indexOf(name);
    if (at < 0) throw new Error(`heap snapshot without the ${name} field`);
    return at;
  };
  const [typeF, nameF, sizeF, edgesF] = ["type", "name", "self_size", "edge_count"].map((n) =>
    field(meta.node_fields, n),
  );
  const [eTypeF, eNameF, eToF] = ["type", "name_or_index", "to_node"].map((n) => field(meta.edge_fields, n));

  const nodeCount = snapshot.node_count;
  const nodeType = new Uint8Array(nodeCount);
  const nodeName = new Uint32Array(nodeCount);
  const selfSize = new Float64Array(nodeCount);
  const edgeCountOf = new Uint32Array(nodeCount);
  const nodes = scanNumbers(buffer, nodesAt, (value, i) => {
    const node = Math.floor(i / nf);
    const f = i % nf;
    if (f === typeF) nodeType[node] = value;
    else if (f === nameF) nodeName[node] = value;
    else if (f === sizeF) selfSize[node] = value;
    else if (f === edgesF) edgeCountOf[node] = value;
  });
  if (nodes.count !== nodeCount * nf) throw new Error("heap snapshot: node count does not match its header");

  const edgeCount = snapshot.edge_count;
  const edgeType = new Uint8Array(edgeCount);
  const edgeName = new Uint32Array(edgeCount);
  const edgeTo = new Uint32Array(edgeCount);
  const edgesAt = sectionStart(buffer, "edges", nodes.end);
  const edges = scanNumbers(buffer, edgesAt, (value, i) => {
    const edge = Math.floor(i / ef);
    const f = i % ef;
    if (f === eTypeF) edgeType[edge] = value;
    else if (f === eNameF) edgeName[edge] = value;
    else if (f === eToF) edgeTo[edge] = value / nf;
  });
  if (edges.count !== edgeCount * ef) throw new Error("heap snapshot: edge count does not match its header");

  const firstEdge = new Uint32Array(nodeCount + 1);
  for (let n = 0; n < nodeCount; n++) firstEdge[n + 1] = firstEdge[n] + edgeCountOf[n];

  const stringsAt = sectionStart(buffer, "strings", edges.end);
  const stringsEnd = buffer.lastIndexOf("]");
  const strings = JSON.parse(buffer.toString("utf8", stringsAt, stringsEnd + 1)) as string[];

  return {
    nodeCount,
    nodeType,
    nodeName,
    selfSize,
    firstEdge,
    edgeCountOf,
    edgeType,
    edgeName,
    edgeTo,
    nodeTypes: meta.node_types[0],
    edgeTypes: meta.edge_types[0],
    strings,
  };
}

/** An edge's name: element and hidden edges are numbered, the others named. */
export function edgeLabel(s: HeapSnapshot, edge: number): string {
  const type = s.edgeTypes[s.edgeType[edge]];
  return type === "element" || type === "hidden" ? `[${s.edgeName[edge]}]` : s.strings[s.edgeName[edge]];
}

/**
 * The immediate dominator of every node reachable from the root (node 0), and each node's
 * retained size. As Chrome DevTools does: weak edges do not retain, and shortcut edges retain
 * only from the root. Cooper, Harvey and Kennedy's iterative algorithm over reverse post-order.
 */
export function dominators(s: HeapSnapshot) {
  const n = s.nodeCount;
  const weak = s.edgeTypes.indexOf("weak");
  const shortcut = s.edgeTypes.indexOf("shortcut");
  const retains = (from: number, edge: number) =>
    s.edgeType[edge] !== weak && (s.edgeType[edge] !== shortcut || from === 0);

  // Post-order by an iterative depth-first walk from the root.
  const UNVISITED = 0xffffffff;
  const postOrder = new Uint32Array(n).fill(UNVISITED); // node -> post-order number
  const order = new Uint32Array(n); // post-order number -> node
  const stackNode = new Uint32Array(n);
  const stackEdge = new Uint32Array(n);
  const visited = new Uint8Array(n);
  let top = 0;
  let next = 0;
  stackNode[0] = 0;
  stackEdge[0] = s.firstEdge[0];
  visited[0] = 1;
  while (top >= 0) {
    const node = stackNode[top];
    const edge = stackEdge[top];
    if (edge < s.firstEdge[node + 1]) {
      stackEdge[top]++;
      const to = s.edgeTo[edge];
      if (!visited[to] && retains(node, edge)) {
        visited[to] = 1;
        top++;
        stackNode[top] = to;
        stackEdge[top] = s.firstEdge[to];
      }
    } else {
      postOrder[node] = next;
      order[next++] = node;
      top--;
    }
  }
  const reachable = next;

  // Predecessors (retaining edges only), as a compressed list per node.
  const predCount = new Uint32Array(n + 1);
  for (let from = 0; from < n; from++) {
    if (!visited[from]) continue;
    for (let e = s.firstEdge[from]; e < s.firstEdge[from + 1]; e++) if (retains(from, e)) predCount[s.edgeTo[e] + 1]++;
  }
  for (let i = 0; i < n; i++) predCount[i + 1] += predCount[i];
  const preds = new Uint32Array(predCount[n]);
  const fill = predCount.slice(0, n);
  for (let from = 0; from < n; from++) {
    if (!visited[from]) continue;
    for (let e = s.firstEdge[from]; e < s.firstEdge[from + 1]; e++)
      if (retains(from, e)) preds[fill[s.edgeTo[e]]++] = from;
  }

  // idom in post-order numbers; the root has the highest.
  const root = postOrder[0];
  const idom = new Uint32Array(reachable).fill(UNVISITED);
  idom[root] = root;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (a < b) a = idom[a];
      while (b < a) b = idom[b];
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let p = root - 1; p >= 0 && p !== UNVISITED; p--) {
      const node = order[p];
      let dom = UNVISITED;
      for (let i = predCount[node]; i < predCount[node + 1]; i++) {
        const pred = postOrder[preds[i]];
        if (pred === UNVISITED || idom[pred] === UNVISITED) continue;
        dom = dom === UNVISITED ? pred : intersect(pred, dom);
      }
      if (dom !== UNVISITED && idom[p] !== dom) {
        idom[p] = dom;
        changed = true;
      }
    }
  }

  // Retained size: children come before their dominator in post-order.
  const retained = new Float64Array(n);
  const dominator = new Uint32Array(n).fill(UNVISITED);
  for (let p = 0; p < reachable; p++) retained[order[p]] = s.selfSize[order[p]];
  for (let p = 0; p < reachable; p++) {
    if (p === root || idom[p] === UNVISITED) continue;
    const node = order[p];
    dominator[node] = order[idom[p]];
    retained[dominator[node]] += retained[node];
  }
  return { dominator, retained, reachable: visited };
}

/** The class DevTools would show a node under: an object's constructor, or "(type)". */
export function className(s: HeapSnapshot, node: number): string {
  const type = s.nodeTypes[s.nodeType[node]];
  const name = s.strings[s.nodeName[node]];
  if (type === "object" || type === "native") return name || "(anonymous object)";
  if (type === "hidden" || type === "object shape" || (type === "code" && name.startsWith("system / ")))
    return name.startsWith("system / ") ? `(${name})` : `(${type}) ${name}`;
  if (type === "code") return "(compiled code)";
  if (type === "concatenated string" || type === "sliced string") return "(string)";
  return `(${type})`;
}

export type ClassRow = { name: string; count: number; selfBytes: number; retainedBytes: number };
export type LargeObject = { className: string; selfBytes: number; preview: string; heldBy: string };
export type ScriptRow = { name: string; sourceBytes: number; codeBytes: number };

const isScript = (s: HeapSnapshot, node: number) =>
  s.nodeTypes[s.nodeType[node]] === "code" && outEdge(s, node, "source") !== undefined;

function outEdge(s: HeapSnapshot, node: number, name: string): number | undefined {
  for (let e = s.firstEdge[node]; e < s.firstEdge[node + 1]; e++) if (edgeLabel(s, e) === name) return s.edgeTo[e];
  return undefined;
}

/** How `node` is held: its dominators up to a named thing (a script, a module, a property). */
function heldBy(s: HeapSnapshot, dominator: Uint32Array, node: number, steps = 6): string {
  const path: string[] = [];
  let current = node;
  for (let i = 0; i < steps; i++) {
    const up = dominator[current];
    if (up === 0xffffffff || up === 0) break;
    let via = "";
    for (let e = s.firstEdge[up]; e < s.firstEdge[up + 1]; e++) if (s.edgeTo[e] === current) via = edgeLabel(s, e);
    const upName = isScript(s, up) ? `script ${s.strings[s.nodeName[up]]}` : className(s, up);
    path.push(`${upName}${via ? ` .${via}` : ""}`);
    if (isScript(s, up)) break;
    current = up;
  }
  return path.join(" ← ");
}

export function summarizeHeap(s: HeapSnapshot) {
  const { dominator, retained, reachable } = dominators(s);
  const n = s.nodeCount;

  // Class retained size counts only the outermost instance on each dominator path (as DevTools).
  const childCount = new Uint32Array(n + 1);
  for (let node = 1; node < n; node++) if (dominator[node] !== 0xffffffff) childCount[dominator[node] + 1]++;
  for (let i = 0; i < n; i++) childCount[i + 1] += childCount[i];
  const children = new Uint32Array(childCount[n]);
  const fill = childCount.slice(0, n);
  for (let node = 1; node < n; node++) if (dominator[node] !== 0xffffffff) children[fill[dominator[node]]++] = node;

  const classOf = new Map<string, number>();
  const classes: ClassRow[] = [];
  const classIndex = new Uint32Array(n);
  let totalBytes = 0;
  for (let node = 0; node < n; node++) {
    if (!reachable[node]) continue;
    totalBytes += s.selfSize[node];
    const name = className(s, node);
    let index = classOf.get(name);
    if (index === undefined) {
      index = classes.length;
      classOf.set(name, index);
      classes.push({ name, count: 0, selfBytes: 0, retainedBytes: 0 });
    }
    classIndex[node] = index;
    classes[index].count++;
    classes[index].selfBytes += s.selfSize[node];
  }

  // Code per script: a function's compiled code is charged to its script once (nested functions
  // are dominated by their parent's code, so only the outermost on a path is counted).
  const scriptOfFunction = new Map<number, number>();
  for (let node = 0; node < n; node++) {
    if (!reachable[node] || s.nodeTypes[s.nodeType[node]] !== "code") continue;
    const script = outEdge(s, node, "script_or_debug_info") ?? outEdge(s, node, "script");
    if (script !== undefined && isScript(s, script)) scriptOfFunction.set(node, script);
  }
  const codeOfScript = new Map<number, number>();

  const openClass = new Uint32Array(classes.length);
  const openScript = new Map<number, number>();
  const stack: number[] = [0];
  const leaving: boolean[] = [false];
  while (stack.length) {
    const node = stack.pop()!;
    const leave = leaving.pop()!;
    const script = scriptOfFunction.get(node);
    if (leave) {
      openClass[classIndex[node]]--;
      if (script !== undefined) openScript.set(script, openScript.get(script)! - 1);
      continue;
    }
    if (openClass[classIndex[node]]++ === 0) classes[classIndex[node]].retainedBytes += retained[node];
    if (script !== undefined) {
      const open = openScript.get(script) ?? 0;
      if (open === 0) codeOfScript.set(script, (codeOfScript.get(script) ?? 0) + retained[node]);
      openScript.set(script, open + 1);
    }
    stack.push(node);
    leaving.push(true);
    for (let i = childCount[node]; i < childCount[node + 1]; i++) {
      stack.push(children[i]);
      leaving.push(false);
    }
  }

  const largeObjects: LargeObject[] = [];
  const scripts: ScriptRow[] = [];
  for (let node = 0; node < n; node++) {
    if (!reachable[node]) continue;
    if (s.selfSize[node] >= LARGE_OBJECT_BYTES) {
      const type = s.nodeTypes[s.nodeType[node]];
      const name = s.strings[s.nodeName[node]];
      largeObjects.push({
        className: className(s, node),
        selfBytes: s.selfSize[node],
        preview: type.includes("string") ? JSON.stringify(name.slice(0, 60)) : name.slice(0, 60),
        heldBy: heldBy(s, dominator, node),
      });
    }
    if (isScript(s, node)) {
      const source = outEdge(s, node, "source")!;
      scripts.push({
        name: s.strings[s.nodeName[node]] || "(anonymous)",
        sourceBytes: s.selfSize[source],
        codeBytes: codeOfScript.get(node) ?? 0,
      });
    }
  }
  largeObjects.sort((a, b) => b.selfBytes - a.selfBytes);
  scripts.sort((a, b) => b.sourceBytes + b.codeBytes - (a.sourceBytes + a.codeBytes));
  classes.sort((a, b) => b.selfBytes - a.selfBytes);
  return {
    totalBytes,
    nodeCount: n,
    classes,
    largeObjects,
    scripts,
  };
}
