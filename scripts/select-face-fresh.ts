// npx tsx scripts/select-face-fresh.ts SPLIT: adds a fresh split (`fresh` to `fresh-5`) to the
// exact-age evaluation set (eval/face-age-exact, see its SOURCES.md), from a local bare clone of
// the public repository its photos come from (UTKFace, non-commercial research only: evaluation
// only; `fetch` brings it to /work/.mirror). A fresh split judges a choice once and is then
// development. Deterministic: from each age group, the photos first in SHA-256 order of their
// source file names, leaving out every photo the set already holds. It selects by label alone,
// before any model has seen a photo, and refuses to run twice (a second run would pick other
// photos after a look).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const split = process.argv[2];
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
  // From the whole UTKFace set (FULL_SET), none of whose photos the splits above could reach: every
  // 10-20 it adds, so the ages the 18+ and 16+ decisions turn on are judged on fresh photos again.
  "fresh-5": [
    ["10-13", 10, 13, Infinity],
    ["14-15", 14, 15, Infinity],
    ["16-17", 16, 17, Infinity],
    ["18-20", 18, 20, Infinity],
    ["21-24", 21, 24, 300],
    ["25+", 25, 200, 200],
  ],
};
const quotas = QUOTAS[split];
if (!quotas) throw new Error(`usage: select-face-fresh.ts ${Object.keys(QUOTAS).join("|")}`);

type Source = { gitDir: string; folder: string };
/** UTKFace's `crop_part1` (9,780 photos): the source of `tuning` to `fresh-4`. */
const PART_1: Source = { gitDir: "/work/.mirror/bagashvilit+facial_recognition_bias/repo", folder: "data/images/" };
/** UTKFace's whole aligned-and-cropped set (23,707 photos), `crop_part1` among them. */
const FULL_SET: Source = { gitDir: "/work/.mirror/mattans+AgeProgression/repo", folder: "data/UTKFace/unlabeled/" };
const source = split === "fresh-5" ? FULL_SET : PART_1;
const GENDERS = ["male", "female"];
const RACES = ["white", "black", "asian", "indian", "other"];

const existing = readFileSync(labelsFile, "utf8").trim().split("\n").slice(1);
if (existing.some((line) => line.split(",")[4] === split)) throw new Error(`labels.csv already has a ${split} split`);
const used = new Set(existing.map((line) => line.split(",")[5]));

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** A source's photos: file name and git blob id (equal ids, equal bytes). */
function photosOf({ gitDir, folder }: Source): { name: string; blob: string }[] {
  return execFileSync("git", ["-C", gitDir, "ls-tree", "-r", "HEAD", folder], {
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  })
    .trim()
    .split("\n")
    .map((line) => {
      const [meta, file] = line.split("\t");
      return { name: path.basename(file), blob: meta.split(" ")[2] };
    });
}
const photos = photosOf(source);
/**
 * Photos the whole set shares with `crop_part1` are left out by name and by content (a few of its
 * photos recur there under another name and age), as is every photo the whole set holds twice.
 */
const excluded = new Set<string>();
if (source === FULL_SET) {
  for (const { name, blob } of photosOf(PART_1)) excluded.add(name).add(blob);
  const copies = new Map<string, number>();
  for (const { blob } of photos) copies.set(blob, (copies.get(blob) ?? 0) + 1);
  for (const [blob, n] of copies) if (n > 1) excluded.add(blob);
}
const names = photos
  // age_gender_race_datetime.jpg.chip.jpg; a few names lack a field and their labels cannot be read.
  .filter(({ name }) => /^\d+_[01]_[0-4]_\d+\.jpg\.chip\.jpg$/.test(name))
  .filter(({ name, blob }) => !excluded.has(name) && !excluded.has(blob))
  .filter(({ name }) => !used.has(name.replace(/\.chip\.jpg$/, "")))
  .map(({ name }) => ({ name, hash: sha256(name) }))
  .sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));

/**
 * A photo's look at 24×24 grey levels, less their mean. UTKFace holds some photos twice, resaved or
 * recropped, at times under different ages: such a copy of a photo the set already has (or this run
 * took) is no fresh photo. The threshold lies between the copies and the closest distinct faces
 * found when this split was selected (SOURCES.md).
 */
const LOOK_SIDE = 24;
const SAME_PHOTO_UNDER = 12;
async function lookOf(image: Buffer): Promise<Float32Array> {
  const grey = Float32Array.from(
    await sharp(image).grayscale().resize(LOOK_SIDE, LOOK_SIDE, { fit: "fill" }).raw().toBuffer(),
  );
  const mean = grey.reduce((sum, v) => sum + v, 0) / grey.length;
  return grey.map((v) => v - mean);
}
const difference = (a: Float32Array, b: Float32Array) =>
  a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0) / a.length;
const looks =
  source === FULL_SET
    ? await Promise.all(existing.map((line) => lookOf(readFileSync(path.join(dir, "images", line.split(",")[0])))))
    : [];
let copiesLeftOut = 0;

const rows: string[] = [];
for (const [group, from, to, quota] of quotas) {
  const chosen = names.filter(({ name }) => {
    const age = Number(name.split("_")[0]);
    return age >= from && age <= to;
  });
  let taken = 0;
  for (const { name, hash } of chosen) {
    if (taken === quota) break;
    const original = execFileSync("git", ["-C", source.gitDir, "show", `HEAD:${source.folder}${name}`], {
      maxBuffer: 4 * 1024 * 1024,
    });
    if (source === FULL_SET) {
      const look = await lookOf(original);
      if (looks.some((other) => difference(look, other) < SAME_PHOTO_UNDER)) {
        copiesLeftOut += 1;
        continue;
      }
      looks.push(look);
    }
    const [age, gender, race] = name.split("_").map(Number);
    const file = `utk_${hash.slice(0, 10)}.jpg`;
    if (existsSync(path.join(dir, "images", file))) throw new Error(`${file} already exists`);
    writeFileSync(path.join(dir, "images", file), await sharp(original).jpeg({ quality: 85 }).toBuffer());
    rows.push([file, age, GENDERS[gender], RACES[race], split, name.replace(/\.chip\.jpg$/, "")].join(","));
    taken += 1;
  }
  if (quota !== Infinity && taken < quota) throw new Error(`only ${taken} photos aged ${group}`);
  console.error(`${group}: ${taken} of ${chosen.length}`);
}
appendFileSync(labelsFile, `${rows.join("\n")}\n`);
console.error(
  `${rows.length} photos added to ${labelsFile} as the ${split} split; ${copiesLeftOut} copies of a photo already in the set left out`,
);
