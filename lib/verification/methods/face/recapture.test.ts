import { describe, expect, it } from "vitest";
import { recaptureSimilarity } from "@/lib/verification/methods/face/recapture";

const SIDE = 112;
/** A textured grey image (sums of sinusoids), standing in for an aligned face, shifted by dx pixels. */
const texture = (dx = 0) =>
  Array.from({ length: SIDE * SIDE }, (_, i) => {
    const [x, y] = [(i % SIDE) + dx, Math.floor(i / SIDE)];
    return Math.round(
      128 +
        40 * Math.sin(x / 3.1) * Math.cos(y / 4.3) +
        30 * Math.sin((x + 2 * y) / 7.7) +
        20 * Math.cos(x / 11 - y / 5),
    );
  });
const clip = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

describe("recaptureSimilarity", () => {
  it("is 1 for one image and stays high through exposure, contrast and a glare that saturates a corner", () => {
    const face = texture();
    expect(recaptureSimilarity(face, face)).toBeCloseTo(1, 6);
    const recaptured = face.map((v, i) => {
      const [x, y] = [i % SIDE, Math.floor(i / SIDE)];
      // Darker and flatter (print, low light), plus a glare spot blown out to white near (80, 30).
      const glare = 260 * Math.exp(-((x - 80) ** 2 + (y - 30) ** 2) / 300);
      return clip(0.6 * v + 20 + glare);
    });
    expect(recaptureSimilarity(face, recaptured)).toBeGreaterThan(0.9);
  });

  it("is low for a different arrangement of the same texture (another pose) and for an unrelated image", () => {
    expect(recaptureSimilarity(texture(), texture(9))).toBeLessThan(0.5);
    const other = Array.from({ length: SIDE * SIDE }, (_, i) => clip(128 + 60 * Math.sin(i * 0.37)));
    expect(Math.abs(recaptureSimilarity(texture(), other))).toBeLessThan(0.3);
  });

  it("answers 0 when glare or shadow leaves too little of the face to compare", () => {
    expect(recaptureSimilarity(texture(), new Array<number>(SIDE * SIDE).fill(255))).toBe(0);
    expect(recaptureSimilarity(new Array<number>(SIDE * SIDE).fill(0), texture())).toBe(0);
  });

  it("refuses faces of the wrong size", () => {
    expect(() => recaptureSimilarity([1, 2, 3], texture())).toThrow(/wrong size/);
  });
});
