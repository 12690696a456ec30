// Face measurements in a worker thread, so inference never blocks the server's event loop.
// Plain JavaScript loaded by path (lib/verification/face/face-estimator.ts), outside the Next.js
// bundle. It measures; it decides nothing (quality-gates.ts and decide-age.ts do).
//
// Models: @vladmandic/human on TensorFlow.js's WebAssembly backend, weights read from the npm
// package's own models/ folder (no download at install or run time). The image arrives as bytes,
// is decoded in memory and dropped after the call: nothing is written anywhere.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parentPort } from "node:worker_threads";
import { greyStatistics } from "./grey-statistics.mjs";

// Inference ranks below the event loop: on Linux a nice value set with pid 0 applies to the
// calling thread only, so where a core is contended the scheduler favours the API. (With no spare
// core, priority alone does not hold the API's pace: face-estimator.ts also paces the worker.)
// Where the platform refuses (or applies it process-wide, e.g. macOS), the worker keeps the
// normal priority.
if (os.platform() === "linux") {
  try {
    os.setPriority(10);
  } catch {
    // Not permitted here: run at the normal priority.
  }
}

const require = createRequire(import.meta.url);
const sharp = require("sharp");
// The package's export map names its files without "./", which Node refuses: load them by path
// from its main entry (dist/human.node.js).
const humanDir = path.dirname(path.dirname(require.resolve("@vladmandic/human")));
const { Human } = require(path.join(humanDir, "dist/human.node-wasm.js"));
const wasmDir = path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm/package.json"));

// tfjs loads models and its .wasm files with fetch(); Node's fetch has no file: scheme.
const networkFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith("file:")) return networkFetch(input, init);
  const body = await readFile(fileURLToPath(url));
  const type = url.endsWith(".json") ? "application/json" : url.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
  return new Response(body, { headers: { "content-type": type } });
};

/** Longest side the models see; larger photos only cost decode time. */
const MAX_SIDE = 640;
/** The hosted flow refuses larger images by their headers (read-image-header.ts); this is the last line. */
const MAX_INPUT_PIXELS = 50_000_000;
/**
 * libvips stops a pipeline that runs longer. It cannot stop libjpeg's pass over a progressive
 * file's scans, so the estimator also holds each photo to a budget and replaces a worker that overruns.
 */
const DECODE_BUDGET_SECONDS = 2;
/** Side of the grey face crop that brightness and sharpness are measured on, so they compare across photos. */
const CROP_SIDE = 128;

const human = new Human({
  backend: "wasm",
  wasmPath: `${pathToFileURL(path.join(wasmDir, "dist")).href}/`,
  modelBasePath: `${pathToFileURL(path.join(humanDir, "models")).href}/`,
  debug: false,
  // Each call is a different person's photo: never reuse a previous frame's results.
  cacheSensitivity: 0,
  filter: { enabled: false },
  face: {
    enabled: true,
    detector: { rotation: false, maxDetected: 4, minConfidence: 0.5, skipFrames: 0, skipTime: 0 },
    mesh: { enabled: true },
    attention: { enabled: false },
    iris: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: true, skipFrames: 0, skipTime: 0 },
    antispoof: { enabled: true, skipFrames: 0, skipTime: 0 },
    liveness: { enabled: true, skipFrames: 0, skipTime: 0 },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
});

// human.detect() merges a configuration it is given into the instance for good, so every call
// states both modes in full: a gates-only call must not leave age, anti-spoofing and liveness
// switched off for the next person's photo.
const modelsFor = (estimateAge) => ({
  face: { description: { enabled: estimateAge }, antispoof: { enabled: estimateAge }, liveness: { enabled: estimateAge } },
});

const ready = human.load().then(() => human.warmup?.({ warmup: "none" }));

/** Mean luminance (0-255) and variance of the Laplacian (focus) of the face's grey crop. */
async function cropStatistics(rgb, info, box) {
  const clamp = (v, max) => Math.max(0, Math.min(max, Math.round(v)));
  const left = clamp(box[0] * info.width, info.width - 2);
  const top = clamp(box[1] * info.height, info.height - 2);
  const width = Math.max(2, clamp(box[2] * info.width, info.width - left));
  const height = Math.max(2, clamp(box[3] * info.height, info.height - top));
  const grey = await sharp(rgb, { raw: { width: info.width, height: info.height, channels: 3 } })
    .extract({ left, top, width, height })
    .resize(CROP_SIDE, CROP_SIDE, { fit: "fill" })
    .greyscale()
    .raw()
    .toBuffer();
  return greyStatistics(grey, CROP_SIDE);
}

async function measure(bytes, estimateAge) {
  await ready;
  let decoded;
  try {
    decoded = await sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS })
      .timeout({ seconds: DECODE_BUDGET_SECONDS })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .removeAlpha()
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { readable: false };
  }
  const { data: rgb, info } = decoded;
  const tensor = human.tf.tensor3d(rgb, [info.height, info.width, 3], "int32");
  const batch = human.tf.expandDims(tensor, 0);
  try {
    const result = await human.detect(batch, modelsFor(estimateAge));
    const faces = [];
    for (const face of result.face) {
      faces.push({
        score: face.score,
        box: face.boxRaw,
        age: estimateAge && typeof face.age === "number" ? face.age : null,
        real: estimateAge && typeof face.real === "number" ? face.real : null,
        live: estimateAge && typeof face.live === "number" ? face.live : null,
        yaw: face.rotation?.angle?.yaw ?? null,
        pitch: face.rotation?.angle?.pitch ?? null,
        ...(await cropStatistics(rgb, info, face.boxRaw)),
      });
    }
    return { readable: true, width: info.width, height: info.height, faces };
  } finally {
    human.tf.dispose([tensor, batch]);
    rgb.fill(0);
  }
}

parentPort.on("message", async ({ id, bytes, estimateAge }) => {
  try {
    parentPort.postMessage({ id, measurements: await measure(bytes, estimateAge) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  } finally {
    new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).fill(0);
  }
});

ready.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ ready: false, error: error instanceof Error ? error.message : String(error) }),
);
