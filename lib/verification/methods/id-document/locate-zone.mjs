// Finds the machine-readable zone and the document around it in a photo, at any rotation (0, 90,
// 180, 270 degrees and tilt between) and under a phone's perspective, with OpenCV
// (@techstark/opencv-js, WebAssembly, loaded once per worker): the zone's characters are picked out
// by a black-hat filter and joined into one blob per zone by closing, and each blob's rotated
// rectangle gives the zone's angle; the document's outline is the smallest four-cornered contour
// around the zone. For the document worker; no state is kept between photos (every Mat is freed).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let loaded = require("@techstark/opencv-js");
if (loaded instanceof Promise) loaded = await loaded;
else if (!loaded.Mat) await new Promise((resolve) => (loaded.onRuntimeInitialized = resolve));
const cv = loaded;

/** Runs `work` with a maker of empty Mats (and the list to add other objects to), all freed after. */
function withMats(work) {
  const mats = [];
  const mat = () => {
    const m = new cv.Mat();
    mats.push(m);
    return m;
  };
  return using(mats, () => work(mat, mats));
}

/** The default 3x3 kernel of erode and dilate (never freed: one per worker). */
const DEFAULT_KERNEL = new cv.Mat();

/** The longest side zones are looked for at: a passport page filling half the photo still has 6 px tall characters. */
const DETECT_SIDE = 800;

/** Frees OpenCV objects, whatever happens. */
function using(objects, work) {
  try {
    return work();
  } finally {
    for (const object of objects) object.delete();
  }
}

/** The long side's direction in degrees, in (-90, 90]. */
function longAxis(rect) {
  const { width, height } = rect.size;
  const angle = normalAngle(width >= height ? rect.angle : rect.angle + 90);
  return { angle, long: Math.max(width, height), short: Math.min(width, height) };
}

/**
 * Text lines in `small` running within MAX_TILT of horizontal: rotated rectangles at least ten
 * times as long as tall (an MRZ line of 30 to 44 characters is 30 to 45 times).
 */
function textLines(small) {
  const side = Math.max(small.cols, small.rows);
  const unit = Math.max(1, Math.round(side / 320));
  return withMats((mat, mats) => {
    const strokeKernel = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(5 * unit, 2 * unit));
    const lineKernel = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(4 * unit, 1));
    mats.push(strokeKernel, lineKernel);
    const blackhat = mat();
    cv.morphologyEx(small, blackhat, cv.MORPH_BLACKHAT, strokeKernel);
    // Strokes across the line's direction: many in a line of characters, few along a ruled line.
    const gradient = mat();
    cv.Sobel(blackhat, gradient, cv.CV_32F, 1, 0, -1);
    const magnitude = mat();
    cv.convertScaleAbs(gradient, magnitude);
    cv.normalize(magnitude, magnitude, 0, 255, cv.NORM_MINMAX);
    const binary = mat();
    const otsu = cv.threshold(magnitude, binary, 0, 255, cv.THRESH_BINARY | cv.THRESH_OTSU);
    // A photo with few strong strokes can put Otsu's split in the noise: never below a floor.
    if (otsu < MIN_STROKE_LEVEL) cv.threshold(magnitude, binary, MIN_STROKE_LEVEL, 255, cv.THRESH_BINARY);
    // The characters of one line joined (never two lines: the kernel is one pixel tall).
    cv.morphologyEx(binary, binary, cv.MORPH_CLOSE, lineKernel);
    const contours = new cv.MatVector();
    const hierarchy = mat();
    cv.findContours(binary, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    const lines = [];
    try {
      for (let i = 0; i < contours.size(); i++) {
        const contour = contours.get(i);
        const rect = cv.minAreaRect(contour);
        contour.delete();
        const { angle, long, short } = longAxis(rect);
        if (long / Math.max(1, short) < 10 || Math.abs(angle) > MAX_TILT || long < side * 0.12) continue;
        lines.push({ center: rect.center, angle, long, short });
      }
    } finally {
      contours.delete();
    }
    return lines;
  });
}

/**
 * Zones among a frame's text lines: two or three parallel lines of about one length, one under
 * the other at an MRZ's line pitch (about twice the characters' height), as one rectangle.
 */
function zoneBlobs(small) {
  const lines = textLines(small).sort((a, b) => a.center.y - b.center.y);
  const zones = [];
  const fits = (a, b) => {
    const length = Math.max(a.long, b.long);
    const height = Math.max(a.short, b.short, 1);
    const gap = b.center.y - a.center.y;
    return (
      Math.abs(a.long - b.long) < length * 0.18 &&
      Math.abs(a.center.x - b.center.x) < length * 0.08 &&
      Math.abs(a.angle - b.angle) < 4 &&
      gap > height * 1.1 &&
      gap < height * 3.5
    );
  };
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length && lines[j].center.y - lines[i].center.y < lines[i].long * 0.3; j++) {
      if (!fits(lines[i], lines[j])) continue;
      const group = [lines[i], lines[j]];
      // A third line below, or above (a TD1's name line, shorter for OCR when it ends in "<").
      const below = lines.slice(j + 1).find((line) => fits(lines[j], line));
      const above = below ? null : lines.slice(0, i).findLast((line) => fits(line, lines[i]));
      if (below) group.push(below);
      if (above) group.unshift(above);
      const first = group[0];
      const last = group[group.length - 1];
      const height = Math.max(...group.map((line) => line.short));
      zones.push({
        center: {
          x: group.reduce((sum, l) => sum + l.center.x, 0) / group.length,
          y: (first.center.y + last.center.y) / 2,
        },
        angle: group.reduce((sum, l) => sum + l.angle, 0) / group.length,
        long: Math.max(...group.map((line) => line.long)),
        short: last.center.y - first.center.y + height,
        lines: group.length,
      });
    }
  }
  return zones;
}

/** Tilt from a frame's horizontal at which a zone is looked for; frames every 2 x MAX_TILT degrees. */
const MAX_TILT = 16;
/** Normalised stroke strength below which a pixel is never part of a zone. */
const MIN_STROKE_LEVEL = 40;
/** The level and upright frames first: most photos are taken square, and then the others are skipped. */
const FRAME_TURNS = [0, 90, 30, 60, 120, 150];
/** A zone this near level in the first two frames needs no look in the diagonal ones. */
const SQUARE_TILT = 6;

/**
 * Zone candidates at any angle: `small` turned by each of FRAME_TURNS (counter-clockwise), where
 * the zone's lines run nearly level so the line kernels fit them, and mapped back. One zone seen
 * in two frames is kept once, from the frame where it is most level.
 */
function zoneBlobsAtAnyAngle(small) {
  const found = [];
  for (const turn of FRAME_TURNS) {
    if (turn % 90 !== 0 && found.some((blob) => blob.tilt <= SQUARE_TILT)) break;
    const w = small.cols;
    const h = small.rows;
    const radians = (turn * Math.PI) / 180;
    const outW = Math.ceil(Math.abs(w * Math.cos(radians)) + Math.abs(h * Math.sin(radians)));
    const outH = Math.ceil(Math.abs(w * Math.sin(radians)) + Math.abs(h * Math.cos(radians)));
    const matrix = cv.getRotationMatrix2D(new cv.Point(w / 2, h / 2), turn, 1);
    const m = matrix.data64F;
    m[2] += outW / 2 - w / 2;
    m[5] += outH / 2 - h / 2;
    const [a, b, c, d, e, f] = [m[0], m[1], m[2], m[3], m[4], m[5]];
    const turned = new cv.Mat();
    let blobs;
    try {
      cv.warpAffine(small, turned, matrix, new cv.Size(outW, outH), cv.INTER_LINEAR, cv.BORDER_REPLICATE);
      blobs = zoneBlobs(turned);
    } finally {
      matrix.delete();
      turned.delete();
    }
    const det = a * e - b * d;
    for (const blob of blobs) {
      const x = blob.center.x - c;
      const y = blob.center.y - f;
      found.push({
        center: { x: (e * x - b * y) / det, y: (-d * x + a * y) / det },
        // The frame was turned counter-clockwise: the photo's angle is the frame's plus the turn.
        angle: normalAngle(blob.angle + turn),
        lines: blob.lines,
        long: blob.long,
        short: blob.short,
        tilt: Math.abs(blob.angle),
      });
    }
  }
  const kept = [];
  for (const blob of found.sort((p, q) => p.tilt - q.tilt)) {
    const same = kept.some(
      (k) =>
        distance(k.center, blob.center) < Math.max(k.short, blob.short) &&
        Math.abs(normalAngle(k.angle - blob.angle)) < 15,
    );
    if (!same) kept.push(blob);
  }
  return kept.sort((p, q) => q.long * q.short - p.long * p.short);
}

/** An angle in degrees brought into (-90, 90] (a line's direction, either way along it). */
function normalAngle(angle) {
  let a = angle;
  while (a > 90) a -= 180;
  while (a <= -90) a += 180;
  return a;
}

/** The four corners of a rotated rectangle, clockwise from the end `angle` points away from. */
function corners({ center, angle, long, short }) {
  const radians = (angle * Math.PI) / 180;
  const u = { x: Math.cos(radians), y: Math.sin(radians) };
  const v = { x: -u.y, y: u.x };
  const at = (a, b) => ({
    x: center.x + (u.x * a * long) / 2 + (v.x * b * short) / 2,
    y: center.y + (u.y * a * long) / 2 + (v.y * b * short) / 2,
  });
  return [at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)];
}

/**
 * The document's outline around a zone: the smallest convex four-cornered contour of the photo's
 * edges that holds the zone's centre and is at least twice its area. Null when none is seen (the
 * document fills the photo, or its edges are lost in the background).
 */
function documentOutline(small, zone) {
  return withMats((mat) => {
    const blurred = mat();
    cv.GaussianBlur(small, blurred, new cv.Size(7, 7), 0);
    const edges = mat();
    cv.Canny(blurred, edges, 30, 90);
    cv.dilate(edges, edges, DEFAULT_KERNEL, new cv.Point(-1, -1), 2);
    const contours = new cv.MatVector();
    const hierarchy = mat();
    cv.findContours(edges, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
    const zoneArea = zone.long * zone.short;
    let best = null;
    try {
      for (let i = 0; i < contours.size(); i++) {
        const contour = contours.get(i);
        const hull = new cv.Mat();
        const approx = new cv.Mat();
        try {
          cv.convexHull(contour, hull);
          const area = cv.contourArea(hull);
          if (area < zoneArea * 2 || (best && area >= best.area)) continue;
          if (cv.pointPolygonTest(hull, zone.center, false) < 0) continue;
          cv.approxPolyDP(hull, approx, 0.02 * cv.arcLength(hull, true), true);
          if (approx.rows !== 4) continue;
          const quad = [];
          for (let k = 0; k < 4; k++) quad.push({ x: approx.data32S[2 * k], y: approx.data32S[2 * k + 1] });
          // Every corner of the zone inside the outline.
          if (corners(zone).some((p) => cv.pointPolygonTest(approx, p, false) < 0)) continue;
          best = { quad, area };
        } finally {
          contour.delete();
          hull.delete();
          approx.delete();
        }
      }
    } finally {
      contours.delete();
    }
    return best?.quad ?? null;
  });
}

const distance = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * The outline's corners in the zone's frame: top left, top right, bottom right, bottom left of the
 * document upright (its zone at the bottom), and its width and height measured along its sides.
 */
function uprightOutline(quad, zone, down) {
  const centre = { x: quad.reduce((s, p) => s + p.x, 0) / 4, y: quad.reduce((s, p) => s + p.y, 0) / 4 };
  const radians = (zone.angle * Math.PI) / 180;
  const u = { x: Math.cos(radians) * down, y: Math.sin(radians) * down };
  const v = { x: -u.y, y: u.x };
  const local = quad.map((p) => ({
    p,
    a: (p.x - centre.x) * u.x + (p.y - centre.y) * u.y,
    b: (p.x - centre.x) * v.x + (p.y - centre.y) * v.y,
  }));
  const pick = (sa, sb) => local.reduce((best, q) => (sa * q.a + sb * q.b > sa * best.a + sb * best.b ? q : best)).p;
  const [tl, tr, br, bl] = [pick(-1, -1), pick(1, -1), pick(1, 1), pick(-1, 1)];
  return {
    corners: [tl, tr, br, bl],
    width: (distance(tl, tr) + distance(bl, br)) / 2,
    height: (distance(tl, bl) + distance(tr, br)) / 2,
  };
}

/**
 * Zone candidates in a grey photo (width x height), biggest first, each with:
 * - `corners`: the zone's four corners in the photo (clockwise from the top left of the upright
 *   text), with `flips` the orientations to read it in (1: as given; -1: turned 180 degrees);
 * - `outline`: the document's outline with the zone at its bottom, when seen (see uprightOutline);
 * - `box`: the zone's axis-aligned bounds in the photo.
 */
export function locateZones(grey, width, height, limit = 3) {
  const scale = Math.min(1, DETECT_SIDE / Math.max(width, height));
  const mats = [];
  return using(mats, () => {
    const full = cv.matFromArray(height, width, cv.CV_8UC1, grey);
    mats.push(full);
    const small = new cv.Mat();
    mats.push(small);
    cv.resize(full, small, new cv.Size(Math.round(width * scale), Math.round(height * scale)), 0, 0, cv.INTER_AREA);
    // Fine texture (a wooden desk, paper grain, JPEG blocks) smoothed away; the zone's strokes stay.
    const smooth = new cv.Mat();
    mats.push(smooth);
    cv.GaussianBlur(small, smooth, new cv.Size(3, 3), 0);
    const blobs = zoneBlobsAtAnyAngle(smooth).slice(0, limit);
    return blobs.map((blob) => {
      const quad = documentOutline(small, blob);
      let flips = [1, -1];
      let outline = null;
      if (quad) {
        // The zone is at the bottom of the document: "down" points from the outline's centre to it.
        const down = downOf(quad, blob);
        flips = [down, -down];
        outline = uprightOutline(
          quad.map((p) => ({ x: p.x / scale, y: p.y / scale })),
          scaled(blob, scale),
          down,
        );
      }
      const zone = scaled(blob, scale);
      const points = corners(zone);
      return {
        zone,
        flips,
        outline,
        box: {
          left: Math.min(...points.map((p) => p.x)),
          right: Math.max(...points.map((p) => p.x)),
          top: Math.min(...points.map((p) => p.y)),
          bottom: Math.max(...points.map((p) => p.y)),
        },
      };
    });
  });
}

/**
 * The document's outline around a zone found by other means (the row-density finder's level
 * band), in photo pixels; null when none is seen.
 */
export function outlineAround(grey, width, height, zone) {
  const scale = Math.min(1, DETECT_SIDE / Math.max(width, height));
  const full = cv.matFromArray(height, width, cv.CV_8UC1, grey);
  const small = new cv.Mat();
  return using([full, small], () => {
    cv.resize(full, small, new cv.Size(Math.round(width * scale), Math.round(height * scale)), 0, 0, cv.INTER_AREA);
    const blob = {
      center: { x: zone.center.x * scale, y: zone.center.y * scale },
      angle: zone.angle,
      long: zone.long * scale,
      short: zone.short * scale,
    };
    const quad = documentOutline(small, blob);
    if (!quad) return null;
    return uprightOutline(
      quad.map((p) => ({ x: p.x / scale, y: p.y / scale })),
      zone,
      downOf(quad, blob),
    );
  });
}

/** 1 when the zone lies below the outline's centre in the zone's own frame, else -1. */
function downOf(quad, blob) {
  const centre = { x: quad.reduce((s, p) => s + p.x, 0) / 4, y: quad.reduce((s, p) => s + p.y, 0) / 4 };
  const radians = (blob.angle * Math.PI) / 180;
  const towards = -(blob.center.x - centre.x) * Math.sin(radians) + (blob.center.y - centre.y) * Math.cos(radians);
  return towards >= 0 ? 1 : -1;
}

/**
 * Specular highlights: saturated patches (raw level 253 and up: clipped, brighter than any paper) that do not touch the photo's
 * border (a white background or scanner bed does), at least a few pixels across. Returns a test
 * of whether a photo pixel lies in one.
 */
export function highlights(raw, width, height) {
  const scale = Math.min(1, 400 / Math.max(width, height));
  const full = cv.matFromArray(height, width, cv.CV_8UC1, raw);
  const small = new cv.Mat();
  const mask = new cv.Mat();
  const labels = new cv.Mat();
  const stats = new cv.Mat();
  const centroids = new cv.Mat();
  return using([full, small, mask, labels, stats, centroids], () => {
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    cv.resize(full, small, new cv.Size(w, h), 0, 0, cv.INTER_AREA);
    cv.threshold(small, mask, 252, 255, cv.THRESH_BINARY);
    const count = cv.connectedComponentsWithStats(mask, labels, stats, centroids, 8, cv.CV_32S);
    const kept = new Uint8Array(count);
    for (let i = 1; i < count; i++) {
      const [x, y, bw, bh, area] = [0, 1, 2, 3, 4].map((k) => stats.intAt(i, k));
      const touches = x === 0 || y === 0 || x + bw >= w || y + bh >= h;
      kept[i] = !touches && area >= 9 ? 1 : 0;
    }
    const label = labels.data32S.slice();
    return (x, y) => {
      const sx = Math.min(w - 1, Math.floor(x * scale));
      const sy = Math.min(h - 1, Math.floor(y * scale));
      return kept[label[sy * w + sx]] === 1;
    };
  });
}

const scaled = (blob, scale) => ({
  center: { x: blob.center.x / scale, y: blob.center.y / scale },
  angle: blob.angle,
  long: blob.long / scale,
  short: blob.short / scale,
  lines: blob.lines,
});

/**
 * The zone cut out of the photo and turned upright (flip -1: by 180 degrees), with a margin of
 * `margin` of its height around the characters, scaled so each of its `lines` is `lineHeight`
 * pixels tall: raw grey pixels, width x height.
 */
export function rectifyZone(grey, width, height, zone, flip, lines, lineHeight, margin = 0.12) {
  const long = zone.long + zone.short * margin * 2;
  const short = zone.short * (1 + margin * 2);
  const scale = Math.min(6, (lineHeight * lines) / zone.short);
  const outWidth = Math.max(8, Math.round(long * scale));
  const outHeight = Math.max(8, Math.round(short * scale));
  const angle = zone.angle + (flip === -1 ? 180 : 0);
  const from = corners({ center: zone.center, angle, long, short });
  const mats = [];
  return using(mats, () => {
    const full = cv.matFromArray(height, width, cv.CV_8UC1, grey);
    const source = cv.matFromArray(
      4,
      1,
      cv.CV_32FC2,
      from.flatMap((p) => [p.x, p.y]),
    );
    const target = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, outWidth, 0, outWidth, outHeight, 0, outHeight]);
    const transform = cv.getPerspectiveTransform(source, target);
    const out = new cv.Mat();
    mats.push(full, source, target, transform, out);
    cv.warpPerspective(full, out, transform, new cv.Size(outWidth, outHeight), cv.INTER_CUBIC, cv.BORDER_REPLICATE);
    return { data: Buffer.from(out.data), width: outWidth, height: outHeight };
  });
}

/**
 * A part of the upright document (x, y, w, h as shares of its width and height, from its top
 * left), cut out of the photo through the outline's perspective, `pixelsWide` wide: raw grey.
 */
export function rectifyPart(grey, width, height, outline, part, pixelsWide) {
  const [tl, tr, br, bl] = outline.corners;
  const outWidth = Math.round(pixelsWide);
  const outHeight = Math.max(8, Math.round((pixelsWide * part.h * outline.height) / (part.w * outline.width)));
  const mats = [];
  return using(mats, () => {
    const full = cv.matFromArray(height, width, cv.CV_8UC1, grey);
    const source = cv.matFromArray(4, 1, cv.CV_32FC2, [tl.x, tl.y, tr.x, tr.y, br.x, br.y, bl.x, bl.y]);
    // The whole document mapped to the unit square, then the part taken from it.
    const unit = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, 1, 0, 1, 1, 0, 1]);
    const toUnit = cv.getPerspectiveTransform(source, unit);
    const partToOut = cv.matFromArray(3, 3, cv.CV_64F, [
      outWidth / part.w,
      0,
      (-part.x * outWidth) / part.w,
      0,
      outHeight / part.h,
      (-part.y * outHeight) / part.h,
      0,
      0,
      1,
    ]);
    const transform = new cv.Mat();
    cv.gemm(partToOut, toUnit, 1, DEFAULT_KERNEL, 0, transform);
    const out = new cv.Mat();
    mats.push(full, source, unit, toUnit, partToOut, transform, out);
    cv.warpPerspective(full, out, transform, new cv.Size(outWidth, outHeight), cv.INTER_CUBIC, cv.BORDER_REPLICATE);
    return { data: Buffer.from(out.data), width: outWidth, height: outHeight };
  });
}
