// Pronunciation lexicons and SSML in the studio, in Chromium: a lexicon made in the editor (an
// entry heard, a bad IPA symbol refused, exported and imported as .pls), then a prompt read as
// SSML with the lexicon: "Voiceage" said as the lexicon says, "0800 123 456" digit by digit and
// a 500 ms pause, each asserted on the page and on its audio; "As a caller" keeps playing from
// the same place. Screenshots at desktop and phone width in .data/screenshots/lexicons/.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { parseWav } from "@/lib/voice/audio/pcm";
import { pausesIn } from "@/lib/voice/audio/silence";
import { DESKTOP, screenshotAtBothWidths } from "./support/screenshots";
import { baseUrl, newAccount, signUp, watchConsole } from "./dashboard-support";

const shoot = (page: Page, name: string) => screenshotAtBothWidths(page, `.data/screenshots/lexicons/${name}`);

const SCRIPT = `<speak>Welcome to Voiceage.<break time="500ms"/>Call <say-as interpret-as="digits">0800 123 456</say-as></speak>`;

async function generate(page: Page, script: string, { ssml, lexicon }: { ssml: boolean; lexicon: boolean }) {
  await page.getByLabel("Script", { exact: true }).fill(script);
  await page.getByLabel("Read the script as SSML").setChecked(ssml);
  await page.getByLabel("Brand names").setChecked(lexicon);
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Prompt ready:/ })).toBeVisible({ timeout: 60_000 });
  const sha = (await page.locator("dd code.font-mono.text-xs").textContent())!.trim();
  const url = (await page.getByRole("status", { name: "audio_url" }).textContent())!.trim();
  return { sha, url };
}

test("a lexicon made in the editor, and a prompt read as SSML with it", async ({ page }) => {
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newAccount());

  // The editor: one entry, heard, then saved.
  await page.goto(`${baseUrl()}/studio/lexicons`);
  await expect(page.getByRole("heading", { level: 1, name: "Pronunciation lexicons" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Brand names");
  const entry = page.getByTestId("lexicon-entry").first();
  await entry.getByLabel(/^Word/).fill("Voiceage");
  await entry.getByLabel(/^Alias/).fill("Voice Age");
  await entry.getByRole("button", { name: "Hear Voiceage" }).click();
  await expect
    .poll(() => page.getByTestId("lexicon-audio").evaluate((el: HTMLAudioElement) => el.src), { timeout: 30_000 })
    .toMatch(/\/files\?key=tts/);
  // A symbol no engine can say is refused as it is typed.
  await page.getByRole("button", { name: "Add entry" }).click();
  const second = page.getByTestId("lexicon-entry").nth(1);
  await second.getByLabel(/^Word/).fill("Click");
  await second.getByLabel(/^IPA/).fill("ʘa");
  await expect(second.getByText(/IPA: unknown IPA symbol "ʘ"/)).toBeVisible();
  await expect(second.getByRole("button", { name: "Hear Click" })).toBeDisabled();
  await shoot(page, "01-editor-bad-entry");
  await second.getByRole("button", { name: "Remove" }).click();
  await page.getByRole("button", { name: "Save lexicon" }).click();
  await expect(page.getByTestId("lexicon-message")).toHaveText("Saved Brand names, version 1.");
  await expect(page.getByTestId("lexicon-list")).toContainText("Brand names");

  // Export, then import the same file as a new draft.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export .pls" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Brand-names.pls");
  const pls = readFileSync(await download.path(), "utf8");
  expect(pls).toContain("<grapheme>Voiceage</grapheme>");
  expect(pls).toContain("<alias>Voice Age</alias>");
  await page
    .getByTestId("pls-import")
    .setInputFiles({ name: "copy.pls", mimeType: "application/pls+xml", buffer: Buffer.from(pls) });
  await expect(page.getByTestId("lexicon-message")).toHaveText("Imported 1 entries; save to keep them.");
  await expect(
    page
      .getByTestId("lexicon-entry")
      .first()
      .getByLabel(/^Alias/),
  ).toHaveValue("Voice Age");
  await shoot(page, "02-editor-saved");

  // The playground: the script as SSML with the lexicon.
  await page.goto(`${baseUrl()}/studio`);
  await page.getByLabel("Format", { exact: true }).selectOption("wav_16000");
  const marked = await generate(page, SCRIPT, { ssml: true, lexicon: true });
  // Only the words spoken count: "Welcome to Voiceage. Call 0800 123 456", not the markup.
  await expect(page.locator("dt", { hasText: "Characters" }).locator("+ dd")).toHaveText("38");
  await shoot(page, "03-ssml-generated");
  const wav = parseWav(Buffer.from(await (await page.request.get(marked.url)).body()));
  const pause = pausesIn(wav)[0];
  expect(pause.ms).toBeGreaterThanOrEqual(450);
  expect(pause.ms).toBeLessThanOrEqual(550);

  // "Voiceage" as the lexicon says and the digits one by one: the very audio of the alias and
  // the digits typed out.
  const typed = await generate(
    page,
    `<speak>Welcome to Voice Age.<break time="500ms"/>Call 0 8 0 0, 1 2 3, 4 5 6</speak>`,
    { ssml: true, lexicon: false },
  );
  expect(typed.sha).toBe(marked.sha);
  // Without the lexicon and SSML, the same characters are another prompt.
  const plain = await generate(page, SCRIPT.replace(/<[^>]+>/g, " "), { ssml: false, lexicon: false });
  expect(plain.sha).not.toBe(marked.sha);

  // "As a caller" switches the audio at the same position without stopping.
  const audio = page.getByTestId("prompt-audio");
  await audio.evaluate(async (el: HTMLAudioElement) => {
    el.muted = true;
    await el.play();
  });
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(0.8);
  const before = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
  await page.locator("label", { hasText: /^As a caller$/ }).click();
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentSrc), { timeout: 15_000 })
    .toMatch(/\/phone$/);
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => ({ at: el.currentTime, paused: el.paused })), {
      timeout: 15_000,
    })
    .toMatchObject({ paused: false, at: expect.any(Number) });
  expect(await audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThanOrEqual(before);
  await shoot(page, "04-as-a-caller");
  expect(problems).toEqual([]);
});
