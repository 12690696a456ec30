// The Voice Studio end to end in Chromium: signed-out redirect, sign-up (once: sign-ups are
// limited per address), the voice picker's filters and a real preview, the playground's
// limits and settings, a ulaw_8000 prompt played and downloaded with its extension and exact
// size, the history (replay, cache hit), and screenshots of each state at desktop and phone
// width in .data/screenshots/studio/.
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, screenshotAtBothWidths } from "./support/screenshots";
import { baseUrl, newAccount, signUp, watchConsole } from "./dashboard-support";

const shoot = (page: Page, name: string) => screenshotAtBothWidths(page, `.data/screenshots/studio/${name}`);

type MediaState = { readyState: number; duration: number; currentTime: number; paused: boolean; error: number | null };
const mediaState = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el: HTMLMediaElement): MediaState => ({
    readyState: el.readyState,
    duration: el.duration,
    currentTime: el.currentTime,
    paused: el.paused,
    error: el.error?.code ?? null,
  }));

test("voices, preview, a ulaw_8000 prompt downloaded as .ulaw, and the history", async ({ page, context }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
  await page.setViewportSize(DESKTOP);

  // Signed out: to sign-in, with the way back.
  await page.goto(`${baseUrl()}/studio`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fstudio$/);

  await signUp(page, newAccount());
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Voice Studio" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Voice Studio" })).toBeVisible();
  await expect(page.getByText("No prompts yet")).toBeVisible();
  // The clearest English voice by measurement (docs/voice.md) is picked first.
  await expect(page.getByTestId("selected-voice")).toContainText("Rms (Flite)");
  // The list opens scrolled to the picked voice.
  await expect(page.getByRole("list", { name: "Voices" }).locator('input[value="fliteRms"]')).toBeInViewport();
  // Local voices honour only the speed: the other settings are hidden, with the reason.
  await expect(page.getByText(/change nothing on local voices/)).toBeVisible();
  await expect(page.getByLabel("Speed", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Stability", { exact: true })).toHaveCount(0);
  await shoot(page, "01-empty");

  // Filters: language, then gender and a search; a search with no match says so.
  const voices = page.getByRole("list", { name: "Voices" });
  const total = await voices.getByRole("listitem").count();
  expect(total).toBeGreaterThan(100);
  await page.getByLabel("Language", { exact: true }).selectOption("fr");
  await page.getByLabel("Gender", { exact: true }).selectOption("female");
  await expect(page.getByText(/^\d+ of \d+ voices match\.$/)).toBeVisible();
  const names = await voices.getByRole("listitem").locator("label span:first-child").allTextContents();
  expect(names.length).toBeGreaterThan(0);
  expect(names.length).toBeLessThan(total);
  for (const name of names) expect(name).toMatch(/French.*female/);
  await shoot(page, "02-voices-filtered");

  // Preview: the sample really loads and plays.
  const previewed = names[0];
  await page.getByRole("button", { name: `Play the preview of ${previewed}` }).click();
  await expect
    .poll(async () => (await mediaState(page, "voice-preview-audio")).readyState, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);
  const preview = await mediaState(page, "voice-preview-audio");
  expect(preview.error).toBeNull();
  expect(preview.duration).toBeGreaterThan(0.5);
  await expect
    .poll(async () => (await mediaState(page, "voice-preview-audio")).currentTime, { timeout: 10_000 })
    .toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: `Stop the preview of ${previewed}` })).toBeVisible();
  await shoot(page, "03-preview-playing");
  await page.getByRole("button", { name: `Stop the preview of ${previewed}` }).click();

  await page.getByLabel("Search voices").fill("no such voice anywhere");
  await expect(page.getByText("No voices match")).toBeVisible();
  await shoot(page, "04-voices-no-match");
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(voices.getByRole("listitem")).toHaveCount(total);

  // Pick a voice by search: English (America).
  await page.getByLabel("Search voices").fill("english america");
  await voices.locator('input[value="espeakEnUs"]').check();
  await expect(page.getByTestId("selected-voice")).toContainText("English (America)");

  // The script's limit is counted as the API counts (code points) and enforced before sending.
  const script = page.getByLabel("Script", { exact: true });
  await script.fill(`${"📞".repeat(1000)}!`);
  await expect(page.getByTestId("character-count")).toHaveText("1,001 / 1,000 characters: 1 over the limit");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByText("Shorten the script to 1,000 characters or fewer.")).toBeVisible();
  await expect(script).toHaveAttribute("aria-invalid", "true");
  await shoot(page, "05-script-over-limit");

  const text = `Welcome to the studio test ${Date.now()}. For sales, press 1. For support, press 2.`;
  await script.fill(text);
  await expect(page.getByTestId("character-count")).toHaveText(`${[...text].length} / 1,000 characters`);

  // Settings: a change makes them custom; reset goes back to the voice's defaults.
  await expect(page.getByText("The voice's defaults: no settings are sent.")).toBeVisible();
  await page.getByLabel("Speed", { exact: true }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText("Custom settings: sent with the request.")).toBeVisible();
  await page.getByRole("button", { name: "Reset to the voice's defaults" }).click();
  await expect(page.getByText("The voice's defaults: no settings are sent.")).toBeVisible();
  await expect(page.getByLabel("Speed", { exact: true })).toHaveValue("1");

  // Telephony formats come first, gated formats carry their plan.
  const format = page.getByLabel("Format", { exact: true });
  const optionValues = await format
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(optionValues.slice(0, 4)).toEqual(["wav_8000", "ulaw_8000", "alaw_8000", "pcm_8000"]);
  await expect(format.locator('option[value="wav_44100"]')).toHaveText(/needs Pro plan/);
  await format.selectOption("ulaw_8000");

  // Generate: status announced, player with waveform, a browser-playable rendition of μ-law.
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /^Prompt ready: [\d,]+ bytes, newly generated\.$/ }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Your prompt" })).toBeVisible();
  await expect(page.getByTestId("prompt-waveform")).toBeVisible();
  await expect(page.getByText(/Browsers cannot play raw G\.711 μ-law/)).toBeVisible();
  const bytes = Number(await page.getByTestId("prompt-bytes").getAttribute("data-bytes"));
  expect(bytes).toBeGreaterThan(8000);
  await expect
    .poll(async () => (await mediaState(page, "prompt-audio")).readyState, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  // μ-law is one byte per sample at 8 kHz, so the rendition lasts bytes / 8000 seconds.
  expect((await mediaState(page, "prompt-audio")).duration).toBeCloseTo(bytes / 8000, 2);
  const shownSha = (await page.locator("dd code.font-mono.text-xs").textContent())!.trim();
  expect(shownSha).toMatch(/^[0-9a-f]{64}$/);
  await expect(page.getByText("Synthesized for this request (cached: false)")).toBeVisible();

  // As a caller hears it: the same prompt through G.711 and back, an 8 kHz WAV as long as the original.
  await page.locator("label", { hasText: /^As a caller$/ }).click();
  await expect(page.getByTestId("phone-band-note")).toContainText("G.711 μ-law at 8 kHz");
  await expect
    .poll(async () => page.getByTestId("prompt-audio").evaluate((el: HTMLAudioElement) => el.currentSrc), {
      timeout: 15_000,
    })
    .toMatch(new RegExp(`/studio/audio/${shownSha}/phone$`));
  await expect
    .poll(async () => (await mediaState(page, "prompt-audio")).readyState, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  expect((await mediaState(page, "prompt-audio")).duration).toBeCloseTo(bytes / 8000, 1);
  const phoneWav = await page.request.get(`${baseUrl()}/studio/audio/${shownSha}/phone`);
  expect(phoneWav.headers()["content-type"]).toBe("audio/wav");
  expect((await phoneWav.body()).readUInt32LE(24)).toBe(8000);
  await page.locator("label", { hasText: /^As generated$/ }).click();
  await expect(page.getByText(/Browsers cannot play raw G\.711 μ-law/)).toBeVisible();

  // The audio_url copies as shown.
  const audioUrl = (await page.getByRole("status", { name: "audio_url" }).textContent())!.trim();
  // The .ulaw object, its key a signed query parameter of GET /files.
  expect(new URL(audioUrl).searchParams.get("key")).toMatch(/\.ulaw$/);
  await page.getByRole("button", { name: "Copy URL" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(audioUrl);
  await shoot(page, "06-generated");

  // Download: saved as .ulaw, exactly `bytes` long, and the bytes hash to the shown sha256.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /^Download prompt-[0-9a-f]{12}\.ulaw$/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`prompt-${shownSha.slice(0, 12)}.ulaw`);
  const saved = await download.path();
  expect(statSync(saved).size).toBe(bytes);
  expect(createHash("sha256").update(readFileSync(saved)).digest("hex")).toBe(shownSha);

  // History: the prompt is listed with a re-download link; the same request again is a cache hit.
  const history = page.getByRole("list", { name: "Generated prompts" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history.getByText(text)).toBeVisible();
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("status").filter({ hasText: /served from the content cache\.$/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("Served from the content cache (cached: true)")).toBeVisible();
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem").first().getByText("cached", { exact: true })).toBeVisible();

  // Replay the older entry from the history, and download it again from there.
  await history.getByRole("listitem").nth(1).getByRole("button", { name: /^Play/ }).click();
  await expect(page.getByRole("heading", { name: "Prompt from history" })).toBeVisible();
  await expect
    .poll(async () => (await mediaState(page, "prompt-audio")).readyState, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  const [again] = await Promise.all([
    page.waitForEvent("download"),
    history
      .getByRole("listitem")
      .nth(1)
      .getByRole("link", { name: /^Download \.ulaw/ })
      .click(),
  ]);
  expect(again.suggestedFilename()).toMatch(/\.ulaw$/);
  expect(statSync(await again.path()).size).toBe(bytes);
  await shoot(page, "07-history-replay");

  // Reload: the history comes from the server, and the way back to the dashboard works.
  await page.reload();
  await expect(page.getByRole("list", { name: "Generated prompts" }).getByRole("listitem")).toHaveCount(2);
  await shoot(page, "08-history-after-reload");
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  expect(problems).toEqual([]);
});
