// The face fixtures (tests/fixtures/faces, FairFace, CC BY 4.0) and the cases derived from them
// at test time. See tests/fixtures/faces/SOURCES.md.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const DIR = path.resolve(import.meta.dirname, "../fixtures/faces");

export const facePhoto = (name: "adult-70-plus" | "adult-50-59" | "adult-20-29" | "teen-10-19" | "child-3-9") =>
  new Uint8Array(readFileSync(path.join(DIR, `${name}.jpg`)));

const jpeg = async (image: sharp.Sharp) => new Uint8Array(await image.jpeg({ quality: 90 }).toBuffer());

/**
 * A selfie of the person in a fixture photo, for id_document's face match. The fixtures hold one
 * photograph per person, and a document printed from it against that very photograph is the same
 * image, which the check refuses (SAME_IMAGE_THRESHOLD in match-faces.ts). Mirrored, relit (brighter,
 * warmer) and recompressed, it stands in for another capture of the same face.
 */
export const selfieOf = async (name: Parameters<typeof facePhoto>[0]) =>
  new Uint8Array(
    await sharp(facePhoto(name))
      .flop()
      .modulate({ brightness: 1.2, saturation: 1.3, hue: 8 })
      .gamma(1.6)
      .jpeg({ quality: 75 })
      .toBuffer(),
  );

export const derivedFace = {
  twoFaces: async () => {
    const [left, right] = [facePhoto("adult-70-plus"), facePhoto("adult-50-59")];
    return jpeg(
      sharp({ create: { width: 896, height: 448, channels: 3, background: "#808080" } }).composite([
        { input: Buffer.from(left), left: 0, top: 0 },
        { input: Buffer.from(right), left: 448, top: 0 },
      ]),
    );
  },
  dark: () => jpeg(sharp(facePhoto("adult-70-plus")).linear(0.1, 0)),
  blurred: () => jpeg(sharp(facePhoto("adult-70-plus")).blur(6)),
  tooSmall: async () => {
    const small = await sharp(facePhoto("adult-70-plus")).resize(96, 96).toBuffer();
    return jpeg(
      sharp({ create: { width: 1200, height: 1200, channels: 3, background: "#9aa4ad" } }).composite([
        { input: small, left: 40, top: 40 },
      ]),
    );
  },
  /** A simulated photo of the photo on a screen: pixel grid, scan lines, colour cast, glare, keystone. */
  rephotographed: async () => {
    const size = 448;
    const grid = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
        <defs><pattern id="p" width="3" height="3" patternUnits="userSpaceOnUse">
          <rect width="1" height="3" fill="#ff0000" opacity="0.18"/><rect x="1" width="1" height="3" fill="#00ff00" opacity="0.18"/>
          <rect x="2" width="1" height="3" fill="#0000ff" opacity="0.18"/><rect y="2" width="3" height="1" fill="#000" opacity="0.35"/></pattern>
          <radialGradient id="g" cx="0.7" cy="0.25" r="0.45"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
        <rect width="100%" height="100%" fill="url(#p)"/><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
    );
    const screen = await sharp(facePhoto("adult-70-plus"))
      .modulate({ saturation: 0.8 })
      .tint("#b8c8ff")
      .composite([{ input: grid }])
      .toBuffer();
    return jpeg(
      sharp(screen)
        .affine(
          [
            [1, 0.06],
            [0.03, 0.95],
          ],
          { background: "#202020" },
        )
        .resize(448, 448, { fit: "cover" }),
    );
  },
  noFace: () =>
    jpeg(
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
            <defs><linearGradient id="s" x2="0" y2="1"><stop offset="0" stop-color="#7ab8e8"/><stop offset="1" stop-color="#e8f1f8"/></linearGradient></defs>
            <rect width="640" height="480" fill="url(#s)"/><rect y="330" width="640" height="150" fill="#5c8a3a"/>
            <rect x="380" y="210" width="140" height="130" fill="#b5651d"/><polygon points="370,215 450,150 530,215" fill="#7a2e1b"/>
            <circle cx="110" cy="90" r="45" fill="#ffd95a"/></svg>`,
        ),
      ),
    ),
  unreadable: () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 2048 }, (_, i) => (i * 37) % 251)]),
};

/**
 * A fixture as MobileFaceNet's input (lib/verification/methods/face/mobilefacenet.mjs): the centre
 * 70% of the photo (FairFace's crops hold the face there), resized to 112x112, RGB as
 * (x - 127.5) / 128. No landmark alignment, so that the recorded reference embeddings
 * (tests/fixtures/faces/mobilefacenet-reference.json) depend on the model alone.
 */
export async function centredModelInput(name: Parameters<typeof facePhoto>[0]): Promise<Float32Array> {
  const photo = sharp(facePhoto(name));
  const { width = 0, height = 0 } = await photo.metadata();
  const side = Math.round(Math.min(width, height) * 0.7);
  const pixels = await photo
    .extract({ left: Math.round((width - side) / 2), top: Math.round((height - side) / 2), width: side, height: side })
    .resize(112, 112)
    .removeAlpha()
    .raw()
    .toBuffer();
  return Float32Array.from(pixels, (value) => (value - 127.5) / 128);
}
