// Helpers for the hosted-flow browser tests: the integrator's return site, keyboard reach, and
// screenshots at phone and desktop sizes (organisations, keys, sessions and the /v1 API:
// tests/support/fixtures.ts).
import { expect, type Locator, type Page } from "@playwright/test";
import config from "../playwright.config";
import { screenshotAtBothWidths } from "./support/screenshots";

export { PHONE } from "./support/screenshots";

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
export const snap = (page: Page, name: string) => screenshotAtBothWidths(page, `.data/screenshots/verify-${name}`);
