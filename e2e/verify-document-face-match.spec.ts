// Live mode on the embedded defaults: the built-in id_document check's face match (issue 47,
// MobileFaceNet; docs/face-match.md), end to end in Chromium. The same photographed specimen
// passport (tests/fixtures/documents: its portrait is tests/fixtures/faces/adult-20-29.jpg,
// FairFace, CC BY 4.0) is uploaded with a selfie of its holder (another capture of that face:
// passed) or of another person (inconclusive: the session ends, no other method being offered).
// Both photos are uploaded rather than filmed: verify-document.spec.ts drives the camera.
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { facePhoto, selfieOf } from "../tests/support/face-fixtures";
import { PHONE, serveReturnSite, auditAndSnap } from "./verify-helpers";
import { api, createSession, newOrg } from "../tests/support/fixtures";

const baseUrl = () => process.env.E2E_BASE_URL!;
const PASSPORT = path.resolve(import.meta.dirname, "../tests/fixtures/documents/passport-adult-20-29.jpg");

test.use({ viewport: PHONE });

let keys: Awaited<ReturnType<typeof newOrg>>;
test.beforeAll(async () => {
  keys = await newOrg("e2e-face-match");
});

/** From the session's hosted link to the document step (the one place that knows the way there). */
async function openDocumentStep(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole("button", { name: "Start with your ID document" }).click();
  await expect(page.getByTestId("document-step")).toBeVisible();
}

/** A live id_document session: the document uploaded, then the selfie; returns the session's id. */
async function checkDocumentWith(page: Page, selfie: Uint8Array): Promise<string> {
  await serveReturnSite(page);
  const session = await createSession(baseUrl(), keys.liveKey, {
    required_age: 18,
    methods: ["id_document"],
    return_url: "https://shop.example/document",
  });
  await openDocumentStep(page, session.url);
  await page.getByTestId("photo-upload").setInputFiles(PASSPORT);
  await page.getByRole("button", { name: "Use this photo, then take a selfie" }).click();
  await expect(page.getByTestId("selfie-step")).toBeVisible();
  await page
    .getByTestId("photo-upload")
    .setInputFiles({ name: "selfie.jpg", mimeType: "image/jpeg", buffer: Buffer.from(selfie) });
  await expect(page.getByRole("img", { name: "Your selfie", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Use this photo", exact: true }).click();
  return session.id;
}

test("a document and a selfie of its holder: the faces match, the session passes", async ({ page }) => {
  test.setTimeout(240_000);
  const id = await checkDocumentWith(page, await selfieOf("adult-20-29"));
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeVisible({ timeout: 120_000 });
  await page.waitForURL(`https://shop.example/document?session_id=${id}`, { timeout: 30_000 });
  const done = await api(baseUrl(), keys.liveKey, "GET", `/v1/verification-sessions/${id}`);
  expect(done.body).toMatchObject({
    status: "passed",
    attempts: 1,
    outcome: { method: "id_document", result: "pass" },
  });
});

test("a document and another person's selfie: the faces do not match, inconclusive", async ({ page }) => {
  test.setTimeout(240_000);
  const id = await checkDocumentWith(page, facePhoto("adult-50-59"));
  await expect(page.getByRole("heading", { name: "We couldn't confirm your age" })).toBeVisible({
    timeout: 120_000,
  });
  await auditAndSnap(page, "live-document-face-mismatch");
  const done = await api(baseUrl(), keys.liveKey, "GET", `/v1/verification-sessions/${id}`);
  expect(done.body).toMatchObject({
    status: "failed",
    attempts: 1,
    outcome: { method: "id_document", result: "inconclusive" },
  });
});
