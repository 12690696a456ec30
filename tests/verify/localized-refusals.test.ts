// The hosted flow's server answers in the page's language (issue 51), over HTTP against the built
// app: the upload route's technical refusals and photo budget, the live check's refusals and its
// camera sentence, the document check's selfie without a face, and the binding refusal. The
// locale comes as the page's requests carry it (Accept-Language here; the language cookie wins
// over it in proxy.ts); the codes beside each message (`reason`, `limit`, `retake`, `about`) stay.
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { photograph } from "@/eval/id-document/photograph";
import { renderIcaoDocument } from "@/eval/id-document/render-document";
import { db } from "@/lib/platform/db";
import { PHOTOS_PER_SESSION } from "@/lib/verification/hosted-flow/photo-uploads";
import ar from "@/messages/ar.json";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import it_ from "@/messages/it.json";
import ja from "@/messages/ja.json";
import pl from "@/messages/pl.json";
import { baseUrl } from "../support/api";
import { derivedFace, facePhoto } from "../support/face-fixtures";
import { newOrg } from "../support/fixtures";
import { openHostedSession, type OpenedSession } from "../support/hosted-flow";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function upload(
  session: OpenedSession,
  language: string,
  parts: { image?: Uint8Array; selfie?: Uint8Array } | string,
) {
  let body: FormData | string;
  if (typeof parts === "string") body = parts;
  else {
    body = new FormData();
    body.set("expected_index", "0");
    if (parts.image) body.set("image", new Blob([new Uint8Array(parts.image)], { type: "image/jpeg" }), "a.jpg");
    if (parts.selfie) body.set("selfie", new Blob([new Uint8Array(parts.selfie)], { type: "image/jpeg" }), "b.jpg");
  }
  const res = await fetch(`${baseUrl()}/verify/session/${session.id}/evidence`, {
    method: "POST",
    headers: {
      cookie: session.cookie,
      origin: baseUrl(),
      "accept-language": language,
      ...(typeof body === "string" ? { "content-type": "text/plain" } : {}),
    },
    body,
  });
  return { status: res.status, body: await res.json() };
}

async function liveCheck(session: OpenedSession, language: string, frame: Uint8Array, cookie = session.cookie) {
  const res = await fetch(`${baseUrl()}/verify/session/${session.id}/live-check`, {
    method: "POST",
    headers: { cookie, origin: baseUrl(), "content-type": "image/jpeg", "accept-language": language },
    body: Buffer.from(frame),
  });
  return { status: res.status, body: await res.json() };
}

describe("the upload route in the user's language", () => {
  it("refuses an image over 8 MB in Spanish, a body that is no form in Polish, a file that is no image in Japanese", async () => {
    const org = await newOrg("localized-upload");
    const session = await openHostedSession(org.liveKey, org.orgId);

    // 9 MB: within the form's room for two photos, over one photo's limit.
    const big = await upload(session, "es-ES,es;q=0.9", { image: new Uint8Array(9 * 1024 * 1024).fill(7) });
    expect(big).toEqual({ status: 400, body: { error: es.refusal.imageTooBig } });
    // Over the whole form's room: refused while reading, in Spanish too.
    const huge = await upload(session, "es", { image: new Uint8Array(17 * 1024 * 1024).fill(7) });
    expect(huge).toEqual({ status: 413, body: { error: es.refusal.photoTooBig } });

    expect(await upload(session, "pl", "not a form")).toEqual({ status: 400, body: { error: pl.refusal.multipart } });

    const notImage = await upload(session, "ja", { image: new TextEncoder().encode("not an image at all") });
    expect(notImage).toEqual({ status: 422, body: { error: ja.retake.imageType, retake: true } });

    // English stays the checks' own sentence.
    expect(await upload(session, "en", "not a form")).toEqual({ status: 400, body: { error: en.refusal.multipart } });
  }, 60_000);

  it("says the spent photo budget in German, with its limit code", async () => {
    const org = await newOrg("localized-upload");
    const session = await openHostedSession(org.liveKey, org.orgId);
    const row = await db.verificationSession.findUniqueOrThrow({ where: { id: session.id } });
    await db.rateLimitWindow.create({
      data: { orgId: `photo-total:${session.id}`, windowStart: row.createdAt, count: PHOTOS_PER_SESSION },
    });
    const photo = new Uint8Array(await sharp(facePhoto("adult-50-59")).jpeg().toBuffer());
    expect(await upload(session, "de-DE", { image: photo })).toEqual({
      status: 429,
      body: { error: de.refusal.photosSpent, limit: "per_session" },
    });
  }, 60_000);

  it("refuses another browser in Italian", async () => {
    const org = await newOrg("localized-upload");
    const session = await openHostedSession(org.liveKey, org.orgId);
    expect(await upload({ ...session, cookie: "" }, "it", "x")).toEqual({
      status: 403,
      body: { error: it_.refusal.otherBrowser },
    });
  }, 60_000);

  it("asks in German for a selfie with a face, when the document's selfie has none (the face gates' retake)", async () => {
    const org = await newOrg("localized-upload");
    const session = await openHostedSession(org.liveKey, org.orgId, ["id_document"]);
    const faces = path.join(process.cwd(), "tests/fixtures/faces");
    const document = await photograph(
      await renderIcaoDocument(
        {
          format: "TD3",
          issuer: "NLD",
          nationality: "NLD",
          surname: "VAN DER MEULEN",
          givenNames: "JOHANNA",
          documentNumber: "XR4821937",
          birthDate: "900417",
          sex: "F",
          expiryDate: "340802",
        },
        path.join(faces, "adult-20-29.jpg"),
      ),
      "clean",
    );
    const answer = await upload(session, "de", { image: document, selfie: await derivedFace.noFace() });
    expect(answer).toEqual({
      status: 422,
      body: { error: de.retake.noFace, retake: true, about: "selfie" },
    });
  }, 180_000);
});

describe("the live check in the user's language", () => {
  it("says the camera's advice in Arabic with the reason code unchanged, and its refusals in French and Japanese", async () => {
    const org = await newOrg("localized-live");
    const session = await openHostedSession(org.liveKey, org.orgId);
    const noFace = new Uint8Array(
      await sharp(await derivedFace.noFace())
        .resize(320)
        .jpeg()
        .toBuffer(),
    );
    let answer = await liveCheck(session, "ar", noFace);
    // The first frame may find the estimator loading its models: "busy", then ask again.
    for (let i = 0; i < 60 && answer.status === 200 && answer.body.check === "busy"; i++) {
      await sleep(600);
      answer = await liveCheck(session, "ar", noFace);
    }
    expect(answer).toEqual({
      status: 200,
      body: { check: "retake", reason: "no_face", message: ar.feedback.liveNoFace },
    });

    expect(await liveCheck(session, "fr-FR", new Uint8Array(97 * 1024).fill(1))).toEqual({
      status: 413,
      body: { error: fr.refusal.frameTooLarge },
    });
    const testMode = await openHostedSession(org.testKey, org.orgId);
    expect(await liveCheck(testMode, "ja", noFace)).toEqual({
      status: 409,
      body: { error: ja.refusal.liveUnavailable },
    });
  }, 180_000);
});
