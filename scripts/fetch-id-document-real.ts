// npm run eval:id-fetch-real [-- --mirror DIR]: brings the real-document set's images whose
// licence does not let this repository carry them (eval/id-document-real/SOURCES.md) into
// eval/id-document-real/fetched/ (git-ignored), each from its source repository at the recorded
// commit and checked against its recorded SHA-256. --mirror DIR reads local bare copies named
// owner+name/repo (as this project's tooling keeps them) instead of cloning from GitHub.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadRealSet, REAL_SET_DIR } from "@/eval/id-document-real/real-set";
import { argValue } from "./eval-support";

const mirror = argValue("--mirror");
const clones = new Map<string, string>();
const scratch = mkdtempSync(path.join(os.tmpdir(), "id-document-real-"));

function gitDir(repo: string): string {
  if (mirror) return path.join(mirror, repo.replace("/", "+"), "repo");
  let dir = clones.get(repo);
  if (!dir) {
    dir = path.join(scratch, repo.replace("/", "+"));
    // Only the history's structure; each image's blob is fetched on demand by `git show`.
    execFileSync("git", ["clone", "--quiet", "--bare", "--filter=blob:none", `https://github.com/${repo}.git`, dir]);
    clones.set(repo, dir);
  }
  return dir;
}

let fetched = 0;
let failed = 0;
try {
  mkdirSync(path.join(REAL_SET_DIR, "fetched"), { recursive: true });
  for (const document of loadRealSet().filter((d) => !d.committed)) {
    const target = path.join(REAL_SET_DIR, document.file);
    if (existsSync(target)) continue;
    const { repo, commit, path: file } = document.source;
    try {
      const bytes = execFileSync("git", ["--git-dir", gitDir(repo), "show", `${commit}:${file}`], {
        maxBuffer: 64 * 1024 * 1024,
      });
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      if (sha256 !== document.sha256) throw new Error(`SHA-256 ${sha256}, expected ${document.sha256}`);
      writeFileSync(target, bytes);
      fetched++;
    } catch (error) {
      failed++;
      process.stderr.write(`${document.id}: ${repo}@${commit}:${file}: ${(error as Error).message}\n`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`Fetched ${fetched} image(s); ${failed} failed.`);
if (failed) process.exitCode = 1;
