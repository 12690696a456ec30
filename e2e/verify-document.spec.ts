// Live mode on the embedded defaults: the built-in id_document check, end to end in Chromium.
// The fake camera first shows a photographed specimen passport (tests/fixtures/documents, made by
// eval/id-document's generator), then another capture of the face printed on it (tests/fixtures/faces,
// FairFace, CC BY 4.0, mirrored and relit: the photo itself would be the document's own image,
// which the check refuses as not a selfie); the server reads the machine-readable zone, matches the two faces and passes. Nothing
// of either image, nor anything read from the document, is stored.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { createKey, newAccount, shoot, signUp } from "./dashboard-support";
import { DESKTOP } from "./support/screenshots";
import { fakeCamera, PHONE, serveReturnSite, auditAndSnap } from "./verify-helpers";
import { selfieOf } from "../tests/support/face-fixtures";
import { api, createSession } from "../tests/support/fixtures";

const baseUrl = () => process.env.E2E_BASE_URL!;
const FIXTURES = path.resolve(import.meta.dirname, "../tests/fixtures");

// Chromium's fake camera plays one Y4M file in a loop (from its start each time a page opens the
// camera, at a pace of its own): the document, then the face. The test photographs each when the
// preview shows it, and checks the photo taken (a frame can change between the look and the click).
const DOCUMENT_SECONDS = 10;
const FACE_SECONDS = 30;
const cameraDir = mkdtempSync(path.join(os.tmpdir(), "fake-camera-"));
const video = path.join(cameraDir, "document-then-face.y4m");
const selfie = path.join(cameraDir, "selfie.jpg");
writeFileSync(selfie, await selfieOf("adult-20-29"));
const made = spawnSync("ffmpeg", [
  "-v",
  "error",
  "-y",
  ...["-loop", "1", "-t", String(DOCUMENT_SECONDS), "-i", path.join(FIXTURES, "documents/passport-adult-20-29.jpg")],
  ...["-loop", "1", "-t", String(FACE_SECONDS), "-i", selfie],
  "-filter_complex",
  // Both parts at the camera's 4:3; the face square fills the height, as in front of a phone.
  "[0:v]scale=1280:960,setsar=1,fps=2[d];[1:v]scale=960:960,pad=1280:960:160:0:gray,setsar=1,fps=2[f];[d][f]concat=n=2:v=1[v]",
  "-map",
  "[v]",
  "-pix_fmt",
  "yuv420p",
  video,
]);
if (made.status !== 0) throw new Error(`ffmpeg could not make the fake camera video: ${made.stderr}`);

test.use({ viewport: PHONE, ...fakeCamera(video) });

/**
 * What a camera frame shows, told by a pixel at its left edge: the face part of the video is padded
 * with neutral grey, the document lies on a brown table. `of`: the preview, or the photo taken.
 */
async function shows(page: Page, of: "Camera preview" | "Your document photo" | "Your selfie") {
  const target = of === "Camera preview" ? page.getByLabel(of) : page.getByRole("img", { name: of, exact: true });
  const [r, g, b] = await target.evaluate((element: HTMLVideoElement | HTMLImageElement) => {
    const width = element instanceof HTMLVideoElement ? element.videoWidth : element.naturalWidth;
    const height = element instanceof HTMLVideoElement ? element.videoHeight : element.naturalHeight;
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d")!;
    context.drawImage(element, 0, 0);
    return [...context.getImageData(Math.round(width * 0.03), height >> 1, 1, 1).data];
  });
  return Math.abs(r! - b!) < 8 && Math.abs(r! - g!) < 8 ? "face" : "document";
}

/** Takes the photo once the preview shows `wanted`, again until the photo taken shows it. */
async function photographWhenShown(
  page: Page,
  wanted: "face" | "document",
  photo: "Your document photo" | "Your selfie",
) {
  await expect(async () => {
    if ((await page.getByRole("img", { name: photo, exact: true }).count()) > 0) {
      await page.getByRole("button", { name: "Retake", exact: true }).click();
      await page
        .getByRole("button", {
          name: wanted === "face" ? "Take a selfie with your camera" : "Photograph your document",
        })
        .click();
    }
    await expect.poll(() => shows(page, "Camera preview"), { timeout: 30_000 }).toBe(wanted);
    await page.getByRole("button", { name: "Take photo" }).click();
    await expect(page.getByRole("img", { name: photo, exact: true })).toBeVisible({ timeout: 15_000 });
    expect(await shows(page, photo)).toBe(wanted);
  }).toPass({ timeout: 120_000 });
}

/** Every file under dir modified at or after `since` (ms). */
function filesWrittenSince(dir: string, since: number): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile() && statSync(file).mtimeMs >= since);
}

/** The session's row and every event of its organisation. */
async function stored(sessionId: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL_E2E });
  await client.connect();
  try {
    const session = await client.query(`select * from "VerificationSession" where id = $1`, [sessionId]);
    expect(session.rows).toHaveLength(1);
    const events = await client.query(`select * from "Event" where "orgId" = $1`, [session.rows[0].orgId]);
    return { session: session.rows[0] as Record<string, unknown>, events: events.rows };
  } finally {
    await client.end();
  }
}

test("a photographed passport, then a selfie of the same face: read and matched on this server, passed, nothing kept", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const started = Date.now();
  // The organisation's own account, so its dashboard can show the session afterwards.
  await page.setViewportSize(DESKTOP);
  await signUp(page, newAccount());
  const keys = { liveKey: await createKey(page, "Document check", "live") };
  await page.setViewportSize(PHONE);
  await serveReturnSite(page);
  const session = await createSession(baseUrl(), keys.liveKey, {
    required_age: 18,
    methods: ["id_document"],
    return_url: "https://shop.example/document",
  });
  await page.goto(session.url);
  await expect(page.getByRole("note", { name: "Test mode" })).toHaveCount(0);
  await page.getByRole("button", { name: "Start with your ID document" }).click();
  await expect(page.getByTestId("document-step")).toBeVisible();
  await auditAndSnap(page, "live-document-builtin-choose");

  // 1. The document, in the card-shaped guide.
  await page.getByRole("button", { name: "Photograph your document" }).click();
  await expect
    .poll(() => page.getByLabel("Camera preview").evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);
  await expect(page.getByTestId("document-guide")).toBeVisible();
  await expect(page.getByTestId("document-hint")).toContainText("lines at the bottom (or the barcode) sharp");
  await auditAndSnap(page, "live-document-builtin-camera");
  await photographWhenShown(page, "document", "Your document photo");
  await auditAndSnap(page, "live-document-builtin-review");
  await page.getByRole("button", { name: "Use this photo, then take a selfie" }).click();

  // 2. The selfie, with the face check's oval guide and live checks; the document photo stays in
  // the page until both are sent together.
  await expect(page.getByTestId("document-kept")).toBeVisible();
  await expect(page.getByTestId("selfie-step")).toBeVisible();
  await page.getByRole("button", { name: "Take a selfie with your camera" }).click();
  await expect(page.getByTestId("face-guide")).toBeVisible();
  // The live checks pass on the face (and on the document's printed portrait: the photo taken is
  // checked to be the face's).
  await expect(page.getByRole("list", { name: "Photo checks" }).getByRole("listitem")).toHaveText(
    ["Face: Face found", "Distance: Good distance", "Light: Good light", "Focus: Sharp"],
    { timeout: 60_000 },
  );
  await auditAndSnap(page, "live-document-builtin-selfie");
  const before = await api(baseUrl(), keys.liveKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(before.body).toMatchObject({ status: "in_progress", attempts: 0 });
  await photographWhenShown(page, "face", "Your selfie");
  await page.getByRole("button", { name: "Use this photo" }).click();
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeVisible({ timeout: 120_000 });
  await page.waitForURL(`https://shop.example/document?session_id=${session.id}`, { timeout: 30_000 });

  const done = await api(baseUrl(), keys.liveKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(done.body).toMatchObject({
    status: "passed",
    mode: "live",
    attempts: 1,
    outcome: { method: "id_document", result: "pass", confidence: "medium" },
  });

  // Nothing read from the document (name, number, dates) and nothing of either image, in the API's
  // answer, the database or the app's file storage.
  // Of the document, only its type and issuing country are kept, with the outcome.
  const rows = await stored(session.id);
  expect(rows.session).toMatchObject({ outcomeDocumentType: "passport", outcomeDocumentCountry: "NLD" });
  const text = JSON.stringify(done.body) + JSON.stringify(rows);
  for (const read of ["MEULEN", "JOHANNA", "XR4821937", "900417", "1990-04-17", "340802", "2034-08-02"])
    expect(text).not.toContain(read);
  expect(text).not.toMatch(/\/9j\/|iVBOR|data:image/); // JPEG and PNG in base64
  const storageDir = path.resolve(import.meta.dirname, "../.data/test-storage", new URL(baseUrl()).port);
  expect(filesWrittenSince(storageDir, started)).toEqual([]);

  // The dashboard's session detail names the document (the API's answer has no place for it).
  await page.goto(`${baseUrl()}/dashboard/sessions/${session.id}`);
  const outcome = page.getByRole("region", { name: "Outcome" });
  await expect(outcome.getByText("Passport, issued by NLD")).toBeVisible();
  await shoot(page, "session-detail-id-document");
});
