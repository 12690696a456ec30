import sharp from "sharp";
import { photograph } from "@/eval/id-document/photograph";
import { renderIcaoDocument } from "@/eval/id-document/render-document";
import { locateZones, rectifyZone } from "@/lib/verification/methods/id-document/locate-zone.mjs";
const spec = { format: "TD1" as const, issuer: "NLD", nationality: "NLD", surname: "DE BRUIJN", givenNames: "WILLEKE", documentNumber: "XR4821937", birthDate: "030310", sex: "F" as const, expiryDate: "310802" };
const doc = await renderIcaoDocument(spec, "fairface_0200.jpg");
await sharp(doc).toFile("/tmp/dr/td1.png");
for (const rot of [0, 180]) {
  const base = await sharp(await photograph(doc, "perspective", 1)).rotate(rot).jpeg().toBuffer();
  const { data, info } = await sharp(base).resize({ width: 1600, height: 1600, fit: "inside" }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const grey = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } }).normalise().greyscale().raw().toBuffer();
  const zones = locateZones(grey, info.width, info.height, 3);
  console.log(rot, JSON.stringify(zones.map((z) => ({ ...z.zone, flips: z.flips, o: z.outline && [z.outline.width, z.outline.height] }))));
  let i = 0;
  for (const z of zones) {
    const r = rectifyZone(grey, info.width, info.height, z.zone, z.flips[0], z.zone.lines, 40);
    await sharp(r.data, { raw: { width: r.width, height: r.height, channels: 1 } }).png().toFile(`/tmp/dr/td1-${rot}-${i++}.png`);
  }
}
