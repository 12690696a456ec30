// The hosted flow in the user's language (issue 51), in a real browser: a test-mode flow in each of
// the ten locales, the pseudo-locale showing no unaccented text, the browser's Accept-Language and
// the language switch, and live-mode flows in Arabic and Japanese through a fake provider on
// loopback (the upload path, a retake, a pass). axe finds 0 violations in every state.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { createTranslator } from "next-intl";
import { startTestStack, type TestStack } from "../tests/support/test-stack";
import { api, createSession, newOrg } from "../tests/support/fixtures";
import { auditAndSnap, PHONE, serveReturnSite } from "./verify-helpers";
import { DESKTOP } from "./support/screenshots";
import { pseudoCatalogue } from "../lib/verification/locale/pseudo-locale";
import en from "../messages/en.json" with { type: "json" };
import es from "../messages/es.json" with { type: "json" };
import fr from "../messages/fr.json" with { type: "json" };
import de from "../messages/de.json" with { type: "json" };
import it from "../messages/it.json" with { type: "json" };
import ptBR from "../messages/pt-BR.json" with { type: "json" };
import nl from "../messages/nl.json" with { type: "json" };
import pl from "../messages/pl.json" with { type: "json" };
import ja from "../messages/ja.json" with { type: "json" };
import ar from "../messages/ar.json" with { type: "json" };

const CATALOGUES = { en, es, fr, de, it, "pt-BR": ptBR, nl, pl, ja, ar } as const;
type Locale = keyof typeof CATALOGUES;
const translator = (locale: Locale | "en-XA") =>
  createTranslator({ locale, messages: locale === "en-XA" ? (pseudoCatalogue(en) as typeof en) : CATALOGUES[locale] });

const baseUrl = () => process.env.E2E_BASE_URL!;
let keys: Awaited<ReturnType<typeof newOrg>>;

test.use({ viewport: PHONE });
test.beforeAll(async () => {
  keys = await newOrg("e2e-locales");
});

const session = (id: string) => api(baseUrl(), keys.testKey, "GET", `/v1/verification-sessions/${id}`);

for (const locale of Object.keys(CATALOGUES) as Locale[]) {
  test(`test mode in ${locale}: intro, method and result in the language asked for, lang and dir set`, async ({
    page,
  }) => {
    const t = translator(locale);
    await serveReturnSite(page);
    const created = await createSession(baseUrl(), keys.testKey, {
      required_age: 18,
      methods: ["face_estimation", "id_document"],
      return_url: "https://shop.example/done",
      locale,
    });
    expect(created.locale).toBe(locale);
    await page.goto(created.url);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("intro.title", { age: 18 }));
    await expect(page.getByRole("note", { name: t("shell.testModeLabel") })).toBeVisible();
    // "29 minutes", "29 Minuten", "29分": the time left as Intl says it in the locale.
    const minutes = (n: number) =>
      new Intl.NumberFormat(locale, { style: "unit", unit: "minute", unitDisplay: "long" }).format(n);
    const startWithin = await page.getByTestId("start-within").textContent();
    expect(
      [28, 29, 30].some((n) => startWithin!.includes(minutes(n))),
      startWithin!,
    ).toBe(true);
    await auditAndSnap(page, `locale-${locale}-intro`);

    const phrase = t("method.phrase.face_estimation");
    await page.getByRole("button", { name: t("intro.startWith", { method: phrase }), exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: t("method.label.face_estimation") })).toBeFocused();
    await expect(page.getByTestId("other-methods").getByRole("button")).toHaveText([
      t("method.useInstead.id_document"),
    ]);
    await auditAndSnap(page, `locale-${locale}-method`);

    await page.locator('button[name="result"][value="pass"]').click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("result.confirmed"));
    await expect(page.getByTestId("flow-announcer")).toContainText(t("result.confirmed"));
    await page.getByRole("button", { name: t("result.stay") }).click();
    await auditAndSnap(page, `locale-${locale}-result`);
    expect((await session(created.id)).body).toMatchObject({ status: "passed", locale });
  });
}

/** Every text a user can see or hear on the page, but the values it shows (names, digits). */
async function shownText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const skip = (el: Element | null) => el?.closest("script, style, noscript, select, [data-testid=requester]");
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!skip(node.parentElement) && node.textContent?.trim()) texts.push(node.textContent.trim());
    }
    for (const el of document.querySelectorAll("[aria-label], [alt], [title]")) {
      if (skip(el)) continue;
      for (const name of ["aria-label", "alt", "title"]) {
        const value = el.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    texts.push(document.title);
    return texts;
  });
}

/** Plain ASCII words left once the shown values are taken out: what en-XA did not accent. */
async function unaccented(page: Page): Promise<string[]> {
  const values = ["shop.example", "Voiceage"];
  return (await shownText(page))
    .map((text) => values.reduce((rest, value) => rest.replaceAll(value, ""), text))
    .flatMap((text) => text.match(/[A-Za-z]{2,}/g) ?? []);
}

test("the pseudo-locale leaves no unaccented text, and switching language keeps the place and spends nothing", async ({
  page,
}) => {
  await serveReturnSite(page);
  const created = await createSession(baseUrl(), keys.testKey, {
    required_age: 18,
    methods: ["face_estimation", "id_document"],
    return_url: "https://shop.example/done",
  });
  await page.goto(created.url);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const flowUrl = page.url();

  const pseudo = translator("en-XA");
  await page.getByLabel("Language").selectOption("en-XA");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
  expect(page.url()).toBe(flowUrl);
  // The en-XA "TEST MODE" is accented too: only the values the page shows stay plain.
  await expect(page.getByRole("note")).not.toContainText("TEST MODE");
  expect(await unaccented(page)).toEqual([]);
  // The switch spent nothing: the session has not started, and the pseudo-locale is not kept on it.
  expect((await session(created.id)).body).toMatchObject({ status: "created", attempts: 0, locale: null });
  await auditAndSnap(page, "locale-en-XA-intro");

  await page.getByTestId("method-choices").getByRole("button").first().click();
  await expect(page.locator("h2#flow-focus")).toBeFocused();
  expect(await unaccented(page)).toEqual([]);
  await auditAndSnap(page, "locale-en-XA-method");

  // Mid-flow, another language: same step, no attempt spent, and the session keeps the choice.
  await page.getByLabel(pseudo("shell.language")).selectOption("fr");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 2, name: fr.method.label.face_estimation })).toBeVisible();
  expect((await session(created.id)).body).toMatchObject({ status: "in_progress", attempts: 0, locale: "fr" });
  await page.getByLabel("Langue").selectOption("en-XA");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");

  await expect(page.locator('button[value="pass"]')).toContainText(pseudo("simulate.pass"));
  await page.locator('button[name="result"][value="pass"]').click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(pseudo("result.confirmed"));
  await page.getByRole("button", { name: pseudo("result.stay") }).click();
  expect(await unaccented(page)).toEqual([]);
  await auditAndSnap(page, "locale-en-XA-result");
});

test.describe("without a locale on the session", () => {
  test.use({ locale: "ja-JP" });

  test("the browser's Accept-Language decides, and retrieve stays null until the user chooses", async ({ page }) => {
    const created = await createSession(baseUrl(), keys.testKey, {
      required_age: 16,
      return_url: "https://shop.example/done",
    });
    expect(created.locale).toBeNull();
    await page.goto(created.url);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(translator("ja")("intro.title", { age: 16 }));
    expect((await session(created.id)).body.locale).toBeNull();
  });
});

test("a session's locale wins over the browser's Accept-Language", async ({ browser }) => {
  const context = await browser.newContext({ locale: "de-DE", viewport: PHONE });
  const page = await context.newPage();
  const created = await createSession(baseUrl(), keys.testKey, {
    required_age: 18,
    return_url: "https://shop.example/done",
    locale: "pl",
  });
  await page.goto(created.url);
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translator("pl")("intro.title", { age: 18 }));
  await context.close();
});

test.describe("live mode in Arabic and Japanese", () => {
  let provider: http.Server;
  let stack: TestStack;
  let live: Awaited<ReturnType<typeof newOrg>>;
  const verdicts: { result: string; confidence: string }[] = [];
  // A valid 2x2 PNG, as a phone's photo library would hand over (the page re-encodes it as JPEG).
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
    "base64",
  );

  test.beforeAll(async () => {
    provider = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(verdicts.shift() ?? { result: "inconclusive", confidence: "low" }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    stack = await startTestStack({
      env: { FACE_ESTIMATION_PROVIDER_URL: `${url}/face`, ID_DOCUMENT_PROVIDER_URL: `${url}/document` },
    });
    live = await newOrg("e2e-locales-live", { databaseUrl: stack.databaseUrl });
  });

  test.afterAll(async () => {
    await stack?.stop();
    await new Promise((resolve) => provider?.close(resolve));
  });

  for (const locale of ["ar", "ja"] as const) {
    test(`${locale}: an unreadable upload is refused in ${locale}, a photo is taken again and passes`, async ({
      page,
    }) => {
      const t = translator(locale);
      await serveReturnSite(page);
      verdicts.push({ result: "pass", confidence: "high" });
      const created = await createSession(stack.baseUrl, live.liveKey, {
        required_age: 18,
        methods: ["face_estimation"],
        return_url: "https://shop.example/live",
        locale,
      });
      await page.goto(created.url);
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await page
        .getByRole("button", { name: t("intro.startWith", { method: t("method.phrase.face_estimation") }) })
        .click();
      await expect(page.getByRole("heading", { level: 2, name: t("method.label.face_estimation") })).toBeFocused();
      await expect(page.getByText(t("flow.privacyPartner"))).toBeVisible();
      await auditAndSnap(page, `locale-${locale}-live-method`);

      // The upload path: a file that is no image is refused, in the page's language (a retake).
      await page.getByTestId("photo-upload").setInputFiles({
        name: "note.png",
        mimeType: "image/png",
        buffer: Buffer.from("not an image at all"),
      });
      await page.getByRole("button", { name: t("capture.usePhoto") }).click();
      await expect(page.getByTestId("photo-error")).toHaveText(t("retake.imageType"));
      await expect(page.getByRole("button", { name: t("capture.chooseAnother") })).toBeVisible();
      await auditAndSnap(page, `locale-${locale}-live-retake`);

      await page.getByTestId("photo-upload").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
      await expect(page.getByRole("img", { name: t("flow.selfieAlt") })).toBeVisible();
      await auditAndSnap(page, `locale-${locale}-live-review`);
      await page.getByRole("button", { name: t("capture.usePhoto") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("result.confirmed"));
      await page.getByRole("button", { name: t("result.stay") }).click();
      await auditAndSnap(page, `locale-${locale}-live-result`);
      const done = await api(stack.baseUrl, live.liveKey, "GET", `/v1/verification-sessions/${created.id}`);
      expect(done.body).toMatchObject({ status: "passed", mode: "live", attempts: 1, locale });
    });

    test(`${locale}: a desktop without a camera offers the phone hand-off in ${locale}`, async ({ page }) => {
      const t = translator(locale);
      await page.setViewportSize(DESKTOP);
      await page.addInitScript(() => Object.defineProperty(navigator, "mediaDevices", { value: undefined }));
      const created = await createSession(stack.baseUrl, live.liveKey, {
        required_age: 18,
        methods: ["face_estimation"],
        return_url: "https://shop.example/live",
        locale,
      });
      await page.goto(created.url);
      await page
        .getByRole("button", { name: t("intro.startWith", { method: t("method.phrase.face_estimation") }) })
        .click();
      const handoff = page.getByTestId("phone-handoff");
      await expect(handoff.getByRole("heading", { name: t("handoff.continueOnPhone") })).toBeVisible();
      await expect(handoff.getByRole("img", { name: t("handoff.qrLabel") })).toBeVisible();
      await auditAndSnap(page, `locale-${locale}-live-handoff`);
    });
  }
});
