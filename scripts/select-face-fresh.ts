// npx tsx scripts/select-face-fresh.ts SPLIT [UTKFACE_GIT_DIR]: adds a fresh split (`fresh`,
// `fresh-2`, `fresh-3` or `fresh-4`) to the exact-age evaluation set (eval/face-age-exact, see its SOURCES.md), from a
// local bare clone of the public repository the set's photos come from (UTKFace, non-commercial
// research only: evaluation only). A fresh split judges a choice once and is then development.
// Deterministic: from each age group, the photos first in SHA-256 order of their source file
// names, leaving out every photo the set already holds. It selects by label alone, before any model
// has seen a photo, and refuses to run twice (a second run would pick other photos after a look).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const split = process.argv[2];
const gitDir = process.argv[3] ?? "/work/.mirror/bagashvilit+facial_recognition_bias/repo";
const dir = path.resolve("eval/face-age-exact");
const labelsFile = path.join(dir, "labels.csv");

/**
 * How many photos each age group gets, per split: the ages an 18+ or 16+ decision turns on, and
 * adults. `fresh-2` takes every 16-17 the source has left: a 2% target needs as many as there are.
 */
const QUOTAS: Record<string, [string, number, number, number][]> = {
  fresh: [
    ["10-13", 10, 13, 60],
    ["14-15", 14, 15, 60],
    ["16-17", 16, 17, 60],
    ["18-20", 18, 20, 60],
    ["21-24", 21, 24, 60],
    ["25+", 25, 200, 100],
  ],
  "fresh-2": [
    ["10-13", 10, 13, 60],
    ["14-15", 14, 15, 60],
    ["16-17", 16, 17, Infinity],
    ["18-20", 18, 20, 80],
    ["21-24", 21, 24, 80],
    ["25+", 25, 200, 100],
  ],
  // No 16-17s are left (fresh-2 took them all): this split judges every other age group, and the
  // 16-17 figure of a choice made after fresh-2 comes from cross-validation only.
  "fresh-3": [
    ["10-13", 10, 13, 60],
    ["14-15", 14, 15, Infinity],
    ["16-17", 16, 17, Infinity],
    ["18-20", 18, 20, Infinity],
    ["21-24", 21, 24, 120],
    ["25+", 25, 200, 100],
  ],
  // Fresh-3 took every 14-20 the source had left: this split judges the youngest children's and
  // the adults' figures, and a choice made after fresh-3 has its 14-20 figures from
  // cross-validation only.
  "fresh-4": [
    ["10-13", 10, 13, Infinity],
    ["14-15", 14, 15, Infinity],
    ["16-17", 16, 17, Infinity],
    ["18-20", 18, 20, Infinity],
    ["21-24", 21, 24, Infinity],
    ["25+", 25, 200, 150],
  ],
};
const quotas = QUOTAS[split];
if (!quotas) throw new Error(`usage: select-face-fresh.ts ${Object.keys(QUOTAS).join("|")} [UTKFACE_GIT_DIR]`);
const GENDERS = ["male", "female"];
const RACES = ["white", "black", "asian", "indian", "other"];

const existing = readFileSync(labelsFile, "utf8").trim().split("\n").slice(1);
if (existing.some((line) => line.split(",")[4] === split)) throw new Error(`labels.csv already has a ${split} split`);
const used = new Set(existing.map((line) => line.split(",")[5]));

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const names = execFileSync("git", ["-C", gitDir, "ls-tree", "-r", "--name-only", "HEAD", "data/images/"], {
  encoding: "utf8",
  maxBuffer: 16 * 1024 * 1024,
})
  .trim()
  .split("\n")
  .map((p) => path.basename(p))
  // age_gender_race_datetime.jpg.chip.jpg; a few names lack a field and their labels cannot be read.
  .filter((name) => /^\d+_[01]_[0-4]_\d+\.jpg\.chip\.jpg$/.test(name))
  .filter((name) => !used.has(name.replace(/\.chip\.jpg$/, "")))
  .map((name) => ({ name, hash: sha256(name) }))
  .sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));

const rows: string[] = [];
for (const [group, from, to, quota] of quotas) {
  const chosen = names.filter(({ name }) => {
    const age = Number(name.split("_")[0]);
    return age >= from && age <= to;
  });
  if (quota !== Infinity && chosen.length < quota) throw new Error(`only ${chosen.length} photos aged ${group}`);
  const taken = chosen.slice(0, quota);
  for (const { name, hash } of taken) {
    const [age, gender, race] = name.split("_").map(Number);
    const file = `utk_${hash.slice(0, 10)}.jpg`;
    if (existsSync(path.join(dir, "images", file))) throw new Error(`${file} already exists`);
    const original = execFileSync("git", ["-C", gitDir, "show", `HEAD:data/images/${name}`], {
      maxBuffer: 4 * 1024 * 1024,
    });
    writeFileSync(path.join(dir, "images", file), await sharp(original).jpeg({ quality: 85 }).toBuffer());
    rows.push([file, age, GENDERS[gender], RACES[race], split, name.replace(/\.chip\.jpg$/, "")].join(","));
  }
  console.error(`${group}: ${taken.length} of ${chosen.length}`);
}
appendFileSync(labelsFile, `${rows.join("\n")}\n`);
console.error(`${rows.length} photos added to ${labelsFile} as the ${split} split`);
