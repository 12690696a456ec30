// Live mode on the embedded defaults (no provider URLs): face age estimation is built in. Chromium's
// fake camera is fed a real photograph (tests/fixtures/faces, FairFace, CC BY 4.0) and the
// server's models decide: a face clearly over the challenge age passes; a photo that cannot be
// judged is a retake that counts nothing; a face inside the buffer is inconclusive, which gets
// another try while the method has provider calls left (then the next method, where one is
// available; on the defaults none is).
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { derivedFace } from "../tests/support/face-fixtures";
import { fakeCamera, PHONE, serveReturnSite, auditAndSnap } from "./verify-helpers";
import { api, createSession, newOrg } from "../tests/support/fixtures";

const baseUrl = () => process.env.E2E_BASE_URL!;
const FACES = path.resolve(import.meta.dirname, "../tests/fixtures/faces");

// The fake camera plays a Y4M video: one second of the photograph, made when this file loads
// (before the browser starts) into a temporary folder.
const video = path.join(mkdtempSync(path.join(os.tmpdir(), "fake-camera-")), "adult.y4m");
const made = spawnSync("ffmpeg", [
  "-v",
  "error",
  "-y",
  "-loop",
  "1",
  "-i",
  path.join(FACES, "adult-70-plus.jpg"),
  "-t",
  "1",
  "-r",
  "10",
  "-pix_fmt",
  "yuv420p",
  video,
]);
if (made.status !== 0) throw new Error(`ffmpeg could not make the fake camera video: ${made.stderr}`);

test.use({ viewport: PHONE, ...fakeCamera(video) });

let keys: Awaited<ReturnType<typeof newOrg>>;
test.beforeAll(async () => {
  keys = await newOrg("e2e-verify");
});

test("a camera selfie of a face clearly over the challenge age passes, decided on this server", async ({ page }) => {
  await serveReturnSite(page);
  const session = await createSession(baseUrl(), keys.liveKey, {
    required_age: 18,
    methods: ["face_estimation", "id_document"],
    return_url: "https://shop.example/face",
  });
  await page.goto(session.url);
  await expect(page.getByRole("note", { name: "Test mode" })).toHaveCount(0);
  await page.getByRole("button", { name: "Start with face age estimation" }).click();
  await page.getByRole("button", { name: "Take a selfie with your camera" }).click();
  await expect
    .poll(() => page.getByLabel("Camera preview").evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);
  await expect(page.getByText("Your photo is checked on our own server, in memory only")).toBeVisible();
  // Before capture: the oval guide, and live feedback from the server's live check (face, distance)
  // and the page's own measures (light, focus), until every check passes and the button says so.
  await expect(page.getByTestId("face-guide")).toBeVisible();
  const checks = page.getByRole("list", { name: "Photo checks" });
  await expect(checks.getByRole("listitem")).toHaveText(
    ["Face: Face found", "Distance: Good distance", "Light: Good light", "Focus: Sharp"],
    { timeout: 30_000 },
  );
  await expect(page.getByTestId("face-guide")).toContainText("Ready: take your photo.");
  // Screen readers hear it once it holds (a polite live region, not every tick).
  await expect(page.getByRole("status").filter({ hasText: "Ready: take your photo." })).toHaveCount(1, {
    timeout: 10_000,
  });
  await expect(page.getByRole("button", { name: "Take photo" })).toHaveAttribute("data-ready", "true");
  await auditAndSnap(page, "live-face-builtin-camera");
  const after = await api(baseUrl(), keys.liveKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(after.body).toMatchObject({ status: "in_progress", attempts: 0 });
  await page.getByRole("button", { name: "Take photo" }).click();
  await page.getByRole("button", { name: "Use this photo" }).click();
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeVisible({ timeout: 30_000 });
  await page.waitForURL(`https://shop.example/face?session_id=${session.id}`, { timeout: 30_000 });
  const done = await api(baseUrl(), keys.liveKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(done.body).toMatchObject({
    status: "passed",
    mode: "live",
    attempts: 1,
    outcome: { method: "face_estimation", result: "pass" },
  });
  // Only the outcome reaches the integrator: no estimate anywhere in the session.
  expect(JSON.stringify(done.body)).not.toMatch(/estimate|"age"/);
});

test("a refused photo is cleared with its reason beside the next action; an inconclusive face gets another try, and the second try passes", async ({
  page,
}) => {
  await serveReturnSite(page);
  const session = await createSession(baseUrl(), keys.liveKey, {
    required_age: 18,
    methods: ["face_estimation", "id_document"],
    return_url: "https://shop.example/face",
  });
  await page.goto(session.url);
  await page.getByRole("button", { name: "Start with face age estimation" }).click();
  const step = page.getByRole("region", { name: "Face age estimation" });

  // Drawn with sharp (a dependency): CI machines have no ImageMagick.
  const noFace = Buffer.from(await derivedFace.noFace());
  await page.getByTestId("photo-upload").setInputFiles({ name: "sky.jpg", mimeType: "image/jpeg", buffer: noFace });
  await page.getByRole("button", { name: "Use this photo" }).click();
  // The photo is gone; its reason is announced right above the action that replaces it.
  await expect(step.getByRole("alert")).toHaveText(
    "We couldn't find a face. Face the camera with your whole face in the picture.",
  );
  await expect(page.getByRole("img", { name: "Your selfie" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Choose another photo" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Take another photo" })).toBeVisible();
  await auditAndSnap(page, "live-face-builtin-retake");
  expect((await api(baseUrl(), keys.liveKey, "GET", `/v1/verification-sessions/${session.id}`)).body).toMatchObject({
    status: "in_progress",
    attempts: 0,
  });

  // A teenager's face falls inside the buffer: inconclusive, so another try, with the true reason
  // and the tries left, and the next method beside "Try again".
  await page.getByTestId("photo-upload").setInputFiles(path.join(FACES, "teen-10-19.jpg"));
  await page.getByRole("button", { name: "Use this photo" }).click();
  await expect(step.getByRole("alert")).toContainText(
    "No clear result. The face check only confirms people who look well over 18",
    { timeout: 30_000 },
  );
  await expect(step.getByRole("alert")).toContainText("2 tries left.");
  await expect(page.getByRole("button", { name: "Try again with another photo" })).toBeFocused();
  await expect(step.getByRole("button", { name: "Use my ID instead" }).first()).toBeVisible();
  await auditAndSnap(page, "live-face-builtin-try-again");
  expect((await api(baseUrl(), keys.liveKey, "GET", `/v1/verification-sessions/${session.id}`)).body).toMatchObject({
    status: "in_progress",
    attempts: 1,
  });

  // The second try passes.
  await page.getByTestId("photo-upload").setInputFiles(path.join(FACES, "adult-70-plus.jpg"));
  await page.getByRole("button", { name: "Use this photo" }).click();
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeVisible({ timeout: 30_000 });
  await page.waitForURL(`https://shop.example/face?session_id=${session.id}`, { timeout: 30_000 });
  const done = await api(baseUrl(), keys.liveKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(done.body).toMatchObject({
    status: "passed",
    attempts: 2,
    outcome: { method: "face_estimation", result: "pass" },
  });
});
