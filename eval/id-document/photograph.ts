// Photograph-like versions of a flat document: laid on a table and seen from a slant
// (perspective), out of focus, under a lamp's glare, in low light, and JPEG-compressed; and
// camera-like scenes (cameraPhoto): turned a quarter or half turn, tilted up to 30 degrees, held
// in a hand, with a phone sensor's noise, moire and dim light.
import sharp from "sharp";

export type Distortion = "clean" | "perspective" | "blur" | "glare" | "low_light" | "jpeg";
export const DISTORTIONS: readonly Distortion[] = ["clean", "perspective", "blur", "glare", "low_light", "jpeg"];

const PHOTO_WIDTH = 1600;
const PHOTO_HEIGHT = 1200;

/** Solves the 3x3 homography taking the unit square's corners to `to` (x0,y0 ... x3,y3). */
function squareToQuad(to: number[]): number[] {
  const [x0, y0, x1, y1, x2, y2, x3, y3] = to as [number, number, number, number, number, number, number, number];
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / den;
  const h = (dx1 * sy - sx * dy1) / den;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

/** Inverse of a 3x3 matrix (row-major). */
function invert(m: number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A,
    -(b * i - c * h),
    b * f - c * e,
    B,
    a * i - c * g,
    -(a * f - c * d),
    C,
    -(a * h - b * g),
    a * e - b * d,
  ].map((v) => v / det);
}

/**
 * The document on a grey table in a 1600x1200 photo, its corners at `corners` (clockwise from
 * top left, in photo pixels); bilinear sampling.
 */
async function layOnTable(document: Buffer, corners: number[], grain = 0): Promise<Buffer> {
  const { data: src, info } = await sharp(document).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const forward = squareToQuad(corners);
  const inverse = invert(forward);
  const out = Buffer.alloc(PHOTO_WIDTH * PHOTO_HEIGHT * 3);
  for (let y = 0; y < PHOTO_HEIGHT; y++) {
    for (let x = 0; x < PHOTO_WIDTH; x++) {
      const o = (y * PHOTO_WIDTH + x) * 3;
      const w = inverse[6]! * x + inverse[7]! * y + inverse[8]!;
      const u = (inverse[0]! * x + inverse[1]! * y + inverse[2]!) / w;
      const v = (inverse[3]! * x + inverse[4]! * y + inverse[5]!) / w;
      if (u < 0 || u >= 1 || v < 0 || v >= 1) {
        // A wood-grey table with a little texture (and, with `grain`, a wood grain's stripes).
        const shade =
          96 + ((x * 7 + y * 13) % 23) + (grain ? Math.round(grain * Math.sin(y / 9 + Math.sin(x / 140) * 3)) : 0);
        out[o] = shade;
        out[o + 1] = shade - 8;
        out[o + 2] = shade - 20;
        continue;
      }
      const sx = u * (info.width - 1);
      const sy = v * (info.height - 1);
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const x1 = Math.min(x0 + 1, info.width - 1);
      const y1 = Math.min(y0 + 1, info.height - 1);
      for (let c = 0; c < 3; c++) {
        const p = (xx: number, yy: number) => src[(yy * info.width + xx) * 3 + c]!;
        out[o + c] = Math.round(
          p(x0, y0) * (1 - fx) * (1 - fy) + p(x1, y0) * fx * (1 - fy) + p(x0, y1) * (1 - fx) * fy + p(x1, y1) * fx * fy,
        );
      }
    }
  }
  return out;
}

const raw = { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 as const } };

/** A photo of the document with one distortion; `seed` varies the slant and the glare's place. */
export async function photograph(document: Buffer, distortion: Distortion, seed = 0): Promise<Buffer> {
  const meta = await sharp(document).metadata();
  const aspect = meta.height! / meta.width!;
  // The document fills about 80% of the photo's width, as the page's guide asks.
  const w = PHOTO_WIDTH * 0.8;
  const h = w * aspect;
  const left = (PHOTO_WIDTH - w) / 2;
  const top = (PHOTO_HEIGHT - h) / 2;
  let corners = [left, top, left + w, top, left + w, top + h, left, top + h];
  if (distortion === "perspective") {
    // Seen from below and a little to one side: the far edge narrower, the card turned a few degrees.
    const tilt = 0.06 + (seed % 3) * 0.02;
    const turn = ((seed % 5) - 2) * 8;
    corners = [
      left + w * tilt,
      top + turn,
      left + w * (1 - tilt),
      top - turn,
      left + w,
      top + h + turn,
      left,
      top + h - turn,
    ];
  }
  const photo = sharp(await layOnTable(document, corners), raw);
  switch (distortion) {
    case "clean":
    case "perspective":
      return photo.jpeg({ quality: 90 }).toBuffer();
    case "blur":
      return photo.blur(1.6).jpeg({ quality: 90 }).toBuffer();
    case "glare": {
      // A lamp's reflection: a soft white ellipse over part of the card, away from its bottom lines.
      const cx = left + w * (0.3 + (seed % 4) * 0.12);
      const cy = top + h * 0.3;
      const glare = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">
        <defs><radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity="0.95"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.6"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
        <ellipse cx="${cx}" cy="${cy}" rx="${w * 0.2}" ry="${h * 0.22}" fill="url(#g)"/></svg>`;
      return sharp(await photo.png().toBuffer())
        .composite([{ input: Buffer.from(glare) }])
        .jpeg({ quality: 90 })
        .toBuffer();
    }
    case "low_light":
      // A third of the light, with the sensor noise of a phone in a dim room.
      return photo.linear(0.33, 4).jpeg({ quality: 85 }).toBuffer();
    case "jpeg":
      return photo.jpeg({ quality: 35 }).toBuffer();
  }
}

/** The selfie camera's frame, as the selfie step sends it. */
const SELFIE_WIDTH = 640;
const SELFIE_HEIGHT = 480;

/**
 * The document held up close to the selfie camera (the attack docs/face-match.md's same-image check
 * refuses): the part of the document around its portrait (`box`, in pixels of the flat document)
 * photographed with one distortion, as a 640x480 frame whose face is about a fifth of its width.
 */
export async function photographCloseUp(
  document: Buffer,
  box: { left: number; top: number; width: number; height: number },
  distortion: Distortion,
  seed = 0,
): Promise<Buffer> {
  const width = Math.round(box.width * 2.2);
  const height = Math.round((width * SELFIE_HEIGHT) / SELFIE_WIDTH);
  // Around the document, the table: a frame near its edge shows some of it.
  const padded = await sharp(document)
    .extend({ top: width, bottom: width, left: width, right: width, background: "#6f675a" })
    .png()
    .toBuffer();
  const region = await sharp(padded)
    .extract({
      left: Math.round(width + box.left + box.width / 2 - width / 2),
      top: Math.round(width + box.top + box.height / 2 - height / 2),
      width,
      height,
    })
    .png()
    .toBuffer();
  return sharp(await photograph(region, distortion, seed))
    .resize(SELFIE_WIDTH, SELFIE_HEIGHT)
    .jpeg({ quality: 85 })
    .toBuffer();
}

export type CameraScene =
  "turn_90" | "turn_180" | "turn_270" | "tilt_30" | "hand" | "noise_jpeg" | "moire" | "low_light_noise";
export const CAMERA_SCENES: readonly CameraScene[] = [
  "turn_90",
  "turn_180",
  "turn_270",
  "tilt_30",
  "hand",
  "noise_jpeg",
  "moire",
  "low_light_noise",
];

/** A generator of its own per photo, so a scene's photo does not depend on what was rendered before. */
function seeded(seed: number) {
  let state = (seed * 2_654_435_761 + 1) % 2 ** 31;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

/**
 * Where a phone photo puts the document: turned by `degrees` about the photo's centre, filling
 * about 75% of the photo's smaller side, its far edge (the top, in the document's own frame)
 * narrowed by `slant` as seen from a held phone.
 */
function cameraCorners(aspect: number, degrees: number, slant: number): number[] {
  const turned = Math.abs(Math.sin((degrees * Math.PI) / 180));
  // The turned document's bounding box must fit the 4:3 photo.
  const boxWidth = (w: number) => w * (1 - turned) + w * aspect * turned;
  const boxHeight = (w: number) => w * aspect * (1 - turned) + w * turned;
  const w = 0.78 * Math.min(PHOTO_WIDTH / boxWidth(1), PHOTO_HEIGHT / boxHeight(1));
  const h = w * aspect;
  const local = [
    [-w / 2 + (w * slant) / 2, -h / 2],
    [w / 2 - (w * slant) / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ];
  const angle = (degrees * Math.PI) / 180;
  return local.flatMap(([x, y]) => [
    PHOTO_WIDTH / 2 + x! * Math.cos(angle) - y! * Math.sin(angle),
    PHOTO_HEIGHT / 2 + x! * Math.sin(angle) + y! * Math.cos(angle),
  ]);
}

/** A phone sensor's noise: each channel moved by up to ±`amount` levels, from the photo's own seed. */
function addNoise(rgb: Buffer, amount: number, random: () => number) {
  for (let i = 0; i < rgb.length; i++) {
    rgb[i] = Math.max(0, Math.min(255, rgb[i]! + Math.round((random() + random() - 1) * amount)));
  }
}

/**
 * A camera-like photo of a flat document, as people take them: on a wooden desk, a few degrees
 * off straight and slightly slanted, with a sensor's noise and JPEG, plus the scene's own fault.
 */
export async function cameraPhoto(document: Buffer, scene: CameraScene, seed = 0): Promise<Buffer> {
  const random = seeded(seed);
  const meta = await sharp(document).metadata();
  const aspect = meta.height! / meta.width!;
  const wobble = (random() - 0.5) * 8;
  const turn = { turn_90: 90, turn_180: 180, turn_270: 270 }[scene as string] ?? 0;
  const degrees = scene === "tilt_30" ? (random() < 0.5 ? -1 : 1) * (15 + random() * 15) : turn + wobble;
  const corners = cameraCorners(aspect, degrees, 0.04 + random() * 0.08);
  const rgb = await layOnTable(document, corners, 10);
  const dim = scene === "low_light_noise";
  addNoise(rgb, scene === "noise_jpeg" ? 24 : dim ? 10 : 5, random);
  let photo = sharp(rgb, raw);
  if (dim) photo = sharp(await photo.linear(0.3, 2).raw().toBuffer(), raw);
  const overlays: sharp.OverlayOptions[] = [];
  if (scene === "hand") {
    // A thumb over the middle of the document's left edge and fingers behind the right edge.
    const [x0, y0, , , , , x3, y3] = corners as [number, number, number, number, number, number, number, number];
    const thumbX = (x0 + x3) / 2;
    const thumbY = (y0 + y3) / 2;
    const hand = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">
      <ellipse cx="${thumbX - 40}" cy="${thumbY}" rx="110" ry="62" fill="#c99a7c"/>
      <ellipse cx="${thumbX + 25}" cy="${thumbY - 6}" rx="52" ry="38" fill="#d8ab8d"/>
      <rect x="0" y="${thumbY - 70}" width="${Math.max(0, thumbX - 120)}" height="150" fill="#c18f71"/></svg>`;
    overlays.push({ input: Buffer.from(hand) });
  }
  if (scene === "moire") {
    // A screen's pixel grid beating with the camera's: fine, slightly turned stripes.
    const angle = 3 + random() * 6;
    const moire = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">
      <defs><pattern id="m" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})">
      <rect width="3" height="7" fill="#000" opacity="0.16"/></pattern></defs>
      <rect width="100%" height="100%" fill="url(#m)"/></svg>`;
    overlays.push({ input: Buffer.from(moire) });
  }
  if (overlays.length) photo = sharp(await photo.png().toBuffer()).composite(overlays);
  return photo.jpeg({ quality: scene === "noise_jpeg" ? 40 : 80 }).toBuffer();
}
