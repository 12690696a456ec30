// Shared by the evaluation scripts (npm run eval:face, eval:face-fgnet, eval:face-match, eval:id).
import { existsSync, readFileSync } from "node:fs";
import sharp from "sharp";

/** The value after a command-line flag (`--measurements FILE`), if the flag is given. */
export const argValue = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};

/** The rows of a JSON-lines measurements file; none when there is no file (yet). */
export function readJsonLines<T>(file: string | null): T[] {
  return file && existsSync(file)
    ? readFileSync(file, "utf8")
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as T)
    : [];
}

/** 95% Wilson score interval of n successes in d trials. */
export function wilson(n: number, d: number): [number, number] {
  const z = 1.96;
  const p = n / d;
  const centre = (p + (z * z) / (2 * d)) / (1 + (z * z) / d);
  const half = (z * Math.sqrt((p * (1 - p)) / d + (z * z) / (4 * d * d))) / (1 + (z * z) / d);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
/** n of d as a percentage, with its count and 95% Wilson interval: "12.5% (5/40; 5.5-26.1)". */
export function percentWithInterval(n: number, d: number) {
  if (d === 0) return "n/a";
  const [low, high] = wilson(n, d);
  return `${((100 * n) / d).toFixed(1)}% (${n}/${d}; ${(100 * low).toFixed(1)}-${(100 * high).toFixed(1)})`;
}

/** The age bands the face age targets turn on, between each evaluation's own youngest and oldest bands. */
export const TEEN_AND_YOUNG_ADULT_BANDS: [string, (age: number) => boolean][] = [
  ["10-13", (a) => a >= 10 && a <= 13],
  ["14-15", (a) => a === 14 || a === 15],
  ["16-17", (a) => a === 16 || a === 17],
  ["18-20", (a) => a >= 18 && a <= 20],
  ["21-24", (a) => a >= 21 && a <= 24],
];

export function mean(values: number[]) {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN;
}
export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
}

/** The evaluation sets' photos are face crops; a selfie shows the face at about half the photo's width. */
export async function selfieFraming(bytes: Buffer): Promise<Uint8Array> {
  const { width = 200 } = await sharp(bytes).metadata();
  const pad = Math.round(width / 2);
  const framed = await sharp(bytes)
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 128, g: 128, b: 128 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return new Uint8Array(framed);
}

/**
 * An evaluation runs every photo to the end: loading several models on a busy machine can outlast
 * the hosted flow's per-photo limit, and a slow photo is not a hostile one here, so the per-photo
 * budget that guards the server is lifted too. Call before the first estimator starts.
 */
export function liftFaceEstimationLimits() {
  process.env.FACE_ESTIMATION_TIMEOUT_MS ??= "300000";
  process.env.FACE_ESTIMATION_PHOTO_BUDGET_MS ??= "300000";
}
