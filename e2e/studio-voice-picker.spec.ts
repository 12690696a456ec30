// The shared voice picker inside a prompt set's settings column: its filters show their whole
// text at desktop and phone width (they were cut to "Any gen…" in the narrow column), and in
// the playground. Screenshots
// in .data/screenshots/voice-picker/.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DESKTOP, PHONE, screenshotAtBothWidths } from "./support/screenshots";
import { baseUrl, newAccount, signUp, watchConsole } from "./dashboard-support";

test.use({ actionTimeout: 30_000 });

/** How much of a select's shown option its box cannot fit, in pixels (0 when it fits). */
async function cutOff(select: Locator): Promise<number> {
  return select.evaluate((element) => {
    const el = element as HTMLSelectElement;
    const style = getComputedStyle(el);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(el.selectedOptions[0]?.text ?? "").width;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return Math.max(0, Math.ceil(text - room));
  });
}

async function expectFiltersUncut(page: Page, where: Locator) {
  for (const label of ["Language", "Gender", "Accent"]) {
    const select = where.getByLabel(label, { exact: true });
    await expect(select).toBeVisible();
    expect(await cutOff(select), `${label} at ${page.viewportSize()?.width} px`).toBe(0);
  }
}

test("the voice picker's filters are not cut off in a prompt set's settings column", async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newAccount());
  await page.goto(`${baseUrl()}/studio/prompt-sets`);
  await page.getByLabel("Name", { exact: true }).fill("Picker check");
  await page.getByRole("button", { name: "Create set" }).click();
  await expect(page).toHaveURL(/\/studio\/prompt-sets\/ps_[A-Za-z0-9]+$/);

  const picker = page.getByRole("search").first();
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectFiltersUncut(page, picker);
  }
  await screenshotAtBothWidths(page, ".data/screenshots/voice-picker/prompt-set-settings");

  // The playground's picker, same component: uncut too.
  await page.setViewportSize(DESKTOP);
  await page.goto(`${baseUrl()}/studio`);
  await expectFiltersUncut(page, page.getByRole("search").first());
  await screenshotAtBothWidths(page, ".data/screenshots/voice-picker/studio");
  expect(problems).toEqual([]);
});
