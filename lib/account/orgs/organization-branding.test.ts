// The hosted flow's branding (issue 50): logos are rasterised to a small PNG with sharp, SVGs that
// would reach outside themselves are refused, and an accent colour must keep WCAG AA with white.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkAccentColour, MAX_LOGO_BYTES, rasteriseLogo } from "@/lib/account/orgs/organization-branding";

const svg = (body: string, head = "") =>
  new TextEncoder().encode(`${head}<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50">${body}</svg>`);

async function pngOf(result: Awaited<ReturnType<typeof rasteriseLogo>>) {
  if (!("png" in result)) throw new Error(`refused: ${result.message}`);
  return { bytes: result.png, meta: await sharp(result.png).metadata() };
}

describe("the logo", () => {
  it("rasterises an SVG to a PNG 64 px high, with no SVG left in what is stored", async () => {
    const { bytes, meta } = await pngOf(
      await rasteriseLogo(svg('<rect width="200" height="50" fill="#0b5cad"/><script>alert(1)</script>')),
    );
    expect(meta).toMatchObject({ format: "png", height: 64, width: 256 });
    expect(bytes.toString("latin1")).not.toMatch(/<svg|script/i);
  });

  it("keeps PNG and JPEG logos, shrunk into the box and never enlarged", async () => {
    const big = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#123456" } })
      .jpeg()
      .toBuffer();
    expect((await pngOf(await rasteriseLogo(big))).meta).toMatchObject({ format: "png", height: 64, width: 128 });
    const small = await sharp({ create: { width: 40, height: 20, channels: 4, background: "#123456" } })
      .png()
      .toBuffer();
    expect((await pngOf(await rasteriseLogo(small))).meta).toMatchObject({ height: 20, width: 40 });
  });

  it("refuses SVGs with a DOCTYPE or a reference outside themselves, other formats, empty and oversized files", async () => {
    const refusals = await Promise.all([
      rasteriseLogo(svg("", '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]>')),
      rasteriseLogo(svg('<image href="http://169.254.169.254/logo.png" width="10" height="10"/>')),
      rasteriseLogo(svg('<image xlink:href="file:///etc/passwd" width="10" height="10"/>')),
      rasteriseLogo(svg('<rect style="fill:url(https://evil.example/x.svg#a)" width="9" height="9"/>')),
      rasteriseLogo(new TextEncoder().encode("GIF89a....")),
      rasteriseLogo(new Uint8Array()),
      rasteriseLogo(new Uint8Array(MAX_LOGO_BYTES + 1).fill(0x20)),
      // A PNG signature with nothing behind it: sharp cannot read it.
      rasteriseLogo(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])),
    ]);
    for (const refusal of refusals) expect(refusal).toMatchObject({ field: "logo", message: expect.any(String) });
    // A fragment reference inside the file is fine.
    await pngOf(
      await rasteriseLogo(
        svg('<defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="9" height="9"/><use href="#g"/>'),
      ),
    );
  });
});

describe("the accent colour", () => {
  it("is stored normalised when it keeps 4.5:1 with white, and refused with its ratio otherwise", () => {
    expect(checkAccentColour("#0B5CAD")).toEqual({ color: "#0b5cad" });
    expect(checkAccentColour("#ffd700")).toMatchObject({ field: "color", message: expect.stringContaining(":1") });
    expect(checkAccentColour("blue")).toMatchObject({ field: "color" });
  });
});
