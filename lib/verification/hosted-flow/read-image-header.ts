// What an uploaded image's headers declare, read without decoding it, so a photo that would cost
// the estimator seconds (a huge canvas, a progressive JPEG with hundreds of near-empty scans) is
// refused on the event loop in a few milliseconds, before it reaches the worker.
//
// JPEG follows ITU T.81 B.1.1: a marker is 0xFF then a code other than 0x00 and 0xFF; any number
// of 0xFF fill bytes may precede it; SOI, EOI, RST0-7 and TEM stand alone, every other marker has
// a two-byte length that counts itself; entropy-coded data after SOS runs to the next marker other
// than a stuffed 0xFF00 or a restart. The frame size is the first SOF's, as libjpeg reads it
// (libjpeg refuses a second SOF). Anything else where a marker should be is refused rather than
// skipped: a camera never writes it.
import type { ImageEvidence } from "@/lib/verification/methods/types";

export type ImageHeader = {
  contentType: ImageEvidence["contentType"];
  width: number;
  height: number;
  /** JPEG: start-of-scan markers (a baseline photo has 1, libjpeg's progressive 10); 1 otherwise. */
  scans: number;
  /** JPEG: segments with a length (APPn, DQT, DHT, SOS, COM, ...), restarts not counted; 0 otherwise. */
  segments: number;
  /** WebP: an animation (never a camera photo). */
  animated?: boolean;
  /**
   * Bytes per pixel once decoded, as libvips holds it: channels times bytes per sample (a palette
   * expands to RGBA, 16 bits to two bytes). Absent when the header does not say (WebP: up to 4).
   */
  bytesPerPixel?: number;
};

/** About 50 megapixels: a phone's largest JPEG (48 MP modes) still fits; the worker allows the same. */
const MAX_IMAGE_PIXELS = 50_000_000;
/**
 * What one image may expand to once decoded: a 48 MP camera JPEG (three bytes a pixel) fits; a
 * 16-bit or palette PNG of as many pixels, which costs the decoder and every resize after it two
 * or more times as much, does not.
 */
const MAX_DECODED_BYTES = MAX_IMAGE_PIXELS * 3;
/** Longest side over shortest side: a document or a face is never thinner than this. */
const MAX_ASPECT_RATIO = 8;
/** libjpeg's progressive mode writes 10 scans, mozjpeg's up to about 20; hundreds only cost decode time. */
export const MAX_JPEG_SCANS = 32;
/** Cameras write a dozen or two (APP segments, ICC profile chunks, tables); restart markers not counted. */
export const MAX_JPEG_SEGMENTS = 256;

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const TEM = 0x01;
const isRestart = (code: number) => code >= 0xd0 && code <= 0xd7;
// SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC).
const isFrameHeader = (code: number) => code >= 0xc0 && code <= 0xcf && code !== 0xc4 && code !== 0xc8 && code !== 0xcc;

function readJpegHeader(bytes: Uint8Array): ImageHeader | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let size: { width: number; height: number } | null = null;
  let bytesPerPixel = 3;
  let scans = 0;
  let segments = 0;
  let i = 2;
  for (;;) {
    // A marker: one 0xFF, then fill bytes, then the code.
    if (i >= bytes.length || bytes[i] !== 0xff) return null;
    while (i < bytes.length && bytes[i] === 0xff) i++;
    if (i >= bytes.length) return null;
    const code = bytes[i++];
    if (code === 0x00 || code === SOI) return null;
    if (code === EOI) break;
    if (isRestart(code) || code === TEM) continue;
    if (i + 2 > bytes.length) return null;
    const length = (bytes[i] << 8) | bytes[i + 1];
    if (length < 2 || i + length > bytes.length) return null;
    if (++segments > MAX_JPEG_SEGMENTS)
      return { contentType: "image/jpeg", ...(size ?? { width: 0, height: 0 }), scans, segments };
    if (isFrameHeader(code)) {
      if (size || length < 8) return null;
      // Precision, then height and width (a height of 0 means a DNL marker later: libjpeg refuses it).
      size = { height: (bytes[i + 3] << 8) | bytes[i + 4], width: (bytes[i + 5] << 8) | bytes[i + 6] };
      if (size.width === 0 || size.height === 0) return null;
      // Then the component count; a 12- or 16-bit frame decodes to two bytes a sample.
      bytesPerPixel = Math.max(1, bytes[i + 7]) * (bytes[i + 2] > 8 ? 2 : 1);
    }
    i += length;
    if (code !== SOS) continue;
    if (!size) return null;
    scans++;
    if (scans > MAX_JPEG_SCANS) break;
    // Entropy-coded data: to the next 0xFF that is neither stuffing (FF00) nor a restart (FFD0-D7).
    for (;;) {
      i = view.indexOf(0xff, i);
      if (i < 0) return null;
      let next = i + 1;
      while (next < bytes.length && bytes[next] === 0xff) next++;
      if (next >= bytes.length) return null;
      if (bytes[next] === 0x00 || isRestart(bytes[next])) {
        i = next + 1;
        continue;
      }
      i = next - 1;
      break;
    }
  }
  if (!size || scans === 0) return null;
  return { contentType: "image/jpeg", ...size, scans, segments, bytesPerPixel };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function readPngHeader(bytes: Uint8Array): ImageHeader | null {
  // The signature, then IHDR first (length 13): width and height, 4 bytes each.
  if (bytes.length < 24 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return null;
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0) return null;
  // Then bit depth and colour type: grey, -, RGB, palette, grey+alpha, -, RGBA.
  const channels = [1, 0, 3, 4, 2, 0, 4][bytes[25]];
  if (!channels) return null;
  const bytesPerPixel = channels * (bytes[24] === 16 && bytes[25] !== 3 ? 2 : 1);
  return { contentType: "image/png", width, height, scans: 1, segments: 0, bytesPerPixel };
}

function readWebpHeader(bytes: Uint8Array): ImageHeader | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length < 30 || ascii(0, 4) !== "RIFF" || ascii(8, 12) !== "WEBP") return null;
  const chunk = ascii(12, 16);
  const u24 = (at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
  let size: { width: number; height: number; animated?: boolean };
  if (chunk === "VP8X") {
    // Flags, 3 reserved bytes, then canvas width - 1 and height - 1 (24 bits each).
    size = { width: u24(24) + 1, height: u24(27) + 1, animated: (bytes[20] & 0x02) !== 0 };
  } else if (chunk === "VP8 ") {
    // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    size = { width: (bytes[26] | (bytes[27] << 8)) & 0x3fff, height: (bytes[28] | (bytes[29] << 8)) & 0x3fff };
  } else if (chunk === "VP8L") {
    // Signature 0x2F, then width - 1 and height - 1 in 14 bits each, little-endian bit order.
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes[21] | (bytes[22] << 8) | (bytes[23] << 16) | (bytes[24] << 24);
    size = { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  } else {
    return null;
  }
  if (size.width === 0 || size.height === 0) return null;
  return { contentType: "image/webp", ...size, scans: 1, segments: 0, bytesPerPixel: 4 };
}

/** The type by the file's first bytes, not by what the browser claims. */
export function sniffImageType(bytes: Uint8Array): ImageEvidence["contentType"] | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return "image/png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

const readers = { "image/jpeg": readJpegHeader, "image/png": readPngHeader, "image/webp": readWebpHeader };

/** What an image of a sniffed type declares in its headers; null when they cannot be read. */
export function readImageHeader(bytes: Uint8Array, type = sniffImageType(bytes)): ImageHeader | null {
  return type ? readers[type](bytes) : null;
}

export const PHOTO_TOO_LARGE = "This photo is too large. Please use a photo of at most 50 megapixels.";
export const CAMERA_PHOTO_ONLY = "We could not use this image. Please take a photo with your camera instead.";

/** Why an image with this header is refused before decoding (a sentence for the user), or null. */
export function headerRefusal(header: ImageHeader, maxPixels = MAX_IMAGE_PIXELS): string | null {
  const pixels = header.width * header.height;
  if (pixels > maxPixels) return PHOTO_TOO_LARGE;
  // What the decoder will hold: 16-bit and palette images expand past a camera photo's size.
  if (pixels * (header.bytesPerPixel ?? 4) > MAX_DECODED_BYTES) return PHOTO_TOO_LARGE;
  // A sliver (1 x 100) costs nothing to send and a fortune to scale to the reader's working width.
  if (Math.max(header.width, header.height) > MAX_ASPECT_RATIO * Math.min(header.width, header.height))
    return CAMERA_PHOTO_ONLY;
  if (header.scans > MAX_JPEG_SCANS || header.segments > MAX_JPEG_SEGMENTS || header.animated) return CAMERA_PHOTO_ONLY;
  return null;
}
