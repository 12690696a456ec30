// Issue #48's attack on the shared document reader: one organisation's sessions send the 96-byte
// 1 x 100 PNG (which the reader scaled to 1,600 x 160,000) and a 7000 x 7000 16-bit PNG, while
// another organisation's user sends a genuine document. The hostile images are refused by their
// headers before any decoding, counting nothing; the genuine one is read within its time alone plus
// one photo's budget. Real OCR worker, real face models, real database.
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { env } from "@/lib/platform/env";
import { photograph } from "@/eval/id-document/photograph";
import { renderIcaoDocument } from "@/eval/id-document/render-document";
import { submitImageEvidence } from "@/lib/verification/hosted-flow/submit-evidence";
import { documentReader } from "@/lib/verification/methods/id-document/read-document";
import { selfieOf } from "../../../tests/support/face-fixtures";
import { startLiveSession, upload } from "../../../tests/support/hosted-flow";

afterAll(() => documentReader().stop());

const PORTRAIT = path.join(process.cwd(), "tests/fixtures/faces/adult-20-29.jpg");

async function genuineDocument(): Promise<Uint8Array> {
  const data = {
    format: "TD3",
    issuer: "NLD",
    nationality: "NLD",
    surname: "VAN DER MEULEN",
    givenNames: "JOHANNA",
    documentNumber: "XR4821937",
    birthDate: "900417",
    sex: "F",
    expiryDate: "340802",
  } as const;
  return new Uint8Array(await photograph(await renderIcaoDocument(data, PORTRAIT), "clean"));
}

const png = (width: number, height: number, deep = false) => {
  let image = sharp({ create: { width, height, channels: 3, background: "#7f8890" } });
  if (deep) image = image.toColourspace("rgb16");
  return image
    .png({ compressionLevel: 9 })
    .toBuffer()
    .then((b) => new Uint8Array(b));
};

describe("hostile images beside a genuine document from another organisation", () => {
  it("are refused before decoding, and the genuine one is read within its time alone plus one budget", async () => {
    const [document, selfie, sliver, deep] = await Promise.all([
      genuineDocument(),
      selfieOf("adult-20-29"),
      png(1, 100),
      png(7000, 7000, true),
    ]);
    expect(sliver.length).toBeLessThan(128);

    const readGenuine = async () => {
      const session = await startLiveSession(["id_document"]);
      const started = performance.now();
      const outcome = await submitImageEvidence(await session.load(), 0, upload(document), "", upload(selfie));
      return { outcome, ms: performance.now() - started };
    };
    // Alone (after a first read that loads the reader's models), then beside the attack.
    await readGenuine();
    const alone = await readGenuine();
    expect(alone.outcome).toEqual({ kind: "completed", status: "passed" });

    const attacker = await Promise.all([1, 2, 3].map(() => startLiveSession(["id_document"])));
    const attacks = attacker.flatMap((session, i) =>
      [sliver, deep].map(async (bytes) =>
        submitImageEvidence(await session.load(), 0, upload(bytes), `198.51.100.${i}`, upload(selfie)),
      ),
    );
    const [beside, ...refused] = await Promise.all([readGenuine(), ...attacks]);
    expect(beside.outcome).toEqual({ kind: "completed", status: "passed" });
    expect(beside.ms).toBeLessThan(alone.ms + env().ID_DOCUMENT_READ_BUDGET_MS);
    for (const answer of refused) expect(answer).toMatchObject({ kind: "retake" });
    for (const session of attacker) {
      expect(await session.load()).toMatchObject({ attempts: 0, methodProviderCalls: 0 });
    }
  }, 300_000);
});
