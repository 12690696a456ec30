// A prompt set voiced with a lexicon and SSML, in Chromium: the set's settings switch it to SSML
// with the "Brand names" lexicon, a prompt with markup the subset does not have is refused on
// the page naming the line and the tag, and the generated set plays "Voiceage" as the lexicon
// says, reads "0800 123 456" digit by digit and pauses where marked. Each is asserted on the
// page (each prompt's "Read as" line, its duration, the player's source) and on the audio the
// page plays (the same file as the alias and digits typed out; a 450-550 ms pause measured on
// its waveform). Screenshots at desktop and phone width in .data/screenshots/prompt-set-ssml/.
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { parseWav } from "@/lib/voice/audio/pcm";
import { pausesIn } from "@/lib/voice/audio/silence";
import { DESKTOP, screenshotAtBothWidths } from "./support/screenshots";
import { baseUrl, newAccount, signUp, watchConsole } from "./dashboard-support";

// Server actions and audio rendering wait on a shared, busy test machine: more than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });
test.use({ actionTimeout: 30_000 });

const shoot = (page: Page, name: string) => screenshotAtBothWidths(page, `.data/screenshots/prompt-set-ssml/${name}`);

const MARKED = `<speak>Welcome to Voiceage.<break time="500ms"/>Call <say-as interpret-as="digits">0800 123 456</say-as></speak>`;
// What MARKED says, written out by hand: the lexicon's alias, the digits one by one in their groups.
const TYPED = `<speak>Welcome to Voice Age.<break time="500ms"/>Call 0 8 0 0, 1 2 3, 4 5 6</speak>`;
const READ_AS = "Read as: Welcome to Voice Age. pause 0.5 s Call 0 8 0 0, 1 2 3, 4 5 6";

async function addPrompt(page: Page, name: string, text: string) {
  const add = page.getByRole("form", { name: "Add a prompt" });
  await add.getByLabel("File name").fill(name);
  await add.getByLabel("Text").fill(text);
  await add.getByRole("button", { name: "Add prompt" }).click();
}

test("a prompt set voiced with a lexicon and SSML says the brand, the digits and the pause as marked", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newAccount());

  // The lexicon, made in the studio's editor.
  await page.goto(`${baseUrl()}/studio/lexicons`);
  await page.getByLabel("Name", { exact: true }).fill("Brand names");
  const entry = page.getByTestId("lexicon-entry").first();
  await entry.getByLabel(/^Word/).fill("Voiceage");
  // Graphemes are matched as written: the editor says so beside the field.
  await expect(entry.getByLabel(/^Word/)).toHaveAccessibleDescription(
    /^Matched as written: whole words, same capitals/,
  );
  await entry.getByLabel(/^Alias/).fill("Voice Age");
  await page.getByRole("button", { name: "Save lexicon" }).click();
  await expect(page.getByTestId("lexicon-message")).toHaveText("Saved Brand names, version 1.");

  // A new set, as 16 kHz WAV so the browser plays the stored file itself.
  await page.goto(`${baseUrl()}/studio/prompt-sets`);
  await page.getByLabel("Name", { exact: true }).fill("Brand menu");
  await page.getByLabel("Output format").selectOption("wav_16000");
  await page.getByRole("button", { name: "Create set" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Brand menu" })).toBeVisible();

  // The set's settings: SSML and the lexicon, with the playground's controls.
  const settings = page.getByRole("region", { name: "Set settings" });
  await settings.getByLabel("Read the prompts as SSML").check();
  await settings.getByLabel("Brand names").check();
  await expect(settings.getByText(/SSML or lexicons marks every prompt not generated/)).toBeVisible();
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("status").filter({ hasText: /^Saved\./ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("region", { name: "Set settings" }).getByLabel("Read the prompts as SSML")).toBeChecked();
  await expect(page.getByRole("region", { name: "Set settings" }).getByLabel("Brand names")).toBeChecked();

  // Markup outside the subset is refused on the page, with the line and the tag.
  await addPrompt(page, "bad", `<speak>\n<audio src="x.wav"/></speak>`);
  await expect(page.getByText(/^The text is not valid SSML: line 2: unknown tag <audio>/)).toBeVisible();
  await expect(page.getByTestId("prompt-row")).toHaveCount(0);

  await addPrompt(page, "welcome", MARKED);
  await expect(page.getByRole("heading", { name: "Prompt 1: welcome.wav" })).toBeVisible();
  await addPrompt(page, "typed", TYPED);
  await expect(page.getByRole("heading", { name: "Prompt 2: typed.wav" })).toBeVisible();
  const welcome = page.getByRole("listitem", { name: "Prompt 1: welcome.wav" });
  const typed = page.getByRole("listitem", { name: "Prompt 2: typed.wav" });
  // On the page before any audio: "Voiceage" as the lexicon says, the digits one by one, the pause.
  await expect(welcome.getByTestId("prompt-read-as")).toHaveText(READ_AS);
  await expect(typed.getByTestId("prompt-read-as")).toHaveText(READ_AS);

  await page.getByRole("button", { name: "Generate all" }).click();
  await expect(page.getByTestId("generation-counts")).toHaveText("2 of 2 done", { timeout: 120_000 });
  await shoot(page, "01-generated");

  // The same length on the page, and the very same file in the player: the marked prompt is said
  // exactly as the alias and the digits typed out.
  const duration = welcome.getByText(/^\d+\.\d s$/);
  await expect(duration).toBeVisible();
  await expect(typed.getByText(/^\d+\.\d s$/)).toHaveText((await duration.textContent())!);
  const audio = page.getByTestId("prompt-set-audio");
  const source = () => audio.evaluate((el: HTMLAudioElement) => el.currentSrc);
  await welcome.getByRole("button", { name: "Play welcome" }).click();
  await expect.poll(source).toMatch(/\/studio\/audio\/[0-9a-f]{64}$/);
  const welcomeSource = await source();
  await typed.getByRole("button", { name: "Play typed" }).click();
  await expect(typed.getByRole("button", { name: "Stop typed" })).toBeVisible();
  await expect(page.getByText(/^typed as generated/)).toBeVisible();
  // Audio is stored by its content's sha256: the same address is the same file.
  expect(await source()).toBe(welcomeSource);
  await shoot(page, "02-playing");

  // The pause where marked: 450 to 550 ms of silence in the file the page plays.
  const wav = parseWav(Buffer.from(await (await page.request.get(welcomeSource)).body()));
  const pause = pausesIn(wav)[0];
  expect(pause.ms).toBeGreaterThanOrEqual(450);
  expect(pause.ms).toBeLessThanOrEqual(550);
  expect(problems).toEqual([]);
});
