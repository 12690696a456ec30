// Hostile images made at test time (issue #29): what a client can send that costs a decoder far
// more than a camera photo of the same size, or hides its real frame size from a naive reader.
import sharp from "sharp";

const concat = (parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#7f8890" } });

/** Bits to bytes, with JPEG's byte stuffing (0xFF is followed by 0x00) and 1-bit padding. */
class BitWriter {
  private bytes: number[] = [];
  private current = 0;
  private count = 0;
  write(value: number, length: number) {
    for (let bit = length - 1; bit >= 0; bit--) {
      this.current = (this.current << 1) | ((value >> bit) & 1);
      if (++this.count === 8) this.flushByte();
    }
  }
  private flushByte() {
    this.bytes.push(this.current);
    if (this.current === 0xff) this.bytes.push(0x00);
    this.current = 0;
    this.count = 0;
  }
  finish(): number[] {
    if (this.count > 0) this.write(0xff, 8 - this.count);
    return this.bytes;
  }
}

const segment = (code: number, payload: number[]) => [
  0xff,
  code,
  (payload.length + 2) >> 8,
  (payload.length + 2) & 0xff,
  ...payload,
];

/**
 * A valid progressive JPEG of a flat mid-grey `side` x `side` square, three components, in the
 * most scans the standard allows without refinement of DC: one DC scan, then every AC coefficient
 * of every component in a scan of its own, first at half precision and then refined: 379 scans.
 * Each AC scan is a few bytes of end-of-band runs, but a decoder walks the whole coefficient
 * buffer for every one of them. (What the review of issue #29 sent, built by hand: no encoder at
 * hand writes custom scan scripts.)
 */
export function manyScansJpeg(side = 7000): Uint8Array {
  const components = [1, 2, 3];
  const blocks = Math.ceil(side / 8) ** 2;
  const parts: number[][] = [[0xff, 0xd8]];
  const out = { push: (...bytes: number[]) => parts.push(bytes) };
  out.push(...segment(0xdb, [0x00, ...new Array(64).fill(1)]));
  out.push(
    ...segment(0xc2, [
      8,
      side >> 8,
      side & 0xff,
      side >> 8,
      side & 0xff,
      3,
      ...components.flatMap((id) => [id, 0x11, 0]),
    ]),
  );
  // DC table 0: category 0 only (code "0"): every block of a flat mid-grey image has DC difference 0.
  out.push(...segment(0xc4, [0x00, 1, ...new Array(15).fill(0), 0x00]));
  // AC table 0: the end-of-band runs EOB0..EOB14 (symbols 0x00..0xE0), 4-bit codes 0000..1110.
  const eobSymbols = Array.from({ length: 15 }, (_, n) => n << 4);
  out.push(...segment(0xc4, [0x10, 0, 0, 0, 15, ...new Array(12).fill(0), ...eobSymbols]));

  const dc = new BitWriter();
  for (let i = 0; i < blocks * components.length; i++) dc.write(0, 1);
  out.push(...segment(0xda, [3, ...components.flatMap((id) => [id, 0x00]), 0, 0, 0x00]));
  parts.push(dc.finish());

  // Every block of a band at once as end-of-band runs of at most 32767 (EOB14 plus 14 bits).
  const eobRuns = () => {
    const bits = new BitWriter();
    for (let left = blocks; left > 0;) {
      const run = Math.min(left, 32767);
      const n = Math.floor(Math.log2(run));
      bits.write(n, 4);
      bits.write(run - (1 << n), n);
      left -= run;
    }
    return bits.finish();
  };
  const runs = eobRuns();
  for (const id of components) {
    for (let k = 1; k < 64; k++) {
      out.push(...segment(0xda, [1, id, 0x00, k, k, 0x01]), ...runs);
      out.push(...segment(0xda, [1, id, 0x00, k, k, 0x10]), ...runs);
    }
  }
  out.push(0xff, 0xd9);
  return new Uint8Array(parts.flat());
}

/** A plain baseline JPEG of `width` x `height` (flat grey, so a few KB even at 64 megapixels). */
export async function flatJpeg(width: number, height: number, options: sharp.JpegOptions = {}): Promise<Uint8Array> {
  return new Uint8Array(
    await flat(width, height)
      .jpeg({ quality: 80, ...options })
      .toBuffer(),
  );
}

/** A 16 x 16 frame header (SOF0, 3 components) as a naive reader would take it. */
const FAKE_SOF = [
  0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
];

/** `jpeg` with extra bytes inserted right after SOI. */
export const afterSoi = (jpeg: Uint8Array, inserted: number[]) =>
  concat([jpeg.subarray(0, 2), new Uint8Array(inserted), jpeg.subarray(2)]);

/** Variants of a real JPEG whose headers hide or garble the frame size (docs: read-image-header.ts). */
export function trickyJpegs(jpeg: Uint8Array): Record<string, Uint8Array> {
  const app15 = (payload: number[]) => [0xff, 0xef, 0x00, payload.length + 2, ...payload];
  return {
    "fake SOF inside APP15": afterSoi(jpeg, app15(FAKE_SOF)),
    "fake SOF right after an empty APP15": afterSoi(jpeg, [0xff, 0xef, 0x00, 0x02, ...FAKE_SOF]),
    "fill bytes before a marker": afterSoi(jpeg, [0xff, 0xff, 0xff, 0xfe, 0x00, 0x04, 0x41, 0x42]),
    "restart and TEM markers without a length": afterSoi(jpeg, [0xff, 0xd0, 0xff, 0x01, 0xff, 0xd7]),
    "fake SOF after a TEM a naive reader takes a length from": afterSoi(jpeg, [0xff, 0x01, ...FAKE_SOF]),
    "a stray byte between segments": afterSoi(jpeg, [0x00, ...FAKE_SOF]),
    "a segment length past the end": afterSoi(jpeg, [0xff, 0xe1, 0xff, 0xff]),
    "a second frame header before the first scan": afterSoi(jpeg, FAKE_SOF),
  };
}
