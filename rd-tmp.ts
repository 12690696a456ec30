import sharp from "sharp";
import { photograph } from "@/eval/id-document/photograph";
import { renderIcaoDocument } from "@/eval/id-document/render-document";
import { createDocumentReader } from "@/lib/verification/methods/id-document/read-document";
process.env.ID_DOCUMENT_READ_BUDGET_MS ??= "120000";
const reader = createDocumentReader({ lowPriority: false });
const now = new Date("2026-06-15T12:00:00Z");
for (const format of ["TD3", "TD1", "TD2"] as const) {
  const spec = { format, issuer: "NLD", nationality: "NLD", surname: "DE BRUIJN", givenNames: "WILLEKE", documentNumber: "XR4821937", birthDate: "030310", sex: "F" as const, expiryDate: "310802" };
  const base = await photograph(await renderIcaoDocument(spec, "fairface_0200.jpg"), "perspective", 1);
  for (const [name, op] of [["r0", (s: sharp.Sharp) => s], ["r90", (s: sharp.Sharp) => s.rotate(90)], ["r180", (s: sharp.Sharp) => s.rotate(180)], ["r270", (s: sharp.Sharp) => s.rotate(270)], ["t25", (s: sharp.Sharp) => s.rotate(25, { background: "#777" })], ["t-30r270", (s: sharp.Sharp) => s.rotate(240, { background: "#777" })]] as const) {
    const img = await op(sharp(base)).jpeg().toBuffer();
    const t = performance.now();
    const r = await reader.read(new Uint8Array(img), now);
    console.log(format, name, Math.round(performance.now() - t), JSON.stringify(r));
  }
}
reader.stop();
