// The live hosted flow under its real Content-Security-Policy, where the page uses the camera
// (Permissions-Policy allows it on the hosted flow only), shows the photo from a blob: URL and
// posts it to the built-in estimator: no violation, no console error. Chromium's fake camera shows
// its test pattern; a photo with no face is a retake; then a real photograph passes.
// (A file of its own: the fake camera is a browser launch option.)
import path from "node:path";
import { expect, test } from "@playwright/test";
import { derivedFace } from "../tests/support/face-fixtures";
import { baseUrl, watchConsole } from "./dashboard-support";
import { watchCsp } from "./support/csp";
import { fakeCamera, serveReturnSite } from "./verify-helpers";
import { createSession, newOrg } from "../tests/support/fixtures";

test.use(fakeCamera());

test("the live hosted flow runs under the CSP: camera preview, photo review, retake message and result", async ({
  page,
}) => {
  const problems = watchConsole(page);
  const violations = await watchCsp(page);
  await serveReturnSite(page);
  const keys = await newOrg("e2e-camera", { live: true });
  const session = await createSession(baseUrl(), keys.liveKey, {
    required_age: 18,
    methods: ["face_estimation"],
    return_url: "https://shop.example/done",
  });

  const response = await page.goto(session.url);
  expect(response!.headers()["permissions-policy"]).toContain("camera=(self)");
  await page.getByRole("button", { name: "Start with face age estimation" }).click();
  await page.getByRole("button", { name: "Take a selfie with your camera" }).click();
  await expect
    .poll(() => page.getByLabel("Camera preview").evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);
  await page.getByRole("button", { name: "Take photo" }).click();
  await expect(page.locator('img[src^="blob:"]')).toBeVisible();
  expect(await page.locator('img[src^="blob:"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
    0,
  );
  expect(await violations(), "camera and review").toEqual([]);

  // The fake camera's pattern has no face: a retake, shown as the server's message.
  const noFace = Buffer.from(await derivedFace.noFace());
  await page.getByRole("button", { name: "Retake" }).click();
  await page.getByTestId("photo-upload").setInputFiles({ name: "sky.jpg", mimeType: "image/jpeg", buffer: noFace });
  await page.getByRole("button", { name: "Use this photo" }).click();
  await expect(page.getByRole("region", { name: "Face age estimation" }).getByRole("alert")).toContainText(
    "couldn't find a face",
  );
  expect(await violations(), "retake").toEqual([]);

  // The refused photo was cleared: the next one goes straight in.
  await page
    .getByTestId("photo-upload")
    .setInputFiles(path.resolve(import.meta.dirname, "../tests/fixtures/faces/adult-70-plus.jpg"));
  await page.getByRole("button", { name: "Use this photo" }).click();
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeVisible({ timeout: 30_000 });
  expect(await violations(), "result").toEqual([]);
  await page.waitForURL(/^https:\/\/shop\.example\/done/);
  // Chromium logs the retake's 422 itself; nothing else may be logged (the return site is the test's).
  expect(problems.filter((p) => !p.includes("shop.example"))).toEqual([
    expect.stringMatching(
      /^console: Failed to load resource: the server responded with a status of 422 .*\/evidence\)$/,
    ),
  ]);
});
