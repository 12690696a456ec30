// Measured in the browser on each camera frame before capture (no server, no model): the light
// and the focus of the middle of the picture, where the face guide is. Importable by client and
// server. The same two measures as the server's gates (mean luminance; variance of the Laplacian
// of a small grey square), with margins so that a frame called fine here also clears them there.

import { greyStatistics } from "@/lib/verification/methods/face/grey-statistics.mjs";
import { GATES } from "@/lib/verification/methods/face/quality-gates";

/**
 * The middle of the frame holds background as well as the face, and a camera's noise raises the
 * Laplacian: ask for more than the server's gates (30 and 12) so "fine" here means fine there.
 */
export const FRAME_GATES = { minBrightness: GATES.minBrightness + 15, minSharpness: GATES.minSharpness * 1.5 } as const;

/** Side of the grey square measured, as the server's face crop (128 px). */
export const FRAME_SIDE = 128;

/** Grey values (0-255) of a side x side square from RGBA pixels (canvas getImageData). */
export function greyFromRgba(rgba: ArrayLike<number>, side = FRAME_SIDE): Float32Array {
  const grey = new Float32Array(side * side);
  for (let i = 0; i < grey.length; i++) {
    const p = i * 4;
    grey[i] = 0.299 * rgba[p] + 0.587 * rgba[p + 1] + 0.114 * rgba[p + 2];
  }
  return grey;
}

/** Mean luminance and variance of the Laplacian of a side x side grey square (as the server measures). */
export function frameStatistics(grey: ArrayLike<number>, side = FRAME_SIDE): { brightness: number; sharpness: number } {
  return greyStatistics(grey, side);
}

export type FrameQuality = { light: "ok" | "dark"; focus: "ok" | "blurred" };

export function judgeFrame(stats: { brightness: number; sharpness: number }): FrameQuality {
  return {
    light: stats.brightness < FRAME_GATES.minBrightness ? "dark" : "ok",
    focus: stats.sharpness < FRAME_GATES.minSharpness ? "blurred" : "ok",
  };
}
