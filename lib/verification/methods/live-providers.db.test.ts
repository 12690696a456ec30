// Live providers against a fake provider on loopback (the network edge this machine cannot
// reach), through the same domain functions the hosted flow calls.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { flatJpeg } from "../../../tests/support/hostile-images";
import { startLiveSession, upload, type LiveMethod } from "../../../tests/support/hosted-flow";

type Recorded = { method: string; path: string; body: any };
type Reply = { status: number; body: unknown };

const received: Recorded[] = [];
let replies: Reply[] = [];
const cardChecks = new Map<string, { reference: string; returnUrl: string; status: string; result?: string }>();
let server: http.Server;
const PROVIDER_VARS = ["FACE_ESTIMATION_PROVIDER_URL", "ID_DOCUMENT_PROVIDER_URL", "CREDIT_CARD_PROVIDER_URL"];

// Imported after the provider URLs are in the environment (env() reads it once per module graph).
let mod: {
  db: typeof import("@/lib/platform/db").db;
  findOrCreateOrganization: typeof import("@/lib/account/orgs/find-or-create-organization").findOrCreateOrganization;
  createSession: typeof import("@/lib/verification/create-session").createSession;
  openHostedLink: typeof import("@/lib/verification/hosted-flow/open-hosted-link").openHostedLink;
  loadBoundSession: typeof import("@/lib/verification/hosted-flow/load-bound-session").loadBoundSession;
  startVerification: typeof import("@/lib/verification/hosted-flow/start-verification").startVerification;
  submitImageEvidence: typeof import("@/lib/verification/hosted-flow/submit-evidence").submitImageEvidence;
  startHostedCheck: typeof import("@/lib/verification/hosted-flow/hosted-check").startHostedCheck;
  finishHostedCheck: typeof import("@/lib/verification/hosted-flow/hosted-check").finishHostedCheck;
  httpImageProvider: typeof import("@/lib/verification/methods/http-image-provider").httpImageProvider;
  ProviderError: typeof import("@/lib/verification/methods/types").ProviderError;
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const body = raw ? JSON.parse(raw) : undefined;
      received.push({ method: req.method!, path: req.url!, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(typeof payload === "string" ? payload : JSON.stringify(payload));
      };
      if (req.url === "/card/checks" && req.method === "POST") {
        const id = `chk_${randomBytes(4).toString("hex")}`;
        cardChecks.set(id, { reference: body.reference, returnUrl: body.return_url, status: "pending" });
        return send(201, { id, redirect_url: `https://cards.example/check/${id}` });
      }
      const check = /^\/card\/checks\/(.+)$/.exec(req.url!);
      if (check && req.method === "GET") {
        const found = cardChecks.get(decodeURIComponent(check[1]));
        if (!found) return send(404, { error: "no such check" });
        return send(200, {
          id: check[1],
          reference: found.reference,
          status: found.status,
          result: found.result,
          confidence: found.result ? "high" : undefined,
        });
      }
      const reply = replies.shift() ?? { status: 500, body: { error: "no reply queued" } };
      send(reply.status, reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.FACE_ESTIMATION_PROVIDER_URL = `${base}/face`;
  process.env.ID_DOCUMENT_PROVIDER_URL = `${base}/document`;
  process.env.CREDIT_CARD_PROVIDER_URL = `${base}/card`;
  mod = {
    ...(await import("@/lib/platform/db")),
    ...(await import("@/lib/account/orgs/find-or-create-organization")),
    ...(await import("@/lib/verification/create-session")),
    ...(await import("@/lib/verification/hosted-flow/open-hosted-link")),
    ...(await import("@/lib/verification/hosted-flow/load-bound-session")),
    ...(await import("@/lib/verification/hosted-flow/start-verification")),
    ...(await import("@/lib/verification/hosted-flow/submit-evidence")),
    ...(await import("@/lib/verification/hosted-flow/hosted-check")),
    ...(await import("@/lib/verification/methods/http-image-provider")),
    ...(await import("@/lib/verification/methods/types")),
  };
});

afterAll(async () => {
  for (const name of PROVIDER_VARS) delete process.env[name];
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  replies = [];
});

// Real (tiny) images: the hosted flow reads their headers before any provider sees them.
const JPEG = await flatJpeg(64, 48);
const PNG = new Uint8Array(
  await sharp({ create: { width: 40, height: 30, channels: 3, background: "#abc" } })
    .png()
    .toBuffer(),
);

const liveSession = (methods: LiveMethod[]) => startLiveSession(methods);

describe("image providers", () => {
  it("send the image with the required age and return the provider's verdict", async () => {
    replies.push({ status: 200, body: { result: "pass", confidence: "medium" } });
    const provider = mod.httpImageProvider("face_estimation", process.env.FACE_ESTIMATION_PROVIDER_URL!);
    const verdict = await provider.evaluate(
      { contentType: "image/jpeg", bytes: JPEG },
      { reference: "ref-1", requiredAge: 18 },
    );
    expect(verdict).toEqual({ result: "pass", confidence: "medium" });
    expect(received[0]).toMatchObject({
      method: "POST",
      path: "/face",
      body: { method: "face_estimation", required_age: 18, reference: "ref-1", image: { content_type: "image/jpeg" } },
    });
    expect(Buffer.from(received[0].body.image.data, "base64")).toEqual(Buffer.from(JPEG));
  });

  it("treat errors and answers they do not understand as provider errors, never as a verdict", async () => {
    const provider = mod.httpImageProvider("id_document", process.env.ID_DOCUMENT_PROVIDER_URL!);
    const image = { contentType: "image/png" as const, bytes: PNG };
    replies.push({ status: 503, body: { error: "busy" } });
    await expect(provider.evaluate(image, { reference: "r", requiredAge: 16 })).rejects.toBeInstanceOf(
      mod.ProviderError,
    );
    replies.push({ status: 200, body: { result: "yes", confidence: "high" } });
    await expect(provider.evaluate(image, { reference: "r", requiredAge: 16 })).rejects.toBeInstanceOf(
      mod.ProviderError,
    );
    replies.push({ status: 200, body: "not json" });
    await expect(provider.evaluate(image, { reference: "r", requiredAge: 16 })).rejects.toBeInstanceOf(
      mod.ProviderError,
    );
  });
});

describe("live sessions through the hosted flow", () => {
  it("escalate from an inconclusive face estimate to a passing document, one attempt each", async () => {
    const s = await liveSession(["face_estimation", "id_document"]);
    replies.push({ status: 200, body: { result: "inconclusive", confidence: "low" } });
    expect(await mod.submitImageEvidence(await s.load(), 0, upload(JPEG))).toEqual({ kind: "escalated", nextIndex: 1 });
    replies.push({ status: 200, body: { result: "pass", confidence: "high" } });
    expect(await mod.submitImageEvidence(await s.load(), 1, upload(PNG))).toEqual({
      kind: "completed",
      status: "passed",
    });
    expect(received.map((r) => [r.path, r.body.image.content_type])).toEqual([
      ["/face", "image/jpeg"],
      ["/document", "image/png"],
    ]);
    const row = await mod.db.verificationSession.findUniqueOrThrow({ where: { id: s.id } });
    expect(row).toMatchObject({ status: "passed", attempts: 2, outcomeMethod: "id_document", outcomeResult: "pass" });
  });

  it("refuse a file that is not an image without calling the provider or counting an attempt", async () => {
    const s = await liveSession(["face_estimation"]);
    const outcome = await mod.submitImageEvidence(
      await s.load(),
      0,
      upload(new TextEncoder().encode("%PDF-1.7 not an image")),
    );
    // A retake, shown with the photo it is about: the user picked the wrong file, and may pick again.
    expect(outcome).toMatchObject({ kind: "retake", message: "Please use a JPEG, PNG or WebP photo." });
    expect(received).toEqual([]);
    expect((await s.load()).attempts).toBe(0);
  });

  it("keep the session where it is when the provider fails, so the user can try again", async () => {
    const s = await liveSession(["face_estimation"]);
    replies.push({ status: 500, body: {} });
    expect(await mod.submitImageEvidence(await s.load(), 0, upload(JPEG))).toMatchObject({ kind: "provider_error" });
    expect(await s.load()).toMatchObject({ status: "in_progress", attempts: 0, currentMethodIndex: 0 });
  });
});

describe("provider calls per method are capped in live mode", () => {
  it("move on to the next method after the third failed provider call, without counting an attempt", async () => {
    const s = await liveSession(["face_estimation", "id_document"]);
    for (let i = 0; i < 3; i++) replies.push({ status: 503, body: { error: "busy" } });
    expect(await mod.submitImageEvidence(await s.load(), 0, upload(JPEG))).toMatchObject({ kind: "provider_error" });
    expect(await mod.submitImageEvidence(await s.load(), 0, upload(JPEG))).toMatchObject({ kind: "provider_error" });
    expect(await s.load()).toMatchObject({ status: "in_progress", currentMethodIndex: 0, attempts: 0 });
    // The third failure is the last call this method gets.
    expect(await mod.submitImageEvidence(await s.load(), 0, upload(JPEG))).toEqual({ kind: "escalated", nextIndex: 1 });
    expect(await s.load()).toMatchObject({ status: "in_progress", currentMethodIndex: 1, attempts: 0 });
    // An old page of the given-up method calls nobody.
    expect(await mod.submitImageEvidence(await s.load(), 0, upload(JPEG))).toEqual({ kind: "stale" });
    expect(received.map((r) => r.path)).toEqual(["/face", "/face", "/face"]);

    // The next method has calls of its own.
    replies.push({ status: 500, body: {} }, { status: 200, body: { result: "pass", confidence: "high" } });
    expect(await mod.submitImageEvidence(await s.load(), 1, upload(PNG))).toMatchObject({ kind: "provider_error" });
    expect(await mod.submitImageEvidence(await s.load(), 1, upload(PNG))).toEqual({
      kind: "completed",
      status: "passed",
    });
    expect(await s.load()).toMatchObject({ status: "passed", attempts: 1, outcomeMethod: "id_document" });
  });

  it("fail the session as inconclusive when the last method's provider keeps failing", async () => {
    const s = await liveSession(["face_estimation"]);
    for (let i = 0; i < 3; i++) replies.push({ status: 500, body: {} });
    for (let i = 0; i < 2; i++) {
      expect(await mod.submitImageEvidence(await s.load(), 0, upload(JPEG))).toMatchObject({ kind: "provider_error" });
    }
    expect(await mod.submitImageEvidence(await s.load(), 0, upload(JPEG))).toEqual({
      kind: "completed",
      status: "failed",
    });
    expect(await s.load()).toMatchObject({
      status: "failed",
      attempts: 0,
      outcomeResult: "inconclusive",
      outcomeMethod: "face_estimation",
    });
    expect(received).toHaveLength(3);
  });

  it("count each card check opened; a fourth start moves on instead of opening another", async () => {
    const s = await liveSession(["credit_card", "id_document"]);
    for (let i = 0; i < 3; i++)
      expect(await mod.startHostedCheck(await s.load(), 0)).toMatch(/^https:\/\/cards\.example\/check\//);
    expect(await mod.startHostedCheck(await s.load(), 0)).toBeNull();
    expect(received.filter((r) => r.method === "POST")).toHaveLength(3);
    expect(await s.load()).toMatchObject({ status: "in_progress", currentMethodIndex: 1, attempts: 0 });
  });

  it("hold under concurrent submits: at most three calls reach the provider", async () => {
    const s = await liveSession(["face_estimation", "id_document"]);
    for (let i = 0; i < 6; i++) replies.push({ status: 503, body: {} });
    const session = await s.load();
    await Promise.all(Array.from({ length: 6 }, () => mod.submitImageEvidence(session, 0, upload(JPEG))));
    expect(received.filter((r) => r.path === "/face")).toHaveLength(3);
    expect(await s.load()).toMatchObject({ currentMethodIndex: 1, attempts: 0 });
  });
});

describe("live credit card checks", () => {
  it("take the verdict from the provider, once, for the attempt that opened the check", async () => {
    const s = await liveSession(["credit_card"]);
    const redirect = await mod.startHostedCheck(await s.load(), 0);
    expect(redirect).toMatch(/^https:\/\/cards\.example\/check\/chk_/);
    const checkId = redirect!.split("/").pop()!;
    const check = cardChecks.get(checkId)!;
    const returnUrl = new URL(check.returnUrl);
    expect(returnUrl.pathname).toBe(`/verify/session/${s.id}/hosted-return`);
    const state = returnUrl.searchParams.get("state")!;

    // Back before finishing on the provider's page: nothing is decided.
    expect(await mod.finishHostedCheck(await s.load(), { state, checkId })).toEqual({ kind: "pending" });
    // A tampered state or another check's id is refused.
    expect(await mod.finishHostedCheck(await s.load(), { state: `${state}x`, checkId })).toEqual({ kind: "rejected" });
    const other = await liveSession(["credit_card"]);
    const otherCheck = (await mod.startHostedCheck(await other.load(), 0))!.split("/").pop()!;
    cardChecks.get(otherCheck)!.status = "completed";
    cardChecks.get(otherCheck)!.result = "pass";
    await expect(mod.finishHostedCheck(await s.load(), { state, checkId: otherCheck })).rejects.toBeInstanceOf(
      mod.ProviderError,
    );

    check.status = "completed";
    check.result = "fail";
    expect(await mod.finishHostedCheck(await s.load(), { state, checkId })).toEqual({
      kind: "completed",
      status: "failed",
    });
    // Reloading the return URL does not apply it again.
    expect(await mod.finishHostedCheck(await s.load(), { state, checkId })).toEqual({ kind: "stale" });
    expect(await s.load()).toMatchObject({
      status: "failed",
      attempts: 1,
      outcomeMethod: "credit_card",
      outcomeResult: "fail",
    });
  });
});
