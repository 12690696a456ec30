// The built-in id_document check in the hosted flow (live mode, the defaults): a photographed
// specimen document read by the real OCR worker and its portrait matched to a selfie by the real
// face models; each outcome, and nothing of either image, nor any date, name or number, stored.
// The selfie is another capture of the portrait's face (selfieOf): the fixture photo itself would
// be the document's own image, which the check refuses.
import path from "node:path";
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import type { SpecimenData } from "@/eval/id-document/make-mrz";
import { photograph } from "@/eval/id-document/photograph";
import { renderIcaoDocument } from "@/eval/id-document/render-document";
import { submitImageEvidence } from "@/lib/verification/hosted-flow/submit-evidence";
import { SELFIE_NEEDED } from "@/lib/verification/methods/id-document/local-document-provider";
import { documentReader } from "@/lib/verification/methods/id-document/read-document";
import { selfieOf } from "../../../../tests/support/face-fixtures";
import { startLiveSession, upload } from "../../../../tests/support/hosted-flow";

afterAll(() => documentReader().stop());

const FACES = path.join(process.cwd(), "tests/fixtures/faces");
const face = (name: string) => new Uint8Array(readFileSync(path.join(FACES, `${name}.jpg`)));

const SURNAME = "VAN DER MEULEN";
const NUMBER = "XR4821937";

function specimen(birthDate: string, expiryDate = "340802"): SpecimenData {
  return {
    format: "TD3",
    issuer: "NLD",
    nationality: "NLD",
    surname: SURNAME,
    givenNames: "JOHANNA",
    documentNumber: NUMBER,
    birthDate,
    sex: "F",
    expiryDate,
  };
}

async function documentPhoto(data: SpecimenData, portrait = "adult-20-29"): Promise<Uint8Array> {
  return new Uint8Array(await photograph(await renderIcaoDocument(data, path.join(FACES, `${portrait}.jpg`)), "clean"));
}

/** Everything stored about the session, as text: no image, date of birth, name or number may be in it. */
async function storedText(sessionId: string): Promise<string> {
  const row = await db.verificationSession.findUniqueOrThrow({ where: { id: sessionId } });
  const events = await db.event.findMany({ where: { orgId: row.orgId } });
  return JSON.stringify({ row, events });
}

function expectNothingRead(stored: string) {
  for (const secret of [
    SURNAME,
    "JOHANNA",
    NUMBER,
    "900417",
    "1990-04-17",
    "100417",
    "2010-04-17",
    "340802",
    "2034-08-02",
  ])
    expect(stored).not.toContain(secret);
  expect(stored).not.toMatch(/\/9j\/|iVBOR/); // JPEG and PNG in base64
}

describe("the built-in id_document check", () => {
  it("passes an adult's valid document whose portrait matches the selfie, at medium confidence", async () => {
    const session = await startLiveSession(["id_document"]);
    const outcome = await submitImageEvidence(
      await session.load(),
      0,
      upload(await documentPhoto(specimen("900417"))),
      "",
      upload(await selfieOf("adult-20-29")),
    );
    expect(outcome).toEqual({ kind: "completed", status: "passed" });
    const row = await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(row).toMatchObject({
      attempts: 1,
      outcomeMethod: "id_document",
      outcomeResult: "pass",
      outcomeConfidence: "medium",
      outcomeDocumentType: "passport",
      outcomeDocumentCountry: "NLD",
    });
    expectNothingRead(await storedText(session.id));
  }, 180_000);

  it("fails a valid document of someone too young whose face matches", async () => {
    const session = await startLiveSession(["id_document"]);
    const outcome = await submitImageEvidence(
      await session.load(),
      0,
      upload(await documentPhoto(specimen("100417"))),
      "",
      upload(await selfieOf("adult-20-29")),
    );
    expect(outcome).toEqual({ kind: "completed", status: "failed" });
    expect(await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      outcomeResult: "fail",
      outcomeConfidence: "medium",
      outcomeDocumentType: "passport",
      outcomeDocumentCountry: "NLD",
    });
    expectNothingRead(await storedText(session.id));
  }, 180_000);

  it("is inconclusive for an expired document and moves on to the next method", async () => {
    const session = await startLiveSession(["id_document", "credit_card"]);
    const outcome = await submitImageEvidence(
      await session.load(),
      0,
      upload(await documentPhoto(specimen("900417", "240101"))),
      "",
      upload(await selfieOf("adult-20-29")),
    );
    expect(outcome.kind === "escalated" || outcome.kind === "completed").toBe(true);
    const row = await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(row.outcomeResult).not.toBe("pass");
    expect(row.attempts).toBe(1);
  }, 180_000);

  it("is inconclusive when the selfie is someone else", async () => {
    const session = await startLiveSession(["id_document"]);
    const outcome = await submitImageEvidence(
      await session.load(),
      0,
      upload(await documentPhoto(specimen("900417"))),
      "",
      upload(face("adult-70-plus")),
    );
    expect(outcome).toEqual({ kind: "completed", status: "failed" });
    expect(await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      outcomeResult: "inconclusive",
    });
  }, 180_000);

  it("asks for a retake, counting nothing, when no document can be read or no selfie came with it", async () => {
    const session = await startLiveSession(["id_document"]);
    const document = await documentPhoto(specimen("900417"));
    expect(await submitImageEvidence(await session.load(), 0, upload(document))).toEqual({
      kind: "retake",
      message: SELFIE_NEEDED,
      about: "selfie",
    });
    const selfieAsDocument = await submitImageEvidence(
      await session.load(),
      0,
      upload(face("adult-50-59")),
      "",
      upload(face("adult-20-29")),
    );
    expect(selfieAsDocument).toMatchObject({ kind: "retake", about: "document" });
    expect(await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      status: "in_progress",
      attempts: 0,
      methodProviderCalls: 0,
    });
  }, 180_000);
});
