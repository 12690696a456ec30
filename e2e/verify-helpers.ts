// Helpers for the hosted-flow browser tests: the integrator's return site, keyboard reach, and
// screenshots at phone and desktop sizes (organisations, keys, sessions and the /v1 API:
// tests/support/fixtures.ts).
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import config from "../playwright.config";
import { DESKTOP, PHONE, screenshotAtBothWidths } from "./support/screenshots";
import en from "../messages/en.json" with { type: "json" };
import type { VerificationMethod } from "../lib/verification/methods/types";

export { PHONE };

/**
 * Browser options for pages that use the camera: Chromium's fake camera, allowed without a prompt,
 * playing `video` (a Y4M file) when given, else Chromium's own moving test pattern.
 */
export function fakeCamera(video?: string) {
  return {
    launchOptions: {
      ...config.use?.launchOptions,
      args: [
        ...(config.use?.launchOptions?.args ?? []),
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        ...(video ? [`--use-file-for-fake-video-capture=${video}`] : []),
      ],
    },
    permissions: ["camera"],
  };
}

/** Serves every request to the integrator's (fictional) site, so the redirect back lands somewhere. */
export async function serveReturnSite(page: Page, origin = "https://shop.example") {
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>Shop</title><h1>Back at the shop</h1>",
    }),
  );
}

/** Presses Tab until the target has focus: proves it is reachable with the keyboard alone. */
export async function tabTo(page: Page, target: Locator, maxPresses = 40) {
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** Full-page screenshots of the current state at phone and desktop sizes, under .data/screenshots. */
const snap = (page: Page, name: string) => screenshotAtBothWidths(page, `.data/screenshots/verify-${name}`);

type ChoosableMethod = Exclude<VerificationMethod, "digital_id">;

/**
 * Before the first capture the user chooses the method (issue 50): clicks "Start with …" for
 * `method`, or the suggested one (the session's first that can run) when none is given. Waits
 * for the method's step, whose heading takes focus.
 */
export async function chooseMethod(page: Page, method?: ChoosableMethod) {
  const choices = page.getByTestId("method-choices");
  const button = method
    ? choices.getByRole("button", { name: `Start with ${en.method.phrase[method]}`, exact: true })
    : choices.getByRole("button", { name: /^Start with / }).first();
  await button.click();
  await expect(page.locator("h2#flow-focus")).toBeFocused();
}

/** Mid-flow, changes to `method` without spending an attempt ("Use my ID instead"). */
export async function switchMethod(page: Page, method: ChoosableMethod) {
  await page
    .getByTestId("other-methods")
    .getByRole("button", { name: en.method.useInstead[method], exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: en.method.label[method] })).toBeFocused();
}

/**
 * axe-core on the current state at phone and desktop widths (0 violations, WCAG 2.x A and AA),
 * then the screenshots of `snap`. Every hosted-flow state a test reaches goes through here.
 */
export async function auditAndSnap(page: Page, name: string) {
  const original = page.viewportSize();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const found = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(found, `axe on ${name} at ${size.width} px`).toEqual([]);
  }
  if (original) await page.setViewportSize(original);
  await snap(page, name);
}
