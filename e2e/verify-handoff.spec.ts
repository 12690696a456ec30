// A flow that never strands a user (issue #27): the page names the organisation that asked, every
// step has a way back to it, a pass's return can be stopped, and a computer without a camera can
// hand the check to a phone by a QR code (two browser contexts: the computer and the phone).
import path from "node:path";
import { expect, test } from "@playwright/test";
import { auditAndSnap, serveReturnSite } from "./verify-helpers";
import { DESKTOP, PHONE } from "./support/screenshots";
import { api, createSession, newOrg, setDisplayName } from "../tests/support/fixtures";

const baseUrl = () => process.env.E2E_BASE_URL!;
const FACES = path.resolve(import.meta.dirname, "../tests/fixtures/faces");

let keys: Awaited<ReturnType<typeof newOrg>>;
test.beforeAll(async () => {
  keys = await newOrg("e2e-handoff");
  await setDisplayName(keys.orgId, "Acme Wines");
});

test("names the organisation, leads back to it from every step, and a pass's return can be stopped", async ({
  page,
}) => {
  await page.clock.install();
  await serveReturnSite(page);
  const session = await createSession(baseUrl(), keys.testKey, {
    required_age: 18,
    methods: ["face_estimation"],
    return_url: "https://shop.example/age",
  });
  await page.goto(session.url);
  await expect(page.getByText("Acme Wines asks you to confirm your age.")).toBeVisible();
  const back = `https://shop.example/age?session_id=${session.id}`;
  await expect(page.getByTestId("leave-link")).toHaveAttribute("href", back);
  await page.getByRole("button", { name: "Start with face age estimation" }).click();
  await expect(page.getByTestId("requester")).toHaveText("Acme Wines");
  await auditAndSnap(page, "method-named-org");

  // The way back mid-flow: the session stays open (until it expires), the page can be reopened.
  await page.getByTestId("leave-link").click();
  await page.waitForURL(back);
  expect((await api(baseUrl(), keys.testKey, "GET", `/v1/verification-sessions/${session.id}`)).body.status).toBe(
    "in_progress",
  );
  await page.goBack();
  await page.getByRole("button", { name: /Simulate pass/ }).click();
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeVisible();
  await expect(page.getByText(/^Returning you to Acme Wines in \d+ seconds?…$/)).toBeVisible();
  await auditAndSnap(page, "result-passed-named-org");
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await page.clock.fastForward(30_000);
  await expect(page.getByText("Automatic return stopped.")).toBeVisible();
  expect(page.url()).toMatch(/\/verify\/session\/vs_/);
  await page.getByTestId("return-link").click();
  await page.waitForURL(back);
});

test("a computer without a camera leads with a QR code; the link works once, and the computer shows the phone's outcome", async ({
  page,
  browser,
}) => {
  // The computer: no camera API at all.
  await page.setViewportSize(DESKTOP);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "mediaDevices", { value: undefined });
  });
  await serveReturnSite(page);
  const session = await createSession(baseUrl(), keys.liveKey, {
    required_age: 18,
    methods: ["face_estimation"],
    return_url: "https://shop.example/phone",
  });
  await page.goto(session.url);
  await page.getByRole("button", { name: "Start with face age estimation" }).click();
  const handoff = page.getByTestId("phone-handoff");
  // No camera: the code leads, made at once.
  await expect(handoff.getByRole("heading", { name: "Continue on your phone" })).toBeVisible();
  await expect(handoff.getByRole("img", { name: "QR code of the link to continue on your phone" })).toBeVisible();
  const link = (await handoff.getByTestId("handoff-link").textContent())!;
  expect(link).toMatch(/\/verify\/handoff\/[A-Za-z0-9_-]{16}$/);
  await auditAndSnap(page, "handoff-qr");

  // The phone opens the link: the check moves there, and the computer says so.
  const phone = await browser.newContext({ viewport: PHONE });
  const phonePage = await phone.newPage();
  await serveReturnSite(phonePage);
  await phonePage.goto(link);
  await expect(phonePage.getByRole("heading", { level: 2, name: "Face age estimation" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "You continued on another device" })).toBeVisible({ timeout: 15_000 });
  // The phone that scanned a code is never offered one.
  await expect(phonePage.getByTestId("phone-handoff")).toHaveCount(0);
  await expect(page.getByTestId("return-link")).toHaveAttribute(
    "href",
    `https://shop.example/phone?session_id=${session.id}`,
  );
  // The page polls for the phone's outcome; through two refreshes the tab never loses its title.
  const titles = await page.evaluate(async () => {
    const seen = new Set<string>();
    for (const start = Date.now(); Date.now() - start < 4500;) {
      seen.add(document.title);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return [...seen];
  });
  expect(titles).toEqual(["Acme Wines · Age check"]);
  await auditAndSnap(page, "handoff-moved");

  // Single use: a second phone gets the link's own page, and nothing of the session.
  const other = await browser.newContext({ viewport: PHONE });
  const otherPage = await other.newPage();
  await otherPage.goto(link);
  await expect(otherPage.getByRole("heading", { name: "This phone link has expired or was used" })).toBeVisible();
  await auditAndSnap(otherPage, "handoff-used");
  await other.close();

  // The phone finishes the check.
  await phonePage.getByTestId("photo-upload").setInputFiles(path.join(FACES, "adult-70-plus.jpg"));
  await phonePage.getByRole("button", { name: "Use this photo" }).click();
  await expect(phonePage.getByRole("heading", { name: "Age confirmed" })).toBeVisible({ timeout: 30_000 });
  // The phone ends there; the computer shows the outcome within 3 s and leads back to the merchant.
  await expect(phonePage.getByTestId("back-to-first-device")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeVisible({ timeout: 3_000 });
  await page.getByTestId("return-link").click();
  await page.waitForURL(`https://shop.example/phone?session_id=${session.id}`);
  const done = await api(baseUrl(), keys.liveKey, "GET", `/v1/verification-sessions/${session.id}`);
  expect(done.body).toMatchObject({
    status: "passed",
    attempts: 1,
    outcome: { method: "face_estimation", result: "pass" },
  });
  // Only the outcome reaches the integrator: nothing of the photo or its estimate.
  expect(JSON.stringify(done.body)).not.toMatch(/estimate|"age"|image/);
  await phone.close();
});
