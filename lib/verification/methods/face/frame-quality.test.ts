import { describe, expect, it } from "vitest";
import {
  FRAME_GATES,
  FRAME_SIDE,
  frameStatistics,
  greyFromRgba,
  judgeFrame,
} from "@/lib/verification/methods/face/frame-quality";

const square = (value: (x: number, y: number) => number) =>
  Float32Array.from({ length: FRAME_SIDE * FRAME_SIDE }, (_, i) => value(i % FRAME_SIDE, Math.floor(i / FRAME_SIDE)));

describe("frame quality measured in the browser", () => {
  it("reads luminance from RGBA pixels", () => {
    const rgba = new Uint8ClampedArray(FRAME_SIDE * FRAME_SIDE * 4).fill(255);
    expect(greyFromRgba(rgba)[0]).toBeCloseTo(255, 3);
    rgba.set([255, 0, 0, 255], 0);
    expect(greyFromRgba(rgba)[0]).toBeCloseTo(0.299 * 255, 3);
  });

  it("calls a dark frame dark and a lit one fine", () => {
    const checker = (base: number) => square((x, y) => base + ((x + y) % 2) * 40);
    expect(judgeFrame(frameStatistics(checker(5))).light).toBe("dark");
    expect(judgeFrame(frameStatistics(checker(100))).light).toBe("ok");
    expect(frameStatistics(square(() => FRAME_GATES.minBrightness - 1)).brightness).toBeCloseTo(
      FRAME_GATES.minBrightness - 1,
      3,
    );
  });

  it("calls a flat (blurred) frame blurred and a detailed one sharp", () => {
    const smooth = square((x) => 100 + x * 0.2);
    const detailed = square((x, y) => 100 + ((x * 7 + y * 13) % 17) * 4);
    expect(frameStatistics(smooth).sharpness).toBeLessThan(1);
    expect(judgeFrame(frameStatistics(smooth)).focus).toBe("blurred");
    expect(judgeFrame(frameStatistics(detailed)).focus).toBe("ok");
  });
});
