// Reads an identity document's photo in a worker process (bounded-worker.ts), so OCR and barcode
// decoding never block the server's event loop. Plain JavaScript loaded by path (read-document.ts), outside the Next.js
// bundle. It reads; it decides nothing (decide-document.ts does).
//
// - PDF417 (AAMVA driving licences and ID cards): read-barcode.mjs.
// - Machine-readable zone (ICAO 9303 TD1, TD2, TD3): located at any rotation and tilt with its
//   document's outline by locate-zone.mjs (OpenCV), cut out upright and tight to its characters,
//   and read by tesseract.js (core and English traineddata from node_modules, no download, no
//   cache written, no learning between photos) with the characters restricted to A-Z, 0-9 and <;
//   mrz-text.mjs corrects by position and accepts a zone only when every check digit holds. The
//   row-density band finder of before is kept as a fallback for a level zone the locator missed.
// - Then what a physical document has and a typed sheet lacks (physicalChecks): the outline at
//   its ICAO ratio, a picture where the portrait goes, the printed date of birth (OCR of the
//   visual zone) equal to the zone's.
// The image arrives as bytes and is dropped after the call: nothing is written anywhere. Only the
// dates, the document type, the issuing country and the physical checks' yes/no leave this worker.
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { parentPort, workerData } from "../worker-port.mjs";
import { greyStatistics } from "../face/grey-statistics.mjs";
import { highlights, locateZones, outlineAround, rectifyPart, rectifyZone } from "./locate-zone.mjs";
import { acceptMrz, printsBirthDate } from "./mrz-text.mjs";
import { readBarcode } from "./read-barcode.mjs";

if (os.platform() === "linux" && workerData?.lowPriority !== false) {
  try {
    os.setPriority(10);
  } catch {
    // Not permitted here: run at the normal priority.
  }
}

const require = createRequire(import.meta.url);
const sharp = require("sharp");
const { createWorker, OEM, PSM } = require("tesseract.js");

// The legacy (character-shape) engine, not the LSTM one: with the MRZ alphabet imposed it reads
// OCR-B's "<" as "<", where the LSTM model, trained on prose, reads runs of it as "K<KL" and loses
// the line's length (docs/id-document.md, "How it reads"). The 4.0.0 traineddata holds both.
const langPath = path.join(path.dirname(require.resolve("@tesseract.js-data/eng/package.json")), "4.0.0");
const ocr = await createWorker(
  "eng",
  OEM.TESSERACT_ONLY,
  { langPath, gzip: true, cacheMethod: "none" },
  {
    load_system_dawg: "0",
    load_freq_dawg: "0",
    // The legacy engine's adaptive classifier learns from each page it reads, so a photo's reading
    // would depend on the photos read before it: off, every photo is read by the same engine.
    classify_enable_learning: "0",
  },
);
const MRZ_PARAMETERS = {
  tessedit_char_whitelist: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<",
  tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
  user_defined_dpi: "300",
};
await ocr.setParameters(MRZ_PARAMETERS);

/**
 * Longest side the photo is analysed at: a card filling half of it still has 10 px wide MRZ
 * characters. Smaller photos are enlarged to it and larger ones reduced, so any photo costs one
 * bounded resize and at most WORK_SIDE x WORK_SIDE pixels from there on.
 */
const WORK_SIDE = 1600;
const MAX_INPUT_PIXELS = 50_000_000;
/** Scaled so each MRZ line is about this tall, where the legacy engine reads OCR-B best. */
const MRZ_LINE_HEIGHT = 40;

/** The photo in grey, as taken (`raw`, for glare) and stretched to the full range (`grey`). */
async function greyImage(bytes) {
  const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  const { width: inputWidth = 1, height: inputHeight = 1 } = await input.metadata();
  const { data, info } = await input
    .rotate()
    // Fits inside WORK_SIDE x WORK_SIDE: a sliver that passed the header checks is never scaled past
    // this many output pixels.
    .resize({ width: WORK_SIDE, height: WORK_SIDE, fit: "inside", withoutEnlargement: false })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Stretched, so a dim photo's text edges pass the same edge threshold.
  const grey = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .normalise()
    .greyscale()
    .raw()
    .toBuffer();
  // How much a small photo was enlarged: its edges are as many times wider.
  const enlarged = Math.max(1, Math.max(info.width, info.height) / Math.max(inputWidth, inputHeight));
  return { raw: data, grey, width: info.width, height: info.height, enlarged };
}

/**
 * Text rows: rows whose share of strong horizontal edges is high. Returns runs of such rows
 * (top, bottom, left, right), top to bottom. An edge is a step across `span` pixels: wider in an
 * enlarged photo, whose edges the enlargement spread.
 */
function textRuns(grey, width, height, span = 2) {
  const dense = [];
  const extents = [];
  for (let y = 0; y < height; y++) {
    let edges = 0;
    let left = width;
    let right = 0;
    const row = y * width;
    for (let x = 0; x < width - span; x++) {
      if (Math.abs(grey[row + x + span] - grey[row + x]) > 48) {
        edges++;
        if (x < left) left = x;
        right = x;
      }
    }
    dense.push(edges / width > 0.06);
    extents.push([left, right]);
  }
  const runs = [];
  for (let y = 0; y < height; y++) {
    if (!dense[y]) continue;
    let end = y;
    let left = width;
    let right = 0;
    while (end < height && dense[end]) {
      left = Math.min(left, extents[end][0]);
      right = Math.max(right, extents[end][1]);
      end++;
    }
    if (end - y >= 6) runs.push({ top: y, bottom: end, left, right });
    y = end;
  }
  return runs;
}

/**
 * Runs that are two or three text lines run together (a soft or small scan whose line gaps blur
 * shut), split into lines of the height of the thinnest run beside them.
 */
function splitMerged(wide) {
  const out = [];
  wide.forEach((run, i) => {
    const neighbours = [wide[i - 1], wide[i + 1]].filter(Boolean).map((r) => r.bottom - r.top);
    const line = Math.min(...neighbours);
    const lines = Math.round((run.bottom - run.top) / line);
    if (neighbours.length === 0 || lines < 2 || lines > 3 || (run.bottom - run.top) / line < 1.7) {
      out.push(run);
      return;
    }
    const step = (run.bottom - run.top) / lines;
    for (let k = 0; k < lines; k++)
      out.push({ ...run, top: Math.round(run.top + k * step), bottom: Math.round(run.top + (k + 1) * step) });
  });
  return out;
}

/**
 * The machine-readable zone: the lowest group of 2 or 3 wide text lines of similar height with
 * small gaps. Several candidates, best first (the lowest group, then the ones above it).
 */
function mrzBands(runs, width) {
  const wide = splitMerged(runs.filter((r) => r.right - r.left > width * 0.3));
  const bands = [];
  for (let end = wide.length - 1; end >= 1; end--) {
    for (const count of [3, 2]) {
      const group = wide.slice(end - count + 1, end + 1);
      if (group.length !== count || end - count + 1 < 0) continue;
      const heights = group.map((r) => r.bottom - r.top);
      const tallest = Math.max(...heights);
      if (Math.min(...heights) < tallest * 0.5) continue;
      const gapsOk = group.every((r, i) => i === 0 || r.top - group[i - 1].bottom < tallest * 1.5);
      if (!gapsOk) continue;
      bands.push({
        top: group[0].top,
        bottom: group[count - 1].bottom,
        left: Math.min(...group.map((r) => r.left)),
        right: Math.max(...group.map((r) => r.right)),
        lines: count,
      });
    }
  }
  return bands;
}

const LENGTHS = { 30: 3, 36: 2, 44: 2 };

/**
 * A line read as one of `length` characters, or the ways it may be: a short line padded with
 * filler at its end (where OCR drops or adds a "<"), one a little long cut to each window of that
 * length (a stray mark read before the zone's first character, or filler read after its last),
 * one much longer to its start and to its end (print or a border read beside the zone).
 */
function fitted(line, length) {
  if (line.length <= length) return [line.padEnd(length, "<")];
  if (line.length > length + 2) return [line.slice(0, length), line.slice(-length)];
  return Array.from({ length: line.length - length + 1 }, (_, start) => line.slice(start, start + length));
}

/** Whether a line read may be a zone line of this length (fitted() makes it one). */
const mayBe = (line, length) => line.length >= length - 2 && line.length <= length + 8;

/** The OCR text's lines that may be zone lines, spaces removed. */
const zoneLines = (text) =>
  text
    .split("\n")
    .map((line) => line.replace(/\s+/g, ""))
    .filter((line) => line.length >= 26);

/** MRZ candidates from OCR text: consecutive lines of one ICAO length, each fixed to that length. */
function mrzCandidates(text) {
  const lines = zoneLines(text);
  const candidates = [];
  for (const [lengthText, count] of Object.entries(LENGTHS)) {
    const length = Number(lengthText);
    for (let i = 0; i + count <= lines.length; i++) {
      const group = lines.slice(i, i + count);
      if (!group.every((line) => mayBe(line, length))) continue;
      let partial = [[]];
      for (const line of group) partial = partial.flatMap((prefix) => fitted(line, length).map((l) => [...prefix, l]));
      candidates.push(...partial);
    }
  }
  return candidates;
}

/**
 * Second looks start only this long into a photo (a share of ID_DOCUMENT_READ_BUDGET_MS, from
 * read-document.ts), so that an unreadable photo ends as a retake, not as the worker's timeout.
 */
const SECOND_LOOKS_WITHIN_MS = workerData?.secondLooksWithinMs ?? 6000;

/**
 * Second looks at a zone the plain crop did not read, tried in this order and only then, so a
 * photo read at the first look pays nothing: an unsharp mask at two strengths (a slightly
 * out-of-focus photo's strokes regain their edges), and the band upscaled further and binarised
 * (a soft or noisy photo's strokes separated from the paper). Each reading still has to pass every
 * check digit: a sharpened misread is refused like any other.
 */
const ENHANCEMENTS = [
  {
    // A printed background (guilloche, a specimen's stamp) read as characters: a median filter
    // removes its fine lines and Otsu's threshold keeps the ink darker than what is left.
    name: "median, Otsu",
    lineHeight: MRZ_LINE_HEIGHT,
    apply: async (image) => {
      const { data, info } = await image.median(3).greyscale().raw().toBuffer({ resolveWithObject: true });
      return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } }).threshold(otsu(data));
    },
  },
  { name: "unsharp", lineHeight: MRZ_LINE_HEIGHT, apply: (image) => image.sharpen({ sigma: 1.2, m1: 1, m2: 3 }) },
  {
    name: "strong unsharp",
    lineHeight: MRZ_LINE_HEIGHT,
    apply: (image) => image.sharpen({ sigma: 2.2, m1: 2, m2: 6 }),
  },
  {
    name: "binarised",
    lineHeight: MRZ_LINE_HEIGHT * 1.5,
    apply: (image) => image.sharpen({ sigma: 1.6, m1: 1, m2: 4 }).threshold(140),
  },
];

/** Otsu's threshold of grey levels: the one that best splits them in two classes. */
function otsu(levels) {
  const histogram = new Array(256).fill(0);
  for (const level of levels) histogram[level]++;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * histogram[i];
  let darkSum = 0;
  let dark = 0;
  let best = -1;
  let threshold = 128;
  for (let i = 0; i < 256; i++) {
    dark += histogram[i];
    const light = levels.length - dark;
    if (dark === 0) continue;
    if (light === 0) break;
    darkSum += i * histogram[i];
    const between = dark * light * (darkSum / dark - (sum - darkSum) / light) ** 2;
    if (between > best) {
      best = between;
      threshold = i;
    }
  }
  return threshold;
}

/** The image Tesseract reads for a crop, enhanced (a second look) or not. */
async function cropImage(grey, width, height, crop, enhancement) {
  const lineHeight = enhancement?.lineHeight ?? MRZ_LINE_HEIGHT;
  let image;
  if (crop.zone) {
    // A located zone: cut out along its own angle, upright, tight to its characters.
    const part = rectifyZone(grey, width, height, crop.zone, crop.flip, crop.lines, lineHeight);
    image = sharp(part.data, { raw: { width: part.width, height: part.height, channels: 1 } }).normalise();
  } else {
    const box = crop.band;
    const margin = Math.round((box.bottom - box.top) / crop.lines);
    const left = Math.max(0, box.left - margin);
    const top = Math.max(0, box.top - margin);
    const right = Math.min(width, box.right + margin);
    const bottom = Math.min(height, box.bottom + margin);
    const scale = Math.min(6, Math.max(0.5, (lineHeight * crop.lines) / (box.bottom - box.top)));
    image = sharp(grey, { raw: { width, height, channels: 1 } })
      .extract({ left, top, width: right - left, height: bottom - top })
      .resize({ width: Math.round((right - left) * scale), kernel: "lanczos3" })
      .normalise();
  }
  // The crop is made first (a pipeline's operations run in a fixed order, not as written).
  if (enhancement) image = await enhancement.apply(sharp(await image.png().toBuffer()));
  return image.png().toBuffer();
}

async function ocrRegion(grey, width, height, crop, enhancement) {
  const { data } = await ocr.recognize(await cropImage(grey, width, height, crop, enhancement));
  return data.text;
}

/**
 * Zones made of lines from different readings of the same zone (each band's crop is read apart,
 * and OCR often misreads a different line in each): for each ICAO shape, every line position may
 * come from any reading that has it, including a reading that lost one line at either end. Every
 * check digit still has to hold for the mix, the composite one across the lines included.
 */
function mixedCandidates(texts) {
  const mixed = [];
  for (const [lengthText, count] of Object.entries(LENGTHS)) {
    const length = Number(lengthText);
    const options = Array.from({ length: count }, () => new Set());
    for (const text of texts) {
      const lines = zoneLines(text)
        .filter((line) => mayBe(line, length))
        .map((line) => fitted(line, length));
      // All the zone's lines, or all but the first or the last.
      const add = (i, ways) => ways.forEach((line) => options[i].add(line));
      if (lines.length === count) lines.forEach((ways, i) => add(i, ways));
      else if (lines.length === count - 1) {
        lines.forEach((ways, i) => add(i, ways));
        lines.forEach((ways, i) => add(i + 1, ways));
      }
    }
    if (options.some((set) => set.size === 0)) continue;
    let partial = [[]];
    for (const set of options) partial = partial.flatMap((prefix) => [...set].map((line) => [...prefix, line]));
    mixed.push(...partial);
  }
  return mixed;
}

/** Reads one crop; a zone found in it counts only with every check digit. */
async function readCrop(grey, width, height, crop, now, enhancement) {
  const text = await ocrRegion(grey, width, height, crop, enhancement);
  for (const candidate of mrzCandidates(text)) {
    const read = acceptMrz(candidate, now);
    if (read) return { read, text };
  }
  return { read: null, text };
}

function readMixed(texts, now) {
  for (const candidate of texts.length > 1 ? mixedCandidates(texts) : []) {
    const read = acceptMrz(candidate, now);
    if (read) return read;
  }
  return null;
}

/**
 * What to read: each zone the locator found (locate-zone.mjs, any angle), the way up its
 * document's outline says first; then the bands of the row-density finder (an upright photo
 * whose zone the locator missed). At most FIRST_LOOK_CROPS are read at the first look.
 */
function zoneCrops(grey, width, height, enlarged) {
  const located = locateZones(grey, width, height, 3);
  const crops = [];
  for (const flip of [0, 1])
    for (const found of located)
      crops.push({
        zone: found.zone,
        flip: found.flips[flip],
        lines: found.zone.lines,
        box: found.box,
        outline: found.outline,
      });
  // The narrow edge first (as before enlarged photos had their own), then, for an enlarged
  // photo, edges as wide as the enlargement made them.
  const bands = mrzBands(textRuns(grey, width, height), width).slice(0, 2);
  const span = Math.max(2, Math.round(2 * enlarged));
  if (span > 2) bands.push(...mrzBands(textRuns(grey, width, height, span), width).slice(0, 2));
  for (const band of bands) crops.push({ band, lines: band.lines, box: band });
  return crops;
}

const FIRST_LOOK_CROPS = 4;

async function readMrz({ grey, width, height, enlarged }, now, started) {
  let crops = zoneCrops(grey, width, height, enlarged);
  const texts = [];
  for (const crop of crops.slice(0, FIRST_LOOK_CROPS)) {
    const { read, text } = await readCrop(grey, width, height, crop, now);
    if (read) return { read, crop };
    texts.push(text);
  }
  const mixed = readMixed(texts, now);
  if (mixed) return { read: mixed, crop: crops[0] };
  // Only now the second looks (ENHANCEMENTS). A blurred photo's lines may have run together for
  // the finders: they look again on a sharpened copy when none was found.
  if (crops.length === 0) {
    const sharpened = await sharp(grey, { raw: { width, height, channels: 1 } })
      .sharpen({ sigma: 1.6, m1: 1, m2: 4 })
      .greyscale()
      .raw()
      .toBuffer();
    crops = zoneCrops(sharpened, width, height, enlarged);
  }
  for (const enhancement of ENHANCEMENTS) {
    for (const crop of crops.slice(0, 2)) {
      if (performance.now() - started > SECOND_LOOKS_WITHIN_MS) break;
      const { read, text } = await readCrop(grey, width, height, crop, now, enhancement);
      if (read) return { read, crop };
      texts.push(text);
    }
  }
  return { read: readMixed(texts, now), crop: crops[0] ?? null };
}

/** Whether (x, y) is inside the convex polygon `corners` (clockwise or anticlockwise). */
function inside(corners, x, y) {
  let sign = 0;
  for (let i = 0; i < corners.length; i++) {
    const a = corners[i];
    const b = corners[(i + 1) % corners.length];
    const cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
    if (cross !== 0) {
      if (sign !== 0 && Math.sign(cross) !== sign) return false;
      sign = Math.sign(cross);
    }
  }
  return true;
}

/**
 * Glare: specular highlights (locate-zone.mjs's `highlights`: saturated patches clear of the
 * photo's border) over at least GLARE_SHARE of the document, on a document whose paper is not
 * itself saturated. The document is its outline when seen, else the zone and the space above
 * it, else the photo: a white scanner bed or page around a document is never glare.
 */
const GLARE_SHARE = 0.02;
function glareOverDocument(raw, width, height, crop) {
  let region = null;
  if (crop?.outline) region = crop.outline.corners;
  else if (crop?.box) {
    const { left, right, top, bottom } = crop.box;
    const above = Math.max(0, top - (right - left) * 0.6);
    region = [
      { x: left, y: above },
      { x: right, y: above },
      { x: right, y: bottom },
      { x: left, y: bottom },
    ];
  }
  const inHighlight = highlights(raw, width, height);
  const levels = [];
  let covered = 0;
  for (let y = 0; y < height; y += 3)
    for (let x = 0; x < width; x += 3) {
      if (region && !inside(region, x, y)) continue;
      levels.push(raw[y * width + x]);
      if (inHighlight(x, y)) covered++;
    }
  if (levels.length === 0) return false;
  levels.sort((p, q) => p - q);
  const median = levels[levels.length >> 1];
  return covered / levels.length >= GLARE_SHARE && median < 245;
}

/** Share of the photo's side within which a zone's characters count as reaching its edge. */
const EDGE_SHARE = 0.01;

/** Whether at least 3% of a strip of the photo (columns x rows, [from, to)) is dark print. */
function inkIn(grey, width, [x0, x1], [y0, y1]) {
  let dark = 0;
  let all = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      all++;
      if (grey[y * width + x] < 90) dark++;
    }
  return all > 0 && dark / all >= 0.03;
}

/** Why the photo could not be read, for a specific retake message (checks.ts words it). */
function retakeReason({ grey, raw, width, height }, crop) {
  const side = Math.min(width, height);
  const square = new Uint8Array(side * side);
  const x0 = Math.floor((width - side) / 2);
  const y0 = Math.floor((height - side) / 2);
  for (let y = 0; y < side; y++)
    square.set(grey.subarray((y0 + y) * width + x0, (y0 + y) * width + x0 + side), y * side);
  const { brightness, sharpness } = greyStatistics(square, side);
  if (brightness < 45) return { reason: "too_dark" };
  if (glareOverDocument(raw, width, height, crop)) return { reason: "glare" };
  if (crop) {
    // Cut off only where the zone's own characters run to the photo's edge: the zone reaches
    // that edge and there is ink (print) in the edge's strip beside it.
    const { left, right, top, bottom } = crop.box;
    const edgeX = Math.max(2, Math.round(width * EDGE_SHARE));
    const edgeY = Math.max(2, Math.round(height * EDGE_SHARE));
    const rows = [Math.max(0, Math.round(top)), Math.min(height, Math.round(bottom))];
    const columns = [Math.max(0, Math.round(left)), Math.min(width, Math.round(right))];
    if (left <= edgeX && inkIn(grey, width, [0, edgeX], rows)) return { reason: "cut_off", side: "left" };
    if (right >= width - edgeX && inkIn(grey, width, [width - edgeX, width], rows))
      return { reason: "cut_off", side: "right" };
    if (bottom >= height - edgeY && inkIn(grey, width, columns, [height - edgeY, height]))
      return { reason: "cut_off", side: "bottom" };
    if (top <= edgeY && inkIn(grey, width, columns, [0, edgeY])) return { reason: "cut_off", side: "top" };
    return { reason: sharpness < 60 ? "blurred" : "unreadable" };
  }
  // No zone: a blurred document still shows its shapes (contrast), an empty scene does not.
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < grey.length; i += 7) {
    sum += grey[i];
    squares += grey[i] * grey[i];
  }
  const n = Math.ceil(grey.length / 7);
  const contrast = Math.sqrt(Math.max(0, squares / n - (sum / n) ** 2));
  return { reason: contrast > 25 && sharpness < 60 ? "blurred" : "no_document" };
}

/** ICAO 9303 part 2 sizes' width / height: ID-1 (TD1), ID-2 (TD2), ID-3 (TD3, a passport's data page). */
const ASPECT = { TD1: 85.6 / 54, TD2: 105 / 74, TD3: 125 / 88 };

/** Text of the printed (visual) zone: what the document's fields are printed with. */
const VISUAL_ZONE_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789./- ";

async function readVisualZone(png) {
  await ocr.setParameters({ tessedit_char_whitelist: VISUAL_ZONE_CHARACTERS, tessedit_pageseg_mode: PSM.AUTO });
  try {
    return (await ocr.recognize(png)).data.text;
  } finally {
    await ocr.setParameters(MRZ_PARAMETERS);
  }
}

/**
 * What a physical document has and a zone typed on a sheet of paper lacks (docs/id-document.md,
 * "A document, not a sheet of paper"): the outline at its ICAO size's ratio around the zone, the
 * zone across the document's width at its bottom, a picture (not blank paper, not text) where the
 * layout puts the portrait, and the printed date of birth equal to the zone's.
 */
async function physicalChecks({ grey, width, height }, crop, read) {
  const none = { outline: false, portrait: false, printedBirthDate: false };
  if (!crop) return none;
  const zone = crop.zone ?? {
    center: { x: (crop.box.left + crop.box.right) / 2, y: (crop.box.top + crop.box.bottom) / 2 },
    angle: 0,
    long: crop.box.right - crop.box.left,
    short: crop.box.bottom - crop.box.top,
  };
  // The outline seen around the zone; else, or when it is not the document's shape (an inner
  // frame of the page's design), the photo's own frame: a photo cropped to the document (a scan),
  // held to a tighter ratio, since a phone's 4:3 frame is within 7% of ID-2's and ID-3's.
  const seen = crop.outline ?? outlineAround(grey, width, height, zone);
  const candidates = [
    ...(seen ? [{ outline: seen, tolerance: 0.1 }] : []),
    { outline: photoFrame(width, height, zone), tolerance: 0.04 },
  ];
  const judged = candidates.map(({ outline, tolerance }) => {
    const ratio = outline.width / outline.height;
    const across = zone.long / outline.width;
    // The zone's top, as a share of the document's height from its top.
    const zoneTop = 1 - (zone.short * 1.25) / outline.height;
    // ICAO 9303 prints the zone's last line a few millimetres above the document's bottom edge:
    // the zone's bottom within 10% of the height from it (a typed sheet's zone sits anywhere).
    const [tl, tr, br, bl] = outline.corners;
    const top = { x: (tl.x + tr.x) / 2, y: (tl.y + tr.y) / 2 };
    const down = { x: (bl.x + br.x) / 2 - top.x, y: (bl.y + br.y) / 2 - top.y };
    const along = ((zone.center.x - top.x) * down.x + (zone.center.y - top.y) * down.y) / (down.x ** 2 + down.y ** 2);
    const belowZone = 1 - along - zone.short / 2 / outline.height;
    const shaped =
      Math.abs(ratio / ASPECT[read.format] - 1) <= tolerance &&
      across >= 0.75 &&
      across <= 1.02 &&
      zoneTop > 0.5 &&
      belowZone > -0.03 &&
      belowZone < 0.1;
    return { outline, zoneTop, shaped };
  });
  const { outline, zoneTop, shaped } = judged.find((j) => j.shaped) ?? judged[0];
  // ICAO 9303's portrait zone: the left of the document between its header and the zone.
  const portraitPart = rectifyPart(grey, width, height, outline, { x: 0.04, y: 0.2, w: 0.26, h: zoneTop - 0.3 }, 96);
  const portrait = pictureLike(portraitPart);
  const visual = rectifyPart(grey, width, height, outline, { x: 0.28, y: 0.08, w: 0.7, h: zoneTop - 0.1 }, 1000);
  const text = await readVisualZone(
    await sharp(visual.data, { raw: { width: visual.width, height: visual.height, channels: 1 } })
      .png()
      .toBuffer(),
  );
  return { outline: shaped, portrait, printedBirthDate: printsBirthDate(text, read.birthDate) };
}

/** The photo's own frame as an outline, upright with the zone at its bottom (zone angles near 0, 90, 180, 270). */
function photoFrame(width, height, zone) {
  const turns = Math.round(((zone.angle + 360) % 360) / 90) % 4;
  const tl = { x: 0, y: 0 };
  const tr = { x: width, y: 0 };
  const br = { x: width, y: height };
  const bl = { x: 0, y: height };
  // Which photo corner is the document's top left depends on which way the zone runs, and on
  // which side of the photo's centre it lies.
  const below = turns % 2 === 0 ? zone.center.y > height / 2 : zone.center.x > width / 2;
  const order =
    turns % 2 === 0 ? (below ? [tl, tr, br, bl] : [br, bl, tl, tr]) : below ? [bl, tl, tr, br] : [tr, br, bl, tl];
  const [a, b, , d] = order;
  return { corners: order, width: Math.hypot(b.x - a.x, b.y - a.y), height: Math.hypot(d.x - a.x, d.y - a.y) };
}

/**
 * A photograph's tones, not blank paper or lines of print: spread widely (standard deviation),
 * with many mid-grey pixels (print is mostly paper and ink).
 */
function pictureLike({ data }) {
  let sum = 0;
  let squares = 0;
  for (const level of data) {
    sum += level;
    squares += level * level;
  }
  const mean = sum / data.length;
  const deviation = Math.sqrt(Math.max(0, squares / data.length - mean * mean));
  let mid = 0;
  for (const level of data) if (level > 50 && level < 200) mid++;
  return deviation > 25 && mid / data.length > 0.35;
}

async function read(bytes, now) {
  const started = performance.now();
  const barcode = await readBarcode(bytes, MAX_INPUT_PIXELS);
  if (barcode) return barcode;
  const image = await greyImage(bytes);
  const mrz = await readMrz(image, now, started);
  if (mrz.read) return { ...mrz.read, physical: await physicalChecks(image, mrz.crop, mrz.read) };
  return { kind: "retake", ...retakeReason(image, mrz.crop) };
}

parentPort.on("message", async ({ id, bytes, now }) => {
  try {
    const reading = await read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), new Date(now));
    parentPort.postMessage({ id, reading });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // An image the decoder refuses is the user's to retake, not a server failure.
    if (/unsupported image format|Input buffer|VipsJpeg|pngload|webpload|corrupt/i.test(message)) {
      parentPort.postMessage({ id, reading: { kind: "retake", reason: "unreadable_image" } });
    } else parentPort.postMessage({ id, error: message });
  } finally {
    bytes.fill(0);
  }
});
parentPort.postMessage({ ready: true });
