// The built-in id_document check over HTTP, against the built app (live mode, the defaults): a
// photographed specimen passport and a selfie posted together to the evidence route, one test per
// outcome, and the API's session then shows the outcome and nothing read from the document.
import path from "node:path";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { SpecimenData } from "@/eval/id-document/make-mrz";
import { photograph, photographCloseUp } from "@/eval/id-document/photograph";
import { icaoPortraitBox, renderIcaoDocument } from "@/eval/id-document/render-document";
import { DOCUMENT_AS_SELFIE } from "@/lib/verification/methods/id-document/local-document-provider";
import { baseUrl, v1 } from "../support/api";
import { selfieOf } from "../support/face-fixtures";
import { newOrg } from "../support/fixtures";
import { openHostedSession, type OpenedSession } from "../support/hosted-flow";

const FACES = path.join(process.cwd(), "tests/fixtures/faces");
const face = (name: string) => readFileSync(path.join(FACES, `${name}.jpg`));

const passport = (birthDate: string, expiryDate = "340802"): SpecimenData => ({
  format: "TD3",
  issuer: "NLD",
  nationality: "NLD",
  surname: "VAN DER MEULEN",
  givenNames: "JOHANNA",
  documentNumber: "XR4821937",
  birthDate,
  sex: "F",
  expiryDate,
});

async function documentPhoto(data: SpecimenData): Promise<Buffer> {
  return photograph(await renderIcaoDocument(data, path.join(FACES, "adult-20-29.jpg")), "clean");
}

async function submit(session: OpenedSession, document: Uint8Array, selfie: Uint8Array | null) {
  const form = new FormData();
  form.set("expected_index", "0");
  form.set("image", new Blob([new Uint8Array(document)], { type: "image/jpeg" }), "document.jpg");
  if (selfie) form.set("selfie", new Blob([new Uint8Array(selfie)], { type: "image/jpeg" }), "selfie.jpg");
  const res = await fetch(`${baseUrl()}/verify/session/${session.id}/evidence`, {
    method: "POST",
    headers: { cookie: session.cookie, origin: baseUrl() },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

async function open(methods = ["id_document"]) {
  const org = await newOrg("id-document");
  return { org, session: await openHostedSession(org.liveKey, org.orgId, methods) };
}

const apiSession = async (key: string, id: string) =>
  (await v1("GET", `/v1/verification-sessions/${id}`, { key })).body;

describe("the built-in id_document check over HTTP", () => {
  it("passes an adult's passport whose portrait matches the selfie, at medium confidence, keeping nothing read", async () => {
    const { org, session } = await open();
    const answer = await submit(session, await documentPhoto(passport("900417")), await selfieOf("adult-20-29"));
    expect(answer).toEqual({ status: 200, body: { outcome: "completed" } });
    const done = await apiSession(org.liveKey, session.id);
    expect(done).toMatchObject({
      status: "passed",
      outcome: { method: "id_document", result: "pass", confidence: "medium" },
    });
    expect(JSON.stringify(done)).not.toMatch(/MEULEN|XR4821937|900417|1990-04-17/);
  }, 240_000);

  it("fails a too-young holder whose face matches", async () => {
    const { org, session } = await open();
    expect((await submit(session, await documentPhoto(passport("100417")), await selfieOf("adult-20-29"))).status).toBe(
      200,
    );
    expect(await apiSession(org.liveKey, session.id)).toMatchObject({
      status: "failed",
      outcome: { result: "fail", confidence: "medium" },
    });
  }, 240_000);

  it("is inconclusive for an expired passport", async () => {
    const { org, session } = await open();
    expect(
      (await submit(session, await documentPhoto(passport("900417", "240101")), await selfieOf("adult-20-29"))).status,
    ).toBe(200);
    expect(await apiSession(org.liveKey, session.id)).toMatchObject({
      status: "failed",
      outcome: { result: "inconclusive" },
    });
  }, 240_000);

  it("asks for a retake (422) when the photo shows no document, and counts nothing", async () => {
    const { org, session } = await open();
    const answer = await submit(session, face("adult-50-59"), face("adult-20-29"));
    expect(answer.status).toBe(422);
    // The page shows it with the document photo, whose retake is the main button (issue 50).
    expect(answer.body).toMatchObject({ retake: true, about: "document" });
    expect(answer.body.error).toMatch(/document|lines at the bottom|blurred|glare|cut off/);
    expect(await apiSession(org.liveKey, session.id)).toMatchObject({ status: "in_progress", attempts: 0 });
  }, 240_000);

  it("asks for a retake (422) when the selfie is the passport held up to the camera, and counts nothing", async () => {
    const { org, session } = await open();
    const document = await renderIcaoDocument(passport("900417"), path.join(FACES, "adult-20-29.jpg"));
    const answer = await submit(
      session,
      await photograph(document, "clean"),
      await photographCloseUp(document, icaoPortraitBox("TD3"), "clean"),
    );
    expect(answer).toEqual({ status: 422, body: { error: DOCUMENT_AS_SELFIE, retake: true, about: "selfie" } });
    expect(await apiSession(org.liveKey, session.id)).toMatchObject({ status: "in_progress", attempts: 0 });
  }, 240_000);

  it("refuses a selfie on a method that takes none (400)", async () => {
    const { session } = await open(["face_estimation"]);
    const answer = await submit(session, face("adult-70-plus"), face("adult-20-29"));
    expect(answer).toEqual({ status: 400, body: { error: "Send one photo." } });
  });
});
