// The header reader against the decoder (sharp, libvips): on real photos and on hostile files it
// reports the size the decoder uses, or refuses the file; never a size the decoder does not use.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  headerRefusal,
  MAX_JPEG_SCANS,
  MAX_JPEG_SEGMENTS,
  readImageHeader,
  sniffImageType,
} from "@/lib/verification/hosted-flow/read-image-header";
import { facePhoto } from "../../../tests/support/face-fixtures";
import { afterSoi, flatJpeg, manyScansJpeg, trickyJpegs } from "../../../tests/support/hostile-images";

/** The size libvips decodes, or null when it refuses the file. */
async function decodedSize(bytes: Uint8Array): Promise<{ width: number; height: number } | null> {
  try {
    const { info } = await sharp(bytes, { failOn: "error" }).raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height };
  } catch {
    return null;
  }
}

describe("readImageHeader", () => {
  it("reads what a camera and a browser write: baseline and progressive JPEG, PNG, WebP (lossy, lossless, extended)", async () => {
    const photo = facePhoto("adult-50-59");
    const images: Record<string, Uint8Array> = {
      "fixture JPEG": photo,
      progressive: new Uint8Array(await sharp(photo).resize(1200, 900).jpeg({ progressive: true }).toBuffer()),
      "mozjpeg progressive": new Uint8Array(await sharp(photo).resize(1200, 900).jpeg({ mozjpeg: true }).toBuffer()),
      "with EXIF and ICC segments": new Uint8Array(
        await sharp(photo).resize(800, 600).jpeg({ quality: 90 }).withMetadata().toBuffer(),
      ),
      png: new Uint8Array(await sharp(photo).resize(333, 222).png().toBuffer()),
      "webp lossy": new Uint8Array(await sharp(photo).resize(321, 123).webp().toBuffer()),
      "webp lossless": new Uint8Array(await sharp(photo).resize(321, 123).webp({ lossless: true }).toBuffer()),
      "webp with alpha (VP8X)": new Uint8Array(await sharp(photo).resize(300, 200).ensureAlpha(0.5).webp().toBuffer()),
    };
    for (const [name, bytes] of Object.entries(images)) {
      const header = readImageHeader(bytes);
      expect(header, name).not.toBeNull();
      expect({ width: header!.width, height: header!.height }, name).toEqual(await decodedSize(bytes));
      expect(header!.contentType, name).toBe(sniffImageType(bytes));
      expect(headerRefusal(header!), name).toBeNull();
    }
  });

  it("follows the marker rules on hostile JPEGs, and agrees with the decoder on every one", async () => {
    const real = await flatJpeg(1900, 1900);
    const tricky = trickyJpegs(real);
    const readable: string[] = [];
    for (const [name, bytes] of Object.entries(tricky)) {
      const header = readImageHeader(bytes);
      const decoded = await decodedSize(bytes);
      if (header) {
        readable.push(name);
        // Whatever the reader reports is what the decoder decodes.
        expect({ width: header.width, height: header.height }, name).toEqual(decoded);
      }
    }
    // The rules the reader follows: a fake frame header inside APP15 is payload, fill bytes and
    // markers without a length are skipped; garbage and a second frame header are refused.
    expect(readable.sort()).toEqual([
      "fake SOF inside APP15",
      "fill bytes before a marker",
      "restart and TEM markers without a length",
    ]);
    expect(readImageHeader(tricky["fake SOF inside APP15"])).toMatchObject({ width: 1900, height: 1900 });
    for (const refused of [
      "a stray byte between segments",
      "a segment length past the end",
      "a second frame header before the first scan",
      "fake SOF right after an empty APP15",
      "fake SOF after a TEM a naive reader takes a length from",
    ]) {
      expect(readImageHeader(tricky[refused]), refused).toBeNull();
    }
  });

  it("refuses what a camera never writes, by its headers alone: hundreds of scans, too many segments, too many pixels, animation", async () => {
    const scans = manyScansJpeg();
    expect(readImageHeader(scans)).toMatchObject({ width: 7000, height: 7000, scans: MAX_JPEG_SCANS + 1 });
    expect(headerRefusal(readImageHeader(scans)!)).toMatch(/take a photo with your camera/);

    const comments = Array.from({ length: MAX_JPEG_SEGMENTS }, () => [0xff, 0xfe, 0x00, 0x03, 0x20]).flat();
    const segments = afterSoi(await flatJpeg(64, 64), comments);
    expect(await decodedSize(segments)).toEqual({ width: 64, height: 64 });
    expect(headerRefusal(readImageHeader(segments)!)).toMatch(/take a photo with your camera/);

    const huge = await flatJpeg(8000, 8000);
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    expect(readImageHeader(huge)).toMatchObject({ width: 8000, height: 8000 });
    expect(headerRefusal(readImageHeader(huge)!)).toMatch(/too large/);
    const hugePng = new Uint8Array(
      await sharp({ create: { width: 10_000, height: 5_001, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    );
    expect(headerRefusal(readImageHeader(hugePng)!)).toMatch(/too large/);

    // A WebP that declares animation in its VP8X flags (this sharp writes no animations of its own).
    const animated = new Uint8Array(
      await sharp({ create: { width: 32, height: 64, channels: 4, background: "#8888" } })
        .webp()
        .toBuffer(),
    );
    expect(String.fromCharCode(...animated.subarray(12, 16))).toBe("VP8X");
    expect(readImageHeader(animated)).toMatchObject({ animated: false });
    animated[20] |= 0x02;
    expect(readImageHeader(animated)).toMatchObject({ animated: true, width: 32, height: 64 });
    expect(headerRefusal(readImageHeader(animated)!)).not.toBeNull();
  }, 60_000);

  it("refuses slivers past 1:8 and 16-bit or palette images that expand past a camera photo, by their headers", async () => {
    // The 96-byte 1 x 100 PNG of issue #48, which the reader scaled to 1,600 x 160,000.
    const sliver = new Uint8Array(
      await sharp({ create: { width: 1, height: 100, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    );
    expect(sliver.length).toBeLessThan(128);
    expect(headerRefusal(readImageHeader(sliver)!)).toMatch(/take a photo with your camera/);
    for (const [width, height] of [
      [801, 100],
      [100, 801],
    ]) {
      const png = new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background: "#000" } })
          .png()
          .toBuffer(),
      );
      expect(headerRefusal(readImageHeader(png)!), `${width}x${height}`).toMatch(/camera/);
    }
    const edge = new Uint8Array(
      await sharp({ create: { width: 800, height: 100, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    );
    expect(headerRefusal(readImageHeader(edge)!)).toBeNull();

    // 7000 x 7000 at 16 bits a sample: 49 MP, under the pixel limit, but 294 MB once decoded.
    const deep = new Uint8Array(
      await sharp({ create: { width: 7000, height: 7000, channels: 3, background: "#7f8890" } })
        .toColourspace("rgb16")
        .png({ compressionLevel: 9 })
        .toBuffer(),
    );
    expect(readImageHeader(deep)).toMatchObject({ width: 7000, height: 7000, bytesPerPixel: 6 });
    expect(headerRefusal(readImageHeader(deep)!)).toMatch(/too large/);
    // A palette image of as many pixels decodes to RGBA: refused; the same 8-bit grey is not.
    const palette = new Uint8Array(
      await sharp({ create: { width: 7000, height: 7000, channels: 3, background: "#7f8890" } })
        .png({ palette: true })
        .toBuffer(),
    );
    expect(readImageHeader(palette)).toMatchObject({ bytesPerPixel: 4 });
    expect(headerRefusal(readImageHeader(palette)!)).toMatch(/too large/);
    const grey = new Uint8Array(
      await sharp({ create: { width: 7000, height: 7000, channels: 3, background: "#7f8890" } })
        .toColourspace("b-w")
        .png()
        .toBuffer(),
    );
    expect(readImageHeader(grey)).toMatchObject({ bytesPerPixel: 1 });
    expect(headerRefusal(readImageHeader(grey)!)).toBeNull();
  }, 60_000);

  it("refuses truncated and foreign files rather than guess", () => {
    expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
    expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeNull();
    expect(readImageHeader(new Uint8Array(Buffer.from("GIF89a........")))).toBeNull();
    expect(readImageHeader(new Uint8Array(Buffer.from("RIFF\0\0\0\0WEBPVP8 ")))).toBeNull();
  });
});
