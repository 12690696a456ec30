// Live mode through the provider interface, in a real browser: a second app instance configured
// with live providers that point at a fake provider on loopback (the network edge), Chromium's
// fake camera for getUserMedia, the upload fallback, and the credit card provider round trip.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { startTestStack, type TestStack } from "../tests/support/test-stack";
import { fakeCamera, PHONE, serveReturnSite, auditAndSnap } from "./verify-helpers";
import { api, createSession, newOrg } from "../tests/support/fixtures";

type ImageCall = { path: string; body: any };
const imageCalls: ImageCall[] = [];
const verdicts: Record<string, { result: string; confidence: string }[]> = { "/face": [], "/document": [] };
const cardChecks = new Map<string, { reference: string; returnUrl: string; result?: string }>();
let provider: http.Server;
let providerUrl: string;
let stack: TestStack;
let keys: Awaited<ReturnType<typeof newOrg>>;

// A valid 2x2 PNG, as a phone's photo library would hand over (the page re-encodes it as JPEG).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

test.use({ viewport: PHONE, ...fakeCamera() });

test.beforeAll(async () => {
  provider = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url!, providerUrl);
      if (req.method === "POST" && (url.pathname === "/face" || url.pathname === "/document")) {
        imageCalls.push({ path: url.pathname, body: JSON.parse(raw) });
        return json(200, verdicts[url.pathname].shift() ?? { result: "inconclusive", confidence: "low" });
      }
      if (req.method === "POST" && url.pathname === "/card/checks") {
        const body = JSON.parse(raw);
        const id = `chk_${randomBytes(4).toString("hex")}`;
        cardChecks.set(id, { reference: body.reference, returnUrl: body.return_url });
        return json(201, { id, redirect_url: `${providerUrl}/card/hosted/${id}` });
      }
      const hosted = /^\/card\/hosted\/(.+)$/.exec(url.pathname);
      if (req.method === "GET" && hosted) {
        // The provider's own card page, reduced to its outcome: approve and send the user back.
        const check = cardChecks.get(hosted[1])!;
        check.result = "pass";
        res.writeHead(302, { location: `${check.returnUrl}&check_id=${encodeURIComponent(hosted[1])}` });
        return res.end();
      }
      const status = /^\/card\/checks\/(.+)$/.exec(url.pathname);
      if (req.method === "GET" && status) {
        const check = cardChecks.get(status[1]);
        if (!check) return json(404, {});
        return json(200, {
          id: status[1],
          reference: check.reference,
          status: check.result ? "completed" : "pending",
          ...(check.result ? { result: check.result, confidence: "high" } : {}),
        });
      }
      json(404, {});
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  stack = await startTestStack({
    env: {
      FACE_ESTIMATION_PROVIDER_URL: `${providerUrl}/face`,
      ID_DOCUMENT_PROVIDER_URL: `${providerUrl}/document`,
      CREDIT_CARD_PROVIDER_URL: `${providerUrl}/card`,
    },
  });
  keys = await newOrg("e2e-verify", { databaseUrl: stack.databaseUrl });
});

test.afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => provider?.close(resolve));
});

test("camera selfie is inconclusive, the uploaded document passes; the provider decides, nothing is faked", async ({
  page,
}) => {
  await serveReturnSite(page);
  imageCalls.length = 0;
  verdicts["/face"].push({ result: "inconclusive", confidence: "low" });
  verdicts["/document"].push({ result: "pass", confidence: "medium" });
  const session = await createSession(stack.baseUrl, keys.liveKey, {
    required_age: 18,
    methods: ["face_estimation", "id_document"],
    return_url: "https://shop.example/live",
  });
  await page.goto(session.url);
  await expect(page.getByRole("note", { name: "Test mode" })).toHaveCount(0);
  await page.getByRole("button", { name: "Start with face age estimation" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Face age estimation" })).toBeFocused();
  await expect(page.getByText("We never store it.")).toBeVisible();
  await auditAndSnap(page, "live-face-choose");

  await page.getByRole("button", { name: "Take a selfie with your camera" }).click();
  const take = page.getByRole("button", { name: "Take photo" });
  await expect(take).toBeEnabled();
  await expect(take).toBeFocused();
  await expect
    .poll(() => page.getByLabel("Camera preview").evaluate((video: HTMLVideoElement) => video.videoWidth))
    .toBeGreaterThan(0);
  await auditAndSnap(page, "live-face-camera");
  await take.click();
  // Encoding the camera frame to JPEG runs in a software-rendered browser on a busy CI machine.
  await expect(page.getByRole("img", { name: "Your selfie" })).toBeVisible({ timeout: 15_000 });
  await auditAndSnap(page, "live-face-review");
  await page.getByRole("button", { name: "Use this photo" }).click();

  await expect(page.getByRole("heading", { level: 2, name: "ID document" })).toBeFocused();
  await expect(page.getByTestId("escalation-notice")).toContainText("Face age estimation couldn't give a clear result");
  await auditAndSnap(page, "live-document-choose");
  await page.getByTestId("photo-upload").setInputFiles({ name: "licence.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "Your document photo" })).toBeVisible();
  await page.getByRole("button", { name: "Use this photo" }).click();
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeVisible();
  await page.waitForURL(`https://shop.example/live?session_id=${session.id}`);

  // The provider got real JPEG frames (the camera's, and the upload re-encoded) with the age asked.
  expect(imageCalls.map((call) => call.path)).toEqual(["/face", "/document"]);
  for (const call of imageCalls) {
    expect(call.body).toMatchObject({ required_age: 18, image: { content_type: "image/jpeg" } });
    expect(Buffer.from(call.body.image.data, "base64").subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  }
  const done = await api(stack.baseUrl, keys.liveKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(done.body).toMatchObject({
    status: "passed",
    mode: "live",
    attempts: 2,
    outcome: { method: "id_document", result: "pass", confidence: "medium" },
  });
});

test("a refused camera falls back to uploading a photo", async ({ page }) => {
  // What a user pressing "Block" on the camera prompt looks like to the page.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
  await serveReturnSite(page);
  imageCalls.length = 0;
  verdicts["/face"].push({ result: "fail", confidence: "high" });
  const session = await createSession(stack.baseUrl, keys.liveKey, {
    required_age: 18,
    methods: ["face_estimation"],
    return_url: "https://shop.example/live",
  });
  await page.goto(session.url);
  await page.getByRole("button", { name: "Start with face age estimation" }).click();
  await page.getByRole("button", { name: "Take a selfie with your camera" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Camera" })).toHaveText(
    "Camera access was refused. You can upload a photo instead.",
  );
  await expect(page.getByRole("button", { name: "Upload a photo" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Try the camera again" })).toBeVisible();
  await auditAndSnap(page, "live-camera-refused");
  await page.getByTestId("photo-upload").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Use this photo" }).click();
  await expect(page.getByRole("heading", { name: "We couldn't confirm your age" })).toBeVisible();
  await page.getByTestId("return-link").click();
  await page.waitForURL(`https://shop.example/live?session_id=${session.id}`);
  const done = await api(stack.baseUrl, keys.liveKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(done.body).toMatchObject({
    status: "failed",
    attempts: 1,
    outcome: { method: "face_estimation", result: "fail" },
  });
});

test("credit card: the user completes the check on the provider's page and the verdict is fetched server-side", async ({
  page,
}) => {
  await serveReturnSite(page);
  const session = await createSession(stack.baseUrl, keys.liveKey, {
    required_age: 18,
    methods: ["credit_card"],
    return_url: "https://shop.example/live",
  });
  await page.goto(session.url);
  await page.getByRole("button", { name: "Start with a credit card check" }).click();
  await expect(page.getByText("we never see your card number")).toBeVisible();
  await auditAndSnap(page, "live-card");
  await page.getByRole("button", { name: "Continue to card check" }).click();
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeVisible();
  await page.waitForURL(`https://shop.example/live?session_id=${session.id}`);
  const done = await api(stack.baseUrl, keys.liveKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(done.body).toMatchObject({
    status: "passed",
    attempts: 1,
    outcome: { method: "credit_card", result: "pass" },
  });
});
