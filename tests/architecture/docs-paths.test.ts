import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/architecture.md is the map of the code: every repository path it names (in backticks, in
// its diagrams, or as a link) must exist, so a move that forgets the map fails here.
const root = path.resolve(import.meta.dirname, "../..");
const DOC = "docs/architecture.md";
const TOP = /^(lib|app|components|inngest|tests|e2e|scripts|bench|prisma|docs|lint|public)\//;
const FILE = /\.(ts|tsx|mjs|mts|md|json|jsonc|yaml|prisma)$/;
const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);

/** `lib/<product>/jobs/*.ts` -> a pattern over repository paths (`<...>` and `*` are one segment). */
function globToRegExp(glob: string): RegExp {
  const escaped = glob
    .replace(/<[^>]+>/g, "\u0000")
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*\*\/?/g, "\u0001")
    .replace(/\*/g, "\u0000");
  // A folder is named by any file under it; a file pattern must match to the end.
  const end = glob.endsWith("/") ? "" : "(?:$|/)";
  return new RegExp(`^${escaped.replace(/\u0001/g, "(?:.*/)?").replace(/\u0000/g, "[^/]*")}${end}`);
}

/** Whether a path the doc names is in the repository (a folder when it ends in /). */
function named(token: string): boolean {
  if (/[*<]/.test(token)) {
    const pattern = globToRegExp(token);
    // Without a folder (`*.test.ts`) a pattern names files wherever they are.
    return tracked.some((file) => pattern.test(token.includes("/") ? file : path.posix.basename(file)));
  }
  if (TOP.test(token) || !token.includes("/")) {
    if (existsSync(path.join(root, token))) return true;
    // A file named without its folder, as the doc does beside its folder's path.
    return !token.includes("/") && tracked.some((file) => file.endsWith(`/${token}`));
  }
  // A path inside a folder named just before it (`face/face-worker.mjs`).
  return tracked.some((file) => file.endsWith(`/${token}`));
}

/** Every path-like token of the doc: backticked, in fenced blocks, and relative links. */
function pathsOf(markdown: string): string[] {
  const tokens = new Set<string>();
  const consider = (raw: string) => {
    const token = raw.replace(/^[("'`]+|[)"'`,.:;]+$/g, "").replace(/^\.\//, "");
    if (token.startsWith("/") || token.startsWith(".") || /\s/.test(token) || token.includes("://")) return;
    if (TOP.test(token) || FILE.test(token)) tokens.add(token);
  };
  const fenced = [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1]);
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, "");
  for (const [, span] of prose.matchAll(/`([^`\n]+)`/g)) consider(span);
  for (const block of fenced) for (const word of block.split(/\s+/)) if (word.includes("/")) consider(word);
  for (const [, link] of prose.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
    if (!/^[a-z]+:/.test(link)) tokens.add(path.posix.normalize(path.posix.join(path.posix.dirname(DOC), link)));
  }
  return [...tokens];
}

describe(DOC, () => {
  it("names only paths that exist", () => {
    const paths = pathsOf(readFileSync(path.join(root, DOC), "utf8"));
    // The map names the layers' folders; an extraction that found nothing would prove nothing.
    expect(paths).toEqual(expect.arrayContaining(["lib/platform/", "lib/edge/", "inngest/", "eslint.config.mjs"]));
    expect(paths.filter((p) => !named(p))).toEqual([]);
  });

  it("would catch a path that does not exist, in each form it reads", () => {
    const paths = pathsOf(
      "See `lib/jobs/registry.ts` and [a link](../lib/api/errors.ts).\n\n```\nlib/dashboard/overview.ts  reads\n```\n",
    );
    expect(paths.sort()).toEqual(["lib/api/errors.ts", "lib/dashboard/overview.ts", "lib/jobs/registry.ts"]);
    expect(paths.filter((p) => !named(p))).toEqual(paths);
    expect(named("lib/<product>/jobs/")).toBe(true);
    expect(named("lib/<product>/queues/")).toBe(false);
  });
});
