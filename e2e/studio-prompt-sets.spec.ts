// Prompt sets in the studio, end to end in Chromium: the empty list, a new set, a bad CSV refused
// with row numbers, a good CSV imported, the list edited by keyboard (reorder, inline edit, add,
// delete), generation watched to completion in the background (and across a reload), a prompt
// played as generated and as a caller hears it (an 8 kHz WAV), the archive downloaded and its
// entries checked, the CSV exported, a failed prompt shown and retried, the set duplicated and
// deleted. Screenshots of each state at desktop and phone width (.data/screenshots/prompt-sets/).
import { readFile } from "node:fs/promises";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import pg from "pg";
import { unzipSync } from "fflate";
import { DESKTOP, screenshotAtBothWidths } from "./support/screenshots";
import { baseUrl, newAccount, signUp, watchConsole } from "./dashboard-support";

// Server actions and audio rendering wait on a shared, busy test machine: more than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ actionTimeout: 30_000 });

const SHOTS = ".data/screenshots/prompt-sets";
const shoot = (page: Page, name: string) => screenshotAtBothWidths(page, `${SHOTS}/${name}`);

const MENU = [
  ["greeting", "Thank you for calling Acme. Your call may be recorded."],
  ["main-menu", "For sales, press 1. For support, press 2. For billing, press 3."],
  ["sales", "Connecting you to sales."],
  ["support", "Please hold while we connect you to support."],
  ["billing", "For billing questions, please have your account number ready."],
  ["invalid", "Sorry, that is not a valid option."],
  ["timeout", "We did not receive your selection."],
  ["please-hold", "Please hold. Your call is important to us."],
  ["after-hours", "Our office is closed. Our hours are nine to five, Monday to Friday."],
  ["voicemail", "Please leave a message after the tone."],
  ["goodbye", "Thank you for calling. Goodbye."],
  ["repeat", "To hear these options again, press 9."],
] as const;

const csvOf = (rows: readonly (readonly string[])[]) =>
  `name,text\n${rows.map(([name, text]) => `${name},"${text.replaceAll('"', '""')}"`).join("\n")}\n`;

const promptRows = (page: Page) => page.getByRole("list", { name: "Prompts" }).getByTestId("prompt-row");
const rowNames = (page: Page) => page.getByRole("list", { name: "Prompts" }).locator("h3").allTextContents();

async function importCsv(page: Page, name: string, csv: string) {
  await page.getByLabel("Import CSV").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Import", exact: true }).click();
}

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL_E2E });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test("prompt sets: CSV in, generated in the background, heard as a caller, downloaded for Asterisk", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const problems = watchConsole(page);
  await page.setViewportSize(DESKTOP);

  // Signed out: to sign-in, with the way back.
  await page.goto(`${baseUrl()}/studio/prompt-sets`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fstudio%2Fprompt-sets$/);
  // The studio's file routes are for signed-in users only.
  expect((await page.request.get(`${baseUrl()}/studio/audio/${"0".repeat(64)}/phone`)).status()).toBe(401);
  expect((await page.request.get(`${baseUrl()}/studio/prompt-sets/ps_x/archive`)).status()).toBe(401);
  expect((await page.request.get(`${baseUrl()}/studio/prompt-sets/ps_x/csv`)).status()).toBe(401);

  await signUp(page, newAccount());
  await page.goto(`${baseUrl()}/studio`);
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Prompt sets" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Prompt sets" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Prompt sets" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No prompt sets yet")).toBeVisible();
  await shoot(page, "01-list-empty");

  // A new set: telephony by default.
  await expect(page.getByLabel("Output format")).toHaveValue("ulaw_8000");
  // The studio's own picker, the clearest English voice picked.
  await expect(page.getByRole("radio", { name: /^Rms \(Flite\)/ })).toBeChecked();
  await page.getByRole("button", { name: "Create set" }).click();
  await expect(page.getByText("Name the set")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Name", { exact: true }).fill("Main menu");
  await page.getByRole("button", { name: "Create set" }).click();
  await expect(page).toHaveURL(/\/studio\/prompt-sets\/ps_[A-Za-z0-9]+$/);
  const setUrl = page.url();
  await expect(page.getByRole("heading", { level: 1, name: "Main menu" })).toBeVisible();
  await expect(page.getByText(/^Add the first prompt below/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate all" })).toBeDisabled();

  // A bad CSV: every bad row named by the row number a spreadsheet shows; nothing imported.
  await importCsv(page, "bad.csv", "name,text\nGreeting,Hello there.\nok,   \nmenu,For sales press 1.\nmenu,Again.\n");
  const problemsByRow = page.getByRole("list", { name: "Problems by row" });
  await expect(page.getByRole("alert").filter({ hasText: "The CSV was not imported" })).toBeVisible();
  await expect(page.getByText("Nothing was imported: 3 rows of bad.csv need fixing.")).toBeVisible();
  await expect(problemsByRow.getByRole("listitem")).toHaveText([
    /^Row 2name may contain only lower-case letters/,
    /^Row 3text must contain something to say, not only whitespace$/,
    /^Row 5name must be unique in the set: "menu" is also prompt 3/,
  ]);
  await expect(promptRows(page)).toHaveCount(0);
  await shoot(page, "02-csv-errors");

  // A problem on every row of 300: the first 20 problems are listed (two per row), all are counted.
  await importCsv(page, "hostile.csv", "name,text\n" + "Bad Name,\n".repeat(300));
  await expect(
    page.getByText("Nothing was imported: hostile.csv has 600 problems; the first 20 are listed."),
  ).toBeVisible();
  await expect(problemsByRow.getByRole("listitem")).toHaveCount(10);
  await expect(promptRows(page)).toHaveCount(0);
  await shoot(page, "02b-csv-many-errors");

  // The menu from a spreadsheet.
  await importCsv(page, "menu.csv", csvOf(MENU));
  await expect(page.getByText(`Imported ${MENU.length} prompts from menu.csv.`)).toBeVisible();
  await expect(promptRows(page)).toHaveCount(MENU.length);
  expect(await rowNames(page)).toEqual(MENU.map(([name], i) => `Prompt ${i + 1}: ${name}.ulaw`));

  // Keyboard: move "sales" up; the focus stays on it, and the order is saved (a reload shows it).
  await page.getByRole("button", { name: "Move sales up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Moved sales up to position 2 of 12.")).toBeAttached();
  await expect(page.getByRole("button", { name: "Move sales up" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Moved sales up to position 1 of 12.")).toBeAttached();
  // At the top "up" is disabled: the focus moves to "down", still on the same prompt.
  await expect(page.getByRole("button", { name: "Move sales up" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Move sales down" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Moved sales down to position 3 of 12.")).toBeAttached();

  // Inline edit: a bad name is refused before it is sent; a good edit is saved.
  await page.getByRole("button", { name: "Edit timeout" }).click();
  const edit = page.getByRole("form", { name: "Edit timeout" });
  await expect(edit.getByLabel("File name")).toBeFocused();
  await edit.getByLabel("File name").fill("Time Out");
  await edit.getByRole("button", { name: "Save prompt" }).click();
  await expect(edit.getByText(/The file name may contain only lower-case letters/)).toBeVisible();
  await edit.getByLabel("File name").fill("no-input");
  await edit.getByLabel("Text").fill("We did not hear your selection.");
  await edit.getByRole("button", { name: "Save prompt" }).click();
  await expect(page.getByRole("heading", { name: "Prompt 7: no-input.ulaw" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit no-input" })).toBeFocused();

  // Add one, delete one.
  const add = page.getByRole("form", { name: "Add a prompt" });
  await add.getByLabel("File name").fill("holiday");
  await add.getByLabel("Text").fill("We are closed today for the holiday.");
  await add.getByRole("button", { name: "Add prompt" }).click();
  await expect(page.getByRole("heading", { name: "Prompt 13: holiday.ulaw" })).toBeVisible();
  await page.getByRole("button", { name: "Delete repeat" }).click();
  await expect(page.getByText("Deleted repeat.")).toBeAttached();
  await expect(promptRows(page)).toHaveCount(MENU.length);
  const expectedNames = [
    "greeting",
    "main-menu",
    "sales",
    "support",
    "billing",
    "invalid",
    "no-input",
    "please-hold",
    "after-hours",
    "voicemail",
    "goodbye",
    "holiday",
  ];
  await page.reload();
  // After a reload the list renders once the page has loaded its set: wait for it.
  await expect
    .poll(async () => (await rowNames(page)).map((n) => n.replace(/^Prompt \d+: /, "").replace(/\.ulaw$/, "")))
    .toEqual(expectedNames);
  await expect(page.getByTestId("generation-counts")).toHaveText("0 of 12 done · 12 not generated");
  await shoot(page, "03-editor-idle");

  // Generate: runs in the background; progress is polled and survives a reload. To see it
  // running whatever the machine's speed, the test holds the job at its first history insert
  // (a table lock on TtsGeneration) until it has looked, then lets it go.
  const hold = new pg.Client({ connectionString: process.env.DATABASE_URL_E2E });
  await hold.connect();
  await hold.query("begin");
  await hold.query('lock table "TtsGeneration" in exclusive mode');
  try {
    await page.getByRole("button", { name: "Generate all" }).click();
    await expect(page.getByTestId("generation-state")).toHaveText("Generating");
    await expect(page.getByRole("button", { name: "Generating…" })).toBeDisabled();
    await expect(page.locator('[data-testid="prompt-row"][data-status="generating"]').first()).toBeVisible();
    await expect(page.getByTestId("generation-counts")).toHaveText(/^0 of 12 done · 12 in progress$/);
    await shoot(page, "04-running");
    await page.reload();
    await expect(page.getByTestId("generation-state")).toHaveText("Generating");
  } finally {
    await hold.query("rollback");
    await hold.end();
  }
  await expect(page.getByTestId("generation-counts")).toHaveText("12 of 12 done", { timeout: 120_000 });
  await expect(page.getByTestId("generation-state")).toHaveText("Ready to download");
  await expect(page.locator('[data-testid="prompt-row"][data-status="done"]')).toHaveCount(12);
  // Each done prompt: its duration and a waveform of it.
  const greeting = page.getByRole("listitem", { name: "Prompt 1: greeting.ulaw" });
  await expect(greeting.getByRole("img", { name: /^Waveform of greeting, \d+\.\d s/ })).toBeVisible();
  await expect(greeting.getByText(/^\d+\.\d s$/)).toBeVisible();
  await expect(page.getByRole("img", { name: /^Waveform of / })).toHaveCount(12);
  await shoot(page, "05-completed");

  // Play as generated: μ-law decoded in the browser.
  const audio = page.getByTestId("prompt-set-audio");
  const media = () =>
    audio.evaluate((el: HTMLAudioElement) => ({
      src: el.currentSrc,
      readyState: el.readyState,
      duration: el.duration,
      error: el.error?.code ?? null,
    }));
  await greeting.getByRole("button", { name: "Play greeting" }).click();
  await expect.poll(async () => (await media()).readyState, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  expect((await media()).src).toMatch(/^blob:/);
  const generatedSeconds = (await media()).duration;
  expect(generatedSeconds).toBeGreaterThan(1);
  await expect(greeting.getByRole("button", { name: "Stop greeting" })).toBeVisible();

  // Hear it as a caller: an 8 kHz 16-bit WAV from the phone-band route, as long as the prompt.
  await greeting.getByRole("button", { name: "Hear greeting as a caller" }).click();
  await expect
    .poll(async () => (await media()).src, { timeout: 15_000 })
    .toMatch(/\/studio\/audio\/[0-9a-f]{64}\/phone$/);
  await expect.poll(async () => (await media()).readyState, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  expect((await media()).error).toBeNull();
  await expect(page.getByText(/greeting as a caller hears it: through G\.711 μ-law at 8 kHz/)).toBeVisible();
  const phoneUrl = (await media()).src;
  const phone = await page.request.get(phoneUrl);
  expect(phone.status()).toBe(200);
  expect(phone.headers()["content-type"]).toBe("audio/wav");
  const wav = await phone.body();
  expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
  expect(wav.toString("ascii", 8, 12)).toBe("WAVE");
  expect(wav.readUInt16LE(20)).toBe(1); // PCM
  expect(wav.readUInt16LE(22)).toBe(1); // mono
  expect(wav.readUInt32LE(24)).toBe(8000); // sample rate
  expect(wav.readUInt16LE(34)).toBe(16); // bits per sample
  expect((await media()).duration).toBeCloseTo(generatedSeconds, 1);
  await expect(greeting.getByRole("button", { name: "Stop greeting" })).toBeVisible();
  await shoot(page, "06-playing-as-caller");
  // When the prompt has played to its end, the row offers it again.
  await expect(greeting.getByRole("button", { name: "Hear greeting as a caller" })).toBeVisible();

  // The archive, laid out for Asterisk: every prompt under en/custom/ as .ulaw, and the manifest.
  await expect(page.getByTestId("layout-description")).toContainText("custom/<name>.ulaw");
  const [zipDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download Asterisk archive (.zip)" }).click(),
  ]);
  expect(zipDownload.suggestedFilename()).toMatch(/\.zip$/);
  const entries = unzipSync(new Uint8Array(await readFile(await zipDownload.path())));
  const names = Object.keys(entries);
  expect(names.filter((n) => n.endsWith(".ulaw")).sort()).toEqual(
    expectedNames.map((n) => `en/custom/${n}.ulaw`).sort(),
  );
  expect(names).toContain("prompts.csv");
  const manifest = Buffer.from(entries["prompts.csv"]).toString("utf8");
  expect(manifest.split("\n")[0]).toMatch(/^name,text,voice,format,duration/);
  expect(manifest).toContain("holiday,We are closed today for the holiday.");
  // Flat: the same files at the top.
  await page.locator("label", { hasText: /^Flat$/ }).click();
  const flatUrl = await page.getByRole("link", { name: "Download Flat archive (.zip)" }).getAttribute("href");
  const flat = unzipSync(new Uint8Array(await (await page.request.get(`${baseUrl()}${flatUrl}`)).body()));
  expect(
    Object.keys(flat)
      .filter((n) => n.endsWith(".ulaw"))
      .sort(),
  ).toEqual(expectedNames.map((n) => `${n}.ulaw`).sort());
  // The same audio whatever the layout.
  for (const name of expectedNames)
    expect(Buffer.from(flat[`${name}.ulaw`]).equals(Buffer.from(entries[`en/custom/${name}.ulaw`]))).toBe(true);

  // Export CSV: the list as it is now, in order.
  const [csvDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toBe("main-menu-prompts.csv");
  const exported = (await readFile(await csvDownload.path(), "utf8")).trim().split("\n");
  expect(exported[0]).toBe("name,text");
  expect(exported.slice(1).map((line) => line.split(",")[0])).toEqual(expectedNames);

  // A prompt the provider failed (made so in the database: the local engine does not fail on
  // demand): shown with the API's error, the archive held back, and "Retry failed" redoes it.
  const setId = new URL(setUrl).pathname.split("/").at(-1)!;
  await withDatabase((db) =>
    db.query(
      `update "PromptSetPrompt" set status = 'failed', "errorCode" = 'upstream_error', "errorMessage" = 'The local speech engine failed: exit code 1',
         cached = null, "cacheKey" = null, sha256 = null, bytes = null, "durationMs" = null, peaks = null where "setId" = $1 and name = 'billing'`,
      [setId],
    ),
  );
  await page.reload();
  await expect(page.getByTestId("generation-state")).toHaveText("Some prompts failed");
  await expect(page.getByTestId("generation-counts")).toHaveText(/^11 of 12 done( · \d+ from cache)? · 1 failed$/);
  await expect(page.getByRole("listitem", { name: "Prompt 5: billing.ulaw" }).getByTestId("prompt-error")).toHaveText(
    "upstream_error: The local speech engine failed: exit code 1",
  );
  await expect(page.getByRole("alert").filter({ hasText: "1 prompt failed" })).toContainText(
    "billing: The local speech engine failed: exit code 1",
  );
  await expect(page.getByRole("button", { name: "Download Asterisk archive (.zip)" })).toBeDisabled();
  expect((await page.request.get(`${baseUrl()}/studio/prompt-sets/${setId}/archive?layout=asterisk`)).status()).toBe(
    409,
  );
  await shoot(page, "07-failed-prompt");
  await page.getByRole("button", { name: "Retry failed (1)" }).click();
  await expect(page.getByTestId("generation-counts")).toHaveText(/^12 of 12 done/, { timeout: 60_000 });
  await expect(
    page.getByRole("listitem", { name: "Prompt 5: billing.ulaw" }).getByText("Done · from cache"),
  ).toBeVisible();

  // Duplicate: a copy with its audio; then delete the copy (after confirming).
  await page.getByRole("button", { name: "Duplicate set" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Main menu (copy)" })).toBeVisible();
  expect(page.url()).not.toBe(setUrl);
  await expect(page.getByTestId("generation-counts")).toHaveText(/^12 of 12 done/);
  await page.getByRole("button", { name: "Delete set" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Main menu (copy)?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Delete set" }).click();
  await expect(page).toHaveURL(/\/studio\/prompt-sets$/);

  // The list: the remaining set with its progress.
  const list = page.getByRole("list", { name: "Prompt sets" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("link", { name: "Main menu" })).toBeVisible();
  await expect(list.getByTestId("set-counts")).toHaveText(/^12 of 12 done/);
  await shoot(page, "08-list");

  // Another organisation sees none of it.
  const other = await page.context().browser()!.newContext();
  const otherPage = await other.newPage();
  await signUp(otherPage, newAccount());
  expect((await otherPage.request.get(`${baseUrl()}/studio/prompt-sets/${setId}/csv`)).status()).toBe(404);
  expect((await otherPage.request.get(`${baseUrl()}/studio/prompt-sets/${setId}/archive`)).status()).toBe(404);
  expect((await otherPage.request.get(phoneUrl)).status()).toBe(404);
  await otherPage.goto(setUrl);
  await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText("Prompt set not found in your organisation");
  await other.close();

  expect(problems).toEqual([]);
});
