// The light and focus measures of a square grey image: mean luminance, and the variance of its
// 4-neighbour Laplacian. One definition for the server's quality gates (face-worker.mjs, on the
// face crop) and the camera view's live check (frame-quality.ts, in the browser), so a frame the
// page calls fine is measured the same way on the server. Plain JavaScript because the worker runs
// outside the bundle and cannot import TypeScript; types in grey-statistics.d.mts.

/**
 * @param {ArrayLike<number>} grey side x side grey values (0-255), row by row
 * @param {number} side
 * @returns {{ brightness: number; sharpness: number }}
 */
export function greyStatistics(grey, side) {
  let sum = 0;
  for (let i = 0; i < side * side; i++) sum += grey[i];
  let lapSum = 0;
  let lapSq = 0;
  let n = 0;
  for (let y = 1; y < side - 1; y++) {
    for (let x = 1; x < side - 1; x++) {
      const i = y * side + x;
      const lap = grey[i - 1] + grey[i + 1] + grey[i - side] + grey[i + side] - 4 * grey[i];
      lapSum += lap;
      lapSq += lap * lap;
      n++;
    }
  }
  const mean = lapSum / n;
  return { brightness: sum / (side * side), sharpness: lapSq / n - mean * mean };
}
