import sharp from "sharp";
import { photograph } from "@/eval/id-document/photograph";
import { renderIcaoDocument } from "@/eval/id-document/render-document";
import { locateZones } from "@/lib/verification/methods/id-document/locate-zone.mjs";
const spec = { format: "TD3" as const, issuer: "NLD", nationality: "NLD", surname: "DE BRUIJN", givenNames: "WILLEKE", documentNumber: "XR4821937", birthDate: "030310", sex: "F" as const, expiryDate: "310802" };
const base = await photograph(await renderIcaoDocument(spec, "fairface_0200.jpg"), "perspective", 1);
const { data, info } = await sharp(base).resize({ width: 1600, height: 1600, fit: "inside" }).greyscale().raw().toBuffer({ resolveWithObject: true });
console.log(locateZones(data, info.width, info.height).length);
