import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Full-page screenshots of the current state at desktop and phone width, saved as
 * `<prefix>-desktop.png` and `<prefix>-phone.png` for review, then the viewport is put back.
 * Fails when the page scrolls sideways on a phone: nothing may stick out at that width.
 */
export async function screenshotAtBothWidths(page: Page, prefix: string) {
  mkdirSync(path.dirname(prefix), { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${prefix}-${label}.png`, fullPage: true });
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${path.basename(prefix)} is wider than a phone screen`).toBeLessThanOrEqual(0);
  await page.setViewportSize(original ?? DESKTOP);
}
