// A hosted flow that finishes (issue 50), walked in one run against the built app, in live mode on
// the embedded defaults (the built-in face and document checks; real inference):
// - a branded organisation (logo, colour and name set in Settings) leads every page;
// - a 22-year-old picks "ID" first and passes;
// - a user starts on the face, is told the truth on the first try, switches to ID and passes;
// - document and selfie problems sit with their own photo, and their main button retakes it;
// - a desktop without a camera hands off by QR and returns to the merchant from the desktop;
// - the "link already used" and expired pages name the merchant and lead back to it.
// axe-core runs on every state at 390 and 1280 px (auditAndSnap), which also takes the screenshots.
// The passport is a made-up specimen (tests/fixtures/documents/SOURCES.md) born 2004-06-15, its
// portrait and the selfie FairFace's adult-20-29 (CC BY 4.0, tests/fixtures/faces/SOURCES.md).
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { createKey, newAccount, shoot, signUp } from "./dashboard-support";
import { DESKTOP, PHONE } from "./support/screenshots";
import { auditAndSnap, chooseMethod, fakeCamera, serveReturnSite } from "./verify-helpers";
import { derivedFace, selfieOf } from "../tests/support/face-fixtures";
import { api, createSession } from "../tests/support/fixtures";

const baseUrl = () => process.env.E2E_BASE_URL!;
const FIXTURES = path.resolve(import.meta.dirname, "../tests/fixtures");
const PASSPORT = path.join(FIXTURES, "documents/passport-born-2004.jpg");
const FACES = path.join(FIXTURES, "faces");
const MERCHANT = "Acme Wines";
const ACCENT = { hex: "#1d4ed8", rgb: "rgb(29, 78, 216)" };

const files = mkdtempSync(path.join(os.tmpdir(), "walk-"));
const SELFIE = path.join(files, "selfie.jpg");
writeFileSync(SELFIE, await selfieOf("adult-20-29"));
const LOGO = path.join(files, "logo.svg");
writeFileSync(
  LOGO,
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" rx="8" fill="#7c2d12"/><text x="12" y="27" font-size="18" fill="#fff">ACME</text></svg>',
);

// The camera is Chromium's fake one (its test pattern): the tests upload their photos, and the
// camera shows which capture a button opened (the document's guide, or the selfie's oval).
test.use({ viewport: PHONE, ...fakeCamera() });
test.describe.configure({ mode: "serial" });

let keys: { live: string; test: string };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  // The organisation brands its page in Settings: name, logo, and an accent colour kept to WCAG AA.
  const page = await browser.newPage({ viewport: DESKTOP });
  await signUp(page, newAccount());
  await page.goto(`${baseUrl()}/dashboard/settings`);
  await page.getByLabel("Display name").fill(MERCHANT);
  await page.getByLabel("Display name").press("Enter");
  await expect(page.getByText(`now says “${MERCHANT} asks you to confirm your age.”`)).toBeVisible();
  const brand = page.locator("form").filter({ has: page.getByLabel("Accent colour") });
  await brand.getByLabel("Logo").setInputFiles(LOGO);
  await brand.getByLabel("Accent colour").fill("#ffd700");
  await brand.getByRole("button", { name: "Update brand" }).click();
  await expect(brand.getByText(/contrast of 1\.\d+:1 with white text; it needs at least 4\.5:1/)).toBeVisible();
  await expect(brand.getByLabel("Accent colour")).toBeFocused();
  await brand.getByLabel("Logo").setInputFiles(LOGO);
  await brand.getByLabel("Accent colour").fill(ACCENT.hex);
  await brand.getByRole("button", { name: "Update brand" }).click();
  await expect(brand.getByText(`now uses the colour ${ACCENT.hex} and your new logo`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("img", { name: "Your current logo" })).toHaveAttribute("src", /^data:image\/png;base64,/);
  await shoot(page, "settings-branding");
  const live = await createKey(page, "Walk live", "live");
  await page.getByRole("button", { name: "Done" }).click();
  keys = { live, test: await createKey(page, "Walk test", "test") };
  await page.close();
});

/** The merchant leads the page: tab title, name and logo in the header, its colour on the main button; us in the footer. */
async function expectBranded(page: Page) {
  await expect(page).toHaveTitle(`${MERCHANT} · Age check`);
  const header = page.getByTestId("brand");
  await expect(header).toContainText(MERCHANT);
  await expect(header.locator("img")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(page.getByTestId("secured-by")).toHaveText("Secured by Voiceage");
  await expect(page.locator("header")).not.toContainText("Voiceage");
  // The main action (where the page has one) takes the merchant's colour.
  const coloured = await page
    .locator("main a, main button")
    .evaluateAll((elements) => elements.map((element) => getComputedStyle(element).backgroundColor));
  if (await page.locator("main").getByTestId("back-to-first-device").count()) return;
  expect(coloured).toContain(ACCENT.rgb);
}

const status = async (id: string) => (await api(baseUrl(), keys.live, "GET", `/v1/verification-sessions/${id}`)).body;

/** The document, then the selfie, by upload; waits for the outcome page. */
async function passWithId(page: Page) {
  await page.getByTestId("photo-upload").setInputFiles(PASSPORT);
  await page.getByRole("button", { name: "Use this photo, then take a selfie" }).click();
  await expect(page.getByTestId("selfie-step")).toBeVisible();
  await page.getByTestId("photo-upload").setInputFiles(SELFIE);
  await page.getByRole("button", { name: "Use this photo", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeVisible({ timeout: 120_000 });
}

/** A live session of the branded organisation offering the face check, then ID; its link opened. */
async function openWalkSession(page: Page) {
  await serveReturnSite(page);
  const session = await createSession(baseUrl(), keys.live, {
    required_age: 18,
    methods: ["face_estimation", "id_document"],
    return_url: "https://shop.example/walk",
  });
  await page.goto(session.url);
  return session;
}

/** The session passed by its ID document, after `attempts` verdicts. */
async function expectPassedById(sessionId: string, attempts: number) {
  expect(await status(sessionId)).toMatchObject({
    status: "passed",
    attempts,
    outcome: { method: "id_document", result: "pass" },
  });
}

test("a 22-year-old picks ID first and passes; each photo's problem sits with that photo", async ({ page }) => {
  test.setTimeout(300_000);
  const session = await openWalkSession(page);
  // The choice comes first, in the session's order, one plain line each; the face check's limit is said before trying.
  const choices = page.getByTestId("method-choices").getByRole("listitem");
  await expect(choices).toHaveCount(2);
  await expect(choices.nth(0)).toContainText("Face age estimationSuggested");
  await expect(choices.nth(0)).toContainText("Needs a selfie. About a minute. Kept: nothing");
  await expect(choices.nth(0)).toContainText(
    "The face check only confirms people who look well over 18. If you are under 25, your ID will be quicker.",
  );
  // The built-in reader passes a passport's photo page only (docs/id-document.md), and says so.
  await expect(choices.nth(1)).toContainText("Needs your passport and a selfie.");
  await expectBranded(page);
  await auditAndSnap(page, "walk-choose");
  expect((await status(session.id)).status).toBe("created");

  await chooseMethod(page, "id_document");
  await expect(page.getByRole("heading", { level: 2, name: "ID document" })).toBeFocused();
  await expect(page.getByTestId("document-step")).toBeVisible();
  await expect(page.getByTestId("other-methods").getByRole("button")).toHaveText(["Use the face check instead"]);
  await expectBranded(page);
  await auditAndSnap(page, "walk-id-document");

  // A document the server refuses: its message sits with the document, and the main button
  // (focused) retakes the document, not the selfie.
  await page.getByTestId("photo-upload").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a photo"),
  });
  await page.getByRole("button", { name: "Use this photo, then take a selfie" }).click();
  await page.getByTestId("photo-upload").setInputFiles(SELFIE);
  await page.getByRole("button", { name: "Use this photo", exact: true }).click();
  await expect(page.getByTestId("document-step")).toBeVisible();
  await expect(page.getByTestId("selfie-step")).toHaveCount(0);
  await expect(page.getByTestId("photo-error")).toHaveText("Please use a JPEG, PNG or WebP photo.");
  const retakeDocument = page.getByRole("button", { name: "Photograph your document again" });
  await expect(retakeDocument).toBeFocused();
  await auditAndSnap(page, "walk-document-refused");
  await retakeDocument.click();
  await expect(page.getByTestId("document-guide")).toBeVisible();
  await expect(page.getByTestId("face-guide")).toHaveCount(0);
  await page.getByRole("button", { name: "Cancel" }).click();

  // A selfie the server refuses: its message sits with the selfie, the document photo stays, and
  // the main button picks another selfie.
  await page.getByTestId("photo-upload").setInputFiles(PASSPORT);
  await page.getByRole("button", { name: "Use this photo, then take a selfie" }).click();
  await page
    .getByTestId("photo-upload")
    .setInputFiles({ name: "sky.jpg", mimeType: "image/jpeg", buffer: Buffer.from(await derivedFace.noFace()) });
  await page.getByRole("button", { name: "Use this photo", exact: true }).click();
  await expect(page.getByTestId("photo-error")).toContainText("face", { timeout: 120_000 });
  await expect(page.getByTestId("selfie-step")).toBeVisible();
  await expect(page.getByTestId("document-kept")).toBeVisible();
  const anotherSelfie = page.getByRole("button", { name: "Choose another photo" });
  await expect(anotherSelfie).toBeFocused();
  await auditAndSnap(page, "walk-selfie-refused");
  const chooser = page.waitForEvent("filechooser");
  await anotherSelfie.click();
  await (await chooser).setFiles(SELFIE);
  await page.getByRole("button", { name: "Use this photo", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeVisible({ timeout: 120_000 });
  await expectBranded(page);
  await auditAndSnap(page, "walk-id-passed");
  await page.waitForURL(`https://shop.example/walk?session_id=${session.id}`, { timeout: 30_000 });
  await expectPassedById(session.id, 1);
});

test("a user who starts on the face is told the truth on the first try, switches to ID and passes", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const session = await openWalkSession(page);
  await chooseMethod(page, "face_estimation");
  const step = page.getByRole("region", { name: "Face age estimation" });
  await expect(step.getByTestId("face-limit")).toHaveText(
    "The face check only confirms people who look well over 18. If you are under 25, your ID will be quicker.",
  );
  await expectBranded(page);
  await auditAndSnap(page, "walk-face");

  // A young-looking face: no clear result, with the true reason and the tries left, from the
  // first try; "Try again" and the next method side by side.
  await page.getByTestId("photo-upload").setInputFiles(path.join(FACES, "teen-10-19.jpg"));
  await page.getByRole("button", { name: "Use this photo", exact: true }).click();
  const told = step.getByRole("alert");
  await expect(told).toContainText("No clear result. The face check only confirms people who look well over 18", {
    timeout: 60_000,
  });
  await expect(told).toContainText("2 tries left.");
  await expect(told).not.toContainText(/light|straight on|glasses/);
  const again = step.getByRole("button", { name: "Try again with another photo" });
  await expect(again).toBeFocused();
  const useId = step.getByRole("button", { name: "Use my ID instead" }).first();
  await expect(useId).toBeVisible();
  // Side by side: the same row as "Try again".
  const [againBox, useIdBox] = [await again.boundingBox(), await useId.boundingBox()];
  expect(Math.abs(againBox!.y - useIdBox!.y) < 8 || Math.abs(againBox!.x - useIdBox!.x) < 8).toBe(true);
  await auditAndSnap(page, "walk-face-no-clear-result");
  expect(await status(session.id)).toMatchObject({ status: "in_progress", attempts: 1 });

  // The switch spends no attempt and opens the document step.
  await useId.click();
  await expect(page.getByRole("heading", { level: 2, name: "ID document" })).toBeFocused();
  await expect(page.getByTestId("document-step")).toBeVisible();
  expect(await status(session.id)).toMatchObject({ status: "in_progress", attempts: 1 });
  await auditAndSnap(page, "walk-switched-to-id");
  await passWithId(page);
  await expectPassedById(session.id, 2);
});

test("a desktop without a camera hands off by QR; the phone ends there, and the desktop returns to the merchant", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await page.addInitScript(() => Object.defineProperty(navigator, "mediaDevices", { value: undefined }));
  await serveReturnSite(page);
  const session = await createSession(baseUrl(), keys.live, {
    required_age: 18,
    methods: ["face_estimation", "id_document"],
    return_url: "https://shop.example/desk",
  });
  await page.goto(session.url);
  await chooseMethod(page);

  // No camera here: the QR code and the short link lead, made without asking.
  const handoff = page.getByTestId("phone-handoff");
  await expect(handoff.getByRole("heading", { name: "Continue on your phone" })).toBeVisible();
  await expect(handoff.getByRole("img", { name: "QR code of the link to continue on your phone" })).toBeVisible();
  const first = (await handoff.getByTestId("handoff-link").textContent())!;
  expect(first).toMatch(/\/verify\/handoff\/[A-Za-z0-9_-]{16}$/);
  const handoffBox = await handoff.boundingBox();
  const uploadBox = await page.getByRole("button", { name: /^Upload a photo/ }).boundingBox();
  expect(handoffBox!.y).toBeLessThan(uploadBox!.y);
  await expectBranded(page);
  await auditAndSnap(page, "walk-handoff-qr");

  // "Send me the link": a new link by mail, which replaces the code on screen.
  await handoff.getByLabel("Or send me the link by email").fill("me@example.com");
  await handoff.getByRole("button", { name: "Send me the link" }).click();
  await expect(handoff.getByText(/^Sent\. Open the mail on your phone/)).toBeVisible();
  await expect(handoff.getByTestId("handoff-link")).not.toHaveText(first);
  const link = (await handoff.getByTestId("handoff-link").textContent())!;
  await auditAndSnap(page, "walk-handoff-mailed");

  // The phone opens the link: it is never offered a code; the desktop says where the check went.
  const phone = await browser.newContext({ viewport: PHONE });
  const phonePage = await phone.newPage();
  await serveReturnSite(phonePage);
  await phonePage.goto(link);
  await expect(phonePage.getByRole("heading", { level: 2, name: "Face age estimation" })).toBeVisible();
  await expect(phonePage.getByTestId("photo-upload")).toBeAttached();
  await expect(phonePage.getByTestId("phone-handoff")).toHaveCount(0);
  await expect(phonePage.getByText(/Continue on your phone|Scan this code/)).toHaveCount(0);
  await expectBranded(phonePage);
  await auditAndSnap(phonePage, "walk-handoff-phone");
  await expect(page.getByRole("heading", { name: "You continued on another device" })).toBeVisible({
    timeout: 5_000,
  });
  await expect(page.getByTestId("return-link")).toHaveText(`Return to ${MERCHANT}`);
  await expectBranded(page);
  await auditAndSnap(page, "walk-handoff-moved");

  // The phone passes and ends on "go back to your device"; it does not leave for the merchant.
  await phonePage.getByTestId("photo-upload").setInputFiles(path.join(FACES, "adult-70-plus.jpg"));
  await phonePage.getByRole("button", { name: "Use this photo", exact: true }).click();
  await expect(phonePage.getByRole("heading", { name: "Age confirmed" })).toBeVisible({ timeout: 60_000 });
  // Within 3 s the desktop shows the outcome.
  await expect(page.getByRole("heading", { name: "Age confirmed" })).toBeVisible({ timeout: 3_000 });
  await expect(phonePage.getByTestId("back-to-first-device")).toContainText("Go back to the device where you started");
  await expect(phonePage.getByTestId("return-link")).toHaveCount(0);
  await auditAndSnap(phonePage, "walk-handoff-phone-done");
  expect(phonePage.url()).toMatch(/\/verify\/session\/vs_/);
  await phone.close();

  await expect(
    page.getByText("Your phone finished the check. You've shown that you're 18 or older.", { exact: true }),
  ).toBeVisible();
  await expectBranded(page);
  await auditAndSnap(page, "walk-handoff-desktop-done");
  await page.getByTestId("return-link").click();
  await page.waitForURL(`https://shop.example/desk?session_id=${session.id}`);
  expect(await status(session.id)).toMatchObject({ status: "passed", outcome: { method: "face_estimation" } });
});

test("the 'link already used' and expired pages name the merchant and lead back to it", async ({ page, browser }) => {
  const session = await createSession(baseUrl(), keys.live, {
    required_age: 18,
    return_url: "https://shop.example/used",
  });
  await page.goto(session.url);
  await expect(page.getByTestId("method-choices")).toBeVisible();
  const other = await browser.newContext({ viewport: PHONE });
  const stranger = await other.newPage();
  await stranger.goto(session.url);
  await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("This link was already used");
  await expect(stranger.getByTestId("return-link")).toHaveAttribute(
    "href",
    `https://shop.example/used?session_id=${session.id}`,
  );
  await expect(stranger.getByTestId("return-link")).toHaveText(`Return to ${MERCHANT}`);
  await expectBranded(stranger);
  await auditAndSnap(stranger, "walk-link-used");
  await other.close();

  const expiring = await createSession(baseUrl(), keys.test, {
    required_age: 18,
    return_url: "https://shop.example/expired",
  });
  await api(baseUrl(), keys.test, "POST", `/v1/test_helpers/verification-sessions/${expiring.id}/expire`);
  await page.goto(expiring.url);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This age check has expired");
  await expect(page.getByTestId("return-link")).toHaveAttribute(
    "href",
    `https://shop.example/expired?session_id=${expiring.id}`,
  );
  await expectBranded(page);
  await auditAndSnap(page, "walk-link-expired");
});

test("a phone is never offered a code to scan", async ({ browser }) => {
  const phone = await browser.newContext({
    viewport: PHONE,
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
    hasTouch: true,
    isMobile: true,
  });
  const page = await phone.newPage();
  const session = await openWalkSession(page);
  await chooseMethod(page, "face_estimation");
  await expect(page.getByRole("button", { name: "Take a selfie with your camera" })).toBeVisible();
  await expect(page.getByTestId("phone-handoff")).toHaveCount(0);
  await auditAndSnap(page, "walk-face-on-phone");
  expect((await status(session.id)).status).toBe("in_progress");
  await phone.close();
});
