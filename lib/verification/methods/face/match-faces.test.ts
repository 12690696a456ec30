// Real inference (the built-in models in their worker process, no mock) on the licensed face
// fixtures (tests/fixtures/faces/SOURCES.md) and documents printed from them
// (scripts/print-portrait.ts). The fixtures hold one photograph per person, so "the same person"
// here is a printed portrait against that person's own photograph, mirrored and relit: the match
// across different photographs of one person is measured by npm run eval:face-match
// (docs/face-match.md).
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { photograph, photographCloseUp } from "@/eval/id-document/photograph";
import { icaoPortraitBox, renderIcaoDocument } from "@/eval/id-document/render-document";
import { analyzeFace } from "@/lib/verification/methods/face/analyze-face";
import { createFaceEstimator, faceEstimator } from "@/lib/verification/methods/face/face-estimator";
import {
  descriptorSimilarity,
  DOCUMENT_MEASUREMENT,
  DOCUMENT_MIN_FACE_PIXELS,
  documentDescriptor,
  MATCH_THRESHOLD,
  matchFaces,
  RECAPTURE_THRESHOLD,
  recaptureOf,
  SAME_IMAGE_THRESHOLD,
  SELFIE_MEASUREMENT,
  selfieDescriptor,
} from "@/lib/verification/methods/face/match-faces";
import type { MeasuredFace } from "@/lib/verification/methods/face/quality-gates";
import { RETAKE_MESSAGES } from "@/lib/verification/methods/face/types";
import { RetakeRequired, type ImageEvidence } from "@/lib/verification/methods/types";
import { holdCardUpToCamera, printPortraitOnCard } from "../../../../scripts/print-portrait";
import { derivedFace, facePhoto, selfieOf } from "../../../../tests/support/face-fixtures";

const jpeg = (bytes: Uint8Array): ImageEvidence => ({ contentType: "image/jpeg", bytes });
const card = async (photo: Uint8Array, portraitWidth = 120) =>
  jpeg(await printPortraitOnCard(photo, { portraitWidth, grey: true, blur: 0.8, jpegQuality: 70 }));
/** The person's photograph as a different capture (tests/support/face-fixtures.ts). */
const selfie = async (name: Parameters<typeof facePhoto>[0]) => jpeg(await selfieOf(name));

/** A generated TD3 passport (eval/id-document) carrying a face fixture as its portrait. */
const specimenPassport = (face: Parameters<typeof facePhoto>[0]) =>
  renderIcaoDocument(
    {
      format: "TD3",
      issuer: "NLD",
      nationality: "NLD",
      surname: "DE BRUIJN",
      givenNames: "WILLEKE",
      documentNumber: "XR4821937",
      birthDate: "900417",
      sex: "F",
      expiryDate: "340802",
    },
    path.join(process.cwd(), `tests/fixtures/faces/${face}.jpg`),
  );

describe("matchFaces on real photographs", () => {
  it("matches a printed, photographed portrait to the same person's selfie", async () => {
    for (const name of ["adult-50-59", "adult-20-29"] as const) {
      const result = await matchFaces(await card(facePhoto(name)), await selfie(name));
      expect(result).toEqual({ kind: "match", similarity: expect.any(Number) });
      expect(result.kind === "match" && result.similarity).toBeGreaterThanOrEqual(MATCH_THRESHOLD.mobilefacenet);
    }
  }, 120_000);

  it("refuses the document's own portrait held up to the selfie camera as the same image", async () => {
    for (const name of ["adult-50-59", "adult-20-29"] as const) {
      const heldUp = await holdCardUpToCamera(facePhoto(name), {
        portraitWidth: 240,
        grey: true,
        blur: 0.6,
        jpegQuality: 85,
      });
      const result = await matchFaces(await card(facePhoto(name)), jpeg(heldUp));
      expect(result).toEqual({ kind: "same_image", similarity: expect.any(Number) });
      expect(result.kind === "same_image" && result.similarity).toBeGreaterThanOrEqual(
        SAME_IMAGE_THRESHOLD.mobilefacenet,
      );
    }
  }, 120_000);

  it("refuses a generated passport photographed again close-up, under the document's glare, as the same image", async () => {
    const passport = await specimenPassport("adult-20-29");
    const result = await matchFaces(
      jpeg(new Uint8Array(await photograph(passport, "glare", 1))),
      jpeg(new Uint8Array(await photographCloseUp(passport, icaoPortraitBox("TD3"), "clean"))),
    );
    expect(result).toEqual({ kind: "same_image", similarity: expect.any(Number) });
  }, 120_000);

  it("tells a recaptured print, even under glare, from another capture of the face by the aligned pixels alone", async () => {
    const estimator = faceEstimator();
    const documentFace = async (bytes: Uint8Array) =>
      documentDescriptor(await estimator.measure(bytes, false, DOCUMENT_MEASUREMENT))!;
    const selfieFace = async (bytes: Uint8Array) =>
      selfieDescriptor(await estimator.measure(bytes, false, SELFIE_MEASUREMENT)).face!;
    const pixels = async (document: Uint8Array, selfie: Uint8Array) =>
      recaptureOf(await documentFace(document), await selfieFace(selfie));

    const photo = facePhoto("adult-20-29");
    const printed = (await card(photo)).bytes;
    // The print held up to the selfie camera: refused by the pixels, not only by the descriptor.
    const heldUp = await holdCardUpToCamera(photo, { portraitWidth: 240, grey: true, blur: 0.6, jpegQuality: 85 });
    expect(await pixels(printed, heldUp)).toBeGreaterThanOrEqual(RECAPTURE_THRESHOLD);
    // Another capture of the face (mirrored, relit): the same person, not the same image.
    expect(await pixels(printed, await selfieOf("adult-20-29"))).toBeLessThan(RECAPTURE_THRESHOLD);

    // A generated passport photographed for the document step, then close-up under glare.
    const passport = await specimenPassport("adult-50-59");
    const document = new Uint8Array(await photograph(passport, "clean", 3));
    const glare = new Uint8Array(await photographCloseUp(passport, icaoPortraitBox("TD3"), "glare", 4));
    expect(await pixels(document, glare)).toBeGreaterThanOrEqual(RECAPTURE_THRESHOLD);
    expect(await matchFaces(jpeg(document), jpeg(glare))).toEqual({
      kind: "same_image",
      similarity: expect.any(Number),
    });
  }, 180_000);

  it("does not match different people", async () => {
    const document = await card(facePhoto("adult-50-59"));
    for (const other of ["adult-70-plus", "adult-20-29", "teen-10-19"] as const) {
      const result = await matchFaces(document, await selfie(other));
      expect(result).toEqual({ kind: "mismatch", similarity: expect.any(Number) });
      expect(result.kind === "mismatch" && result.similarity).toBeLessThan(MATCH_THRESHOLD.mobilefacenet);
    }
  }, 120_000);

  it("answers no_face for a document without a single face big enough", async () => {
    const selfie = jpeg(facePhoto("adult-50-59"));
    expect(await matchFaces(jpeg(await derivedFace.noFace()), selfie)).toEqual({ kind: "no_face", which: "document" });
    expect(await matchFaces(jpeg(await derivedFace.twoFaces()), selfie)).toEqual({
      kind: "no_face",
      which: "document",
    });
    // A portrait printed 24 px wide: a face far under DOCUMENT_MIN_FACE_PIXELS, if found at all.
    expect(await matchFaces(await card(facePhoto("adult-50-59"), 24), selfie)).toEqual({
      kind: "no_face",
      which: "document",
    });
    expect(await matchFaces(jpeg(derivedFace.unreadable()), selfie)).toEqual({ kind: "no_face", which: "document" });
  }, 120_000);

  it("sends back a selfie that fails a quality gate, with face_estimation's message", async () => {
    const document = await card(facePhoto("adult-50-59"));
    for (const [make, reason] of [
      [derivedFace.blurred, "blurred"],
      [derivedFace.noFace, "no_face"],
      [derivedFace.twoFaces, "multiple_faces"],
      [derivedFace.dark, "too_dark"],
    ] as const) {
      const result = matchFaces(document, jpeg(await make()));
      await expect(result).rejects.toBeInstanceOf(RetakeRequired);
      await expect(result).rejects.toThrow(RETAKE_MESSAGES[reason]);
    }
  }, 120_000);

  it("never matches a selfie that fails the spoof gate (a photo of a screen), while the printed document needs no liveness", async () => {
    // The screen shows adult-70-plus's fixture photo; the document carries another person's portrait.
    expect(await matchFaces(await card(facePhoto("adult-50-59")), jpeg(await derivedFace.rephotographed()))).toEqual({
      kind: "spoof",
    });
    // The document's own photo on the screen: the aligned pixels tell it is the same image.
    expect(await matchFaces(await card(facePhoto("adult-70-plus")), jpeg(await derivedFace.rephotographed()))).toEqual({
      kind: "same_image",
      similarity: expect.any(Number),
    });
  }, 120_000);

  it("describes only the face the match would compare: the largest of several", async () => {
    const measured = await faceEstimator().measure(await derivedFace.twoFaces(), false, DOCUMENT_MEASUREMENT);
    expect(measured.readable && measured.faces.length).toBe(2);
    const faces = measured.readable ? measured.faces : [];
    const described = faces.filter((f) => f.descriptor?.length);
    expect(described).toHaveLength(1);
    expect(described[0].box[2] * described[0].box[3]).toBe(Math.max(...faces.map((f) => f.box[2] * f.box[3])));
    expect(described[0].aligned).toHaveLength(112 * 112);
  }, 120_000);

  it("leaves the worker as it was: the next photo is estimated in full and described only when asked", async () => {
    await matchFaces(await card(facePhoto("adult-70-plus")), jpeg(facePhoto("adult-70-plus")));
    expect(await analyzeFace(facePhoto("adult-50-59"))).toMatchObject({
      kind: "face",
      age: expect.any(Number),
      realScore: expect.any(Number),
      liveScore: expect.any(Number),
    });
    const plain = await faceEstimator().measure(facePhoto("adult-50-59"), false);
    expect(plain.readable && plain.faces[0]).not.toHaveProperty("descriptor");
  }, 120_000);
});

describe("the descriptor model (FACE_MATCH_MODEL)", () => {
  it("describes with MobileFaceNet by default and with FaceRes when chosen, each on its own scale", async () => {
    const faceres = createFaceEstimator(undefined, { matchModel: "faceres" });
    try {
      const [document, same, other] = [
        await card(facePhoto("adult-50-59")),
        await selfieOf("adult-50-59"),
        await selfieOf("adult-20-29"),
      ];
      for (const [estimator, model, length] of [
        [faceEstimator(), "mobilefacenet", 192],
        [faceres, "faceres", 1024],
      ] as const) {
        expect(estimator.matchModel).toBe(model);
        const documentFace = documentDescriptor(
          await estimator.measure(document.bytes, false, DOCUMENT_MEASUREMENT),
        )?.descriptor;
        const selfieFace = (bytes: Uint8Array) =>
          estimator.measure(bytes, false, SELFIE_MEASUREMENT).then((m) => selfieDescriptor(m).face!.descriptor);
        expect(documentFace).toHaveLength(length);
        expect(descriptorSimilarity(documentFace!, await selfieFace(same))).toBeGreaterThanOrEqual(
          MATCH_THRESHOLD[model],
        );
        expect(descriptorSimilarity(documentFace!, await selfieFace(other))).toBeLessThan(MATCH_THRESHOLD[model]);
      }
    } finally {
      faceres.stop();
    }
  }, 180_000);

  it("a worker asked for a model it does not know fails to start, as a provider error", async () => {
    const unknown = createFaceEstimator(undefined, { matchModel: "arcface" as never });
    try {
      await expect(unknown.measure(facePhoto("adult-50-59"), false, SELFIE_MEASUREMENT)).rejects.toThrow(
        /could not load: unknown face match model: arcface/,
      );
    } finally {
      unknown.stop();
    }
  }, 120_000);
});

describe("matchFaces when the worker is busy or slow", () => {
  it("fails as face_estimation does (a provider error: no attempt counted) when a photo overruns its budget", async () => {
    vi.resetModules();
    const saved = process.env.FACE_ESTIMATION_PHOTO_BUDGET_MS;
    process.env.FACE_ESTIMATION_PHOTO_BUDGET_MS = "1";
    delete (globalThis as { voiceageFaceEstimator?: unknown }).voiceageFaceEstimator;
    try {
      const { matchFaces: freshMatch } = await import("@/lib/verification/methods/face/match-faces");
      const { EstimatorTimeout } = await import("@/lib/verification/methods/face/face-estimator");
      const { ProviderError } = await import("@/lib/verification/methods/types");
      const result = freshMatch(jpeg(facePhoto("adult-50-59")), jpeg(facePhoto("adult-50-59")));
      await expect(result).rejects.toBeInstanceOf(EstimatorTimeout);
      await expect(result).rejects.toBeInstanceOf(ProviderError);
    } finally {
      if (saved === undefined) delete process.env.FACE_ESTIMATION_PHOTO_BUDGET_MS;
      else process.env.FACE_ESTIMATION_PHOTO_BUDGET_MS = saved;
      (globalThis as { voiceageFaceEstimator?: { stop(): void } }).voiceageFaceEstimator?.stop();
      delete (globalThis as { voiceageFaceEstimator?: unknown }).voiceageFaceEstimator;
      vi.resetModules();
    }
  }, 120_000);
});

const face = (overrides: Partial<MeasuredFace>): MeasuredFace => ({
  score: 0.9,
  box: [0.3, 0.3, 0.4, 0.4],
  age: null,
  real: null,
  live: null,
  yaw: 0,
  pitch: 0,
  brightness: 120,
  sharpness: 80,
  descriptor: [1, 0, 0],
  ...overrides,
});

describe("the rules on measurements", () => {
  it("compares descriptors by cosine similarity", () => {
    expect(descriptorSimilarity([1, 0], [1, 0])).toBeCloseTo(1);
    expect(descriptorSimilarity([1, 0], [0, 2])).toBeCloseTo(0);
    expect(descriptorSimilarity([1, 1], [-1, -1])).toBeCloseTo(-1);
    expect(descriptorSimilarity([0, 0], [1, 0])).toBe(0);
    expect(() => descriptorSimilarity([1, 0], [1, 0, 0])).toThrow();
  });

  it("takes the document's face only when it is the one face and wide enough in pixels", () => {
    const width = 1000;
    const wide = (DOCUMENT_MIN_FACE_PIXELS + 1) / width;
    const narrow = (DOCUMENT_MIN_FACE_PIXELS - 1) / width;
    const measured = (faces: MeasuredFace[]) => ({ readable: true as const, width, height: 750, faces });
    const described = { descriptor: [1, 0, 0], aligned: null };
    expect(documentDescriptor(measured([face({ box: [0.1, 0.1, wide, wide] })]))).toEqual(described);
    expect(documentDescriptor(measured([face({ box: [0.1, 0.1, narrow, narrow] })]))).toBeNull();
    expect(documentDescriptor(measured([]))).toBeNull();
    expect(
      documentDescriptor(measured([face({ box: [0.05, 0.1, 0.2, 0.2] }), face({ box: [0.6, 0.1, 0.2, 0.2] })])),
    ).toBeNull();
    expect(documentDescriptor(measured([face({ descriptor: null })]))).toBeNull();
    // A portrait is judged on size alone: dark, blurred, turned or "not live" prints still count.
    expect(documentDescriptor(measured([face({ brightness: 5, sharpness: 1, yaw: 1, real: 0, live: 0 })]))).toEqual(
      described,
    );
    expect(documentDescriptor({ readable: false })).toBeNull();
  });

  it("holds the selfie to face_estimation's gates, keeping a spoof's descriptor for the same-image check", () => {
    const measured = (faces: MeasuredFace[]) => ({ readable: true as const, width: 640, height: 480, faces });
    const aligned = Array.from({ length: 112 * 112 }, (_, i) => i % 256);
    expect(selfieDescriptor(measured([face({ real: 0.9, live: 0.9, aligned })]))).toEqual({
      face: { descriptor: [1, 0, 0], aligned },
      live: true,
    });
    expect(selfieDescriptor(measured([face({ real: 0.1, live: 0.9 })]))).toEqual({
      face: { descriptor: [1, 0, 0], aligned: null },
      live: false,
    });
    expect(selfieDescriptor(measured([face({ real: 0.9, live: 0.9, descriptor: null })]))).toEqual({
      face: null,
      live: true,
    });
    expect(() => selfieDescriptor(measured([face({ box: [0.4, 0.4, 0.05, 0.05] })]))).toThrow(
      RETAKE_MESSAGES.too_small,
    );
    expect(() => selfieDescriptor({ readable: false })).toThrow(RETAKE_MESSAGES.unreadable_image);
  });
});
