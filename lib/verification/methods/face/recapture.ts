// The same-image check's second signal (docs/face-match.md, "The document held up as the selfie"):
// how alike two faces are pixel by pixel once both are aligned onto the 112x112 ArcFace template
// by their five landmarks (mobilefacenet.mjs). Two captures of one print differ only
// photometrically (glare, exposure, blur, JPEG); two photographs of one person differ in pose,
// expression, lighting direction and hair, which a descriptor is trained to ignore and this is not.
// Measured on the tuning split before it was chosen (scripts/eval-face-match.ts).

/** The aligned face's side in pixels (ALIGNED_SIDE in mobilefacenet.mjs). */
const SIDE = 112;

/**
 * Compared at these coarser scales (block means): the document's portrait is printed small and
 * blurred, so finer detail differs between any two captures of it.
 */
const SCALES = [4] as const;

/** Radius of the local contrast normalisation's window, in pixels of the scale compared. */
const LOCAL_RADIUS = 4;

/** Grey values at or above this (glare) or at or below CRUSHED (shadow) carry no structure: masked. */
const SATURATED = 250;
const CRUSHED = 5;

/** Fewer usable pixels than this share of the face and the two are not compared (similarity 0). */
const MIN_USABLE_SHARE = 0.2;

function blockMeans(image: Float64Array, side: number, factor: number): Float64Array {
  const out = new Float64Array((side / factor) ** 2);
  const small = side / factor;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) out[Math.floor(y / factor) * small + Math.floor(x / factor)] += image[y * side + x];
  }
  return out.map((sum) => sum / (factor * factor));
}

/** The mean of each pixel's (2r+1)² window, clipped at the edges (an integral image). */
function windowMeans(image: Float64Array, side: number, radius: number): Float64Array {
  const stride = side + 1;
  const integral = new Float64Array(stride * stride);
  for (let y = 0; y < side; y++) {
    let row = 0;
    for (let x = 0; x < side; x++) {
      row += image[y * side + x];
      integral[(y + 1) * stride + x + 1] = integral[y * stride + x + 1] + row;
    }
  }
  const out = new Float64Array(side * side);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const [x0, x1] = [Math.max(0, x - radius), Math.min(side, x + radius + 1)];
      const [y0, y1] = [Math.max(0, y - radius), Math.min(side, y + radius + 1)];
      const sum =
        integral[y1 * stride + x1] -
        integral[y0 * stride + x1] -
        integral[y1 * stride + x0] +
        integral[y0 * stride + x0];
      out[y * side + x] = sum / ((x1 - x0) * (y1 - y0));
    }
  }
  return out;
}

/**
 * Local contrast normalisation: each pixel less its window's mean, over its window's deviation.
 * Exposure, contrast lost to print and a smooth glare gradient all cancel out.
 */
function normaliseContrast(image: Float64Array, side: number): Float64Array {
  const mean = windowMeans(image, side, LOCAL_RADIUS);
  const meanSquare = windowMeans(
    image.map((v) => v * v),
    side,
    LOCAL_RADIUS,
  );
  // The floor keeps flat regions (a plain background, a blown-out cheek) from amplifying noise.
  return image.map((v, i) => (v - mean[i]) / (Math.sqrt(Math.max(0, meanSquare[i] - mean[i] ** 2)) + 4));
}

/** Horizontal and vertical central differences (zero on the border). */
function gradients(image: Float64Array, side: number): [Float64Array, Float64Array] {
  const gx = new Float64Array(side * side);
  const gy = new Float64Array(side * side);
  for (let y = 1; y < side - 1; y++) {
    for (let x = 1; x < side - 1; x++) {
      gx[y * side + x] = image[y * side + x + 1] - image[y * side + x - 1];
      gy[y * side + x] = image[(y + 1) * side + x] - image[(y - 1) * side + x];
    }
  }
  return [gx, gy];
}

/**
 * The face itself: an ellipse over the template's face (eyes at y 52, mouth at y 92), leaving out
 * the background and most of the hair, which differ between photographs for reasons of no interest.
 */
function insideFace(x: number, y: number, side: number): boolean {
  const [cx, cy, rx, ry] = [side / 2, (62 / SIDE) * side, (40 / SIDE) * side, (50 / SIDE) * side];
  return ((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2 <= 1;
}

/** Normalised cross-correlation of the two faces' contrast-normalised gradients at one scale. */
function similarityAtScale(document: Float64Array, selfie: Float64Array, factor: number): number | null {
  const side = SIDE / factor;
  const [a, b] = [blockMeans(document, SIDE, factor), blockMeans(selfie, SIDE, factor)];
  const usable = (i: number) => a[i] > CRUSHED && a[i] < SATURATED && b[i] > CRUSHED && b[i] < SATURATED;
  const mask: number[] = [];
  let faceArea = 0;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (!insideFace(x, y, side)) continue;
      faceArea++;
      if (usable(y * side + x)) mask.push(y * side + x);
    }
  }
  if (mask.length < MIN_USABLE_SHARE * faceArea) return null;
  const [ax, ay] = gradients(normaliseContrast(a, side), side);
  const [bx, by] = gradients(normaliseContrast(b, side), side);
  let [sumA, sumB] = [0, 0];
  for (const i of mask) {
    sumA += ax[i] + ay[i];
    sumB += bx[i] + by[i];
  }
  const [meanA, meanB] = [sumA / (2 * mask.length), sumB / (2 * mask.length)];
  let [dot, normA, normB] = [0, 0, 0];
  for (const [p, q] of [
    [ax, bx],
    [ay, by],
  ]) {
    for (const i of mask) {
      const [u, v] = [p[i] - meanA, q[i] - meanB];
      dot += u * v;
      normA += u * u;
      normB += v * v;
    }
  }
  return normA === 0 || normB === 0 ? null : dot / Math.sqrt(normA * normB);
}

/**
 * How alike two aligned faces (grey, 112x112, row by row, 0-255) are pixel by pixel, in [-1, 1]:
 * the mean over SCALES of the normalised cross-correlation of their contrast-normalised gradients
 * inside the face, leaving out pixels saturated by glare or crushed to black in either. 0 when too
 * little of the face is usable to say.
 */
export function recaptureSimilarity(document: readonly number[], selfie: readonly number[]): number {
  if (document.length !== SIDE * SIDE || selfie.length !== SIDE * SIDE) {
    throw new Error("aligned faces of the wrong size");
  }
  const [a, b] = [Float64Array.from(document), Float64Array.from(selfie)];
  const values = SCALES.map((factor) => similarityAtScale(a, b, factor));
  return values.some((v) => v === null) ? 0 : values.reduce<number>((sum, v) => sum + v!, 0) / values.length;
}
