type Point = readonly [number, number];
type Artifacts = { modelTopology: { node: unknown[] }; weightSpecs: unknown[]; weightData: ArrayBuffer };
export const ALIGNED_SIDE: 112;
/** The five alignment landmarks (pixels) from a 468-point mesh, or null when there is no mesh. */
export function fivePoints(mesh: readonly (readonly number[])[] | undefined): Point[] | null;
/** The least-squares similarity transform taking `from` onto `to`: [a, b, tx, ty]. */
export function similarityTransform(from: readonly Point[], to: readonly Point[]): [number, number, number, number];
/** The face warped onto the 112x112 ArcFace template, RGB as (x - 127.5) / 128. */
export function alignFace(
  rgb: ArrayLike<number>,
  width: number,
  height: number,
  landmarks: readonly Point[],
): Float32Array;
/** The aligned face (alignFace's output) in grey, 0-255. */
export function alignedGrey(aligned: Float32Array): number[];
/** mobilefacenet.json's topology and weights with both conversion faults mended. */
export function mendMobileFaceNet(
  topology: { node: unknown[] },
  weightSpecs: unknown[],
  weightData: ArrayBuffer,
): { topology: { node: unknown[] }; weightSpecs: unknown[]; weightData: ArrayBuffer };
/** mobilefacenet.json from the models folder, mended: model artifacts for tf.io.fromMemory. */
export function readMobileFaceNet(modelsDir: string): Promise<Artifacts>;
