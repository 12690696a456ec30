// The sessions list over more than one page (20 a page): Older and Newer walk it without
// losing or repeating a session, and filters keep their state while paging.
import { expect, test, type Page } from "@playwright/test";
import { completedSession, createKey, go, newAccount, signUp, v1, watchConsole, shoot } from "./dashboard-support";

async function createdSession(key: string) {
  const created = await v1("/v1/verification-sessions", key, {
    method: "POST",
    body: { required_age: 18, return_url: "https://shop.example/done" },
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** The session ids listed on the page, top to bottom. */
async function listedIds(page: Page) {
  return page.getByRole("table").getByRole("link", { name: /^vs_/ }).allTextContents();
}

test("sessions: Older and Newer over several pages, with filters kept while paging", async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await signUp(page, newAccount());
  const testKey = await createKey(page, "Paging test");
  await page.getByRole("button", { name: "Done" }).click();
  const liveKey = await createKey(page, "Paging live", "live");
  await page.getByRole("button", { name: "Done" }).click();

  // 23 test sessions left created, 2 passed, and 2 live ones: 27 in all, newest last here.
  const createdTest: string[] = [];
  for (let i = 0; i < 23; i++) createdTest.push(await createdSession(testKey));
  const passed = [
    await completedSession(testKey, { order: "5001" }),
    await completedSession(testKey, { order: "5002" }),
  ];
  const live = [await createdSession(liveKey), await createdSession(liveKey)];
  const newestFirst = [...createdTest, ...passed, ...live].reverse();

  const olderLink = page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Older →" });
  const newerLink = page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "← Newer" });
  const pageLabel = page.getByRole("navigation", { name: "Pages" }).getByText(/^Page \d+$/);

  // Unfiltered: 20, then 7, then back.
  await go(page, "Sessions");
  await expect(pageLabel).toHaveText("Page 1");
  expect(await listedIds(page)).toEqual(newestFirst.slice(0, 20));
  await expect(newerLink).toHaveCount(0);
  await olderLink.click();
  await expect(pageLabel).toHaveText("Page 2");
  expect(await listedIds(page)).toEqual(newestFirst.slice(20));
  await expect(olderLink).toHaveCount(0);
  await newerLink.click();
  await expect(pageLabel).toHaveText("Page 1");
  expect(await listedIds(page)).toEqual(newestFirst.slice(0, 20));

  // Created test sessions only: 23, so two pages; the filters stay set on every page.
  await page.getByLabel("Status").selectOption("created");
  await page.getByLabel("Mode").selectOption("test");
  await page.getByRole("button", { name: "Apply filters" }).click();
  // The form sends its empty search fields too.
  await expect(page).toHaveURL(/\?q=&status=created&mode=test&from=&to=$/);
  const createdNewestFirst = [...createdTest].reverse();
  await expect(pageLabel).toHaveText("Page 1");
  expect(await listedIds(page)).toEqual(createdNewestFirst.slice(0, 20));
  await olderLink.click();
  await expect(pageLabel).toHaveText("Page 2");
  await expect(page).toHaveURL(/\?status=created&mode=test&c=/);
  expect(await listedIds(page)).toEqual(createdNewestFirst.slice(20));
  await expect(page.getByLabel("Status")).toHaveValue("created");
  await expect(page.getByLabel("Mode")).toHaveValue("test");
  await expect(page.getByRole("link", { name: "Clear filters" })).toBeVisible();
  for (const row of await page.getByRole("table").getByRole("row").all()) {
    if (await row.getByRole("columnheader").count()) continue;
    await expect(row).toContainText("Created");
  }
  await shoot(page, "18-sessions-filtered-page-2");
  await newerLink.click();
  await expect(pageLabel).toHaveText("Page 1");
  await expect(page).toHaveURL(/\?status=created&mode=test$/);
  await expect(page.getByLabel("Status")).toHaveValue("created");
  await expect(page.getByLabel("Mode")).toHaveValue("test");
  expect(await listedIds(page)).toEqual(createdNewestFirst.slice(0, 20));

  // Changing a filter from a later page starts again at the first page of the new filter.
  await olderLink.click();
  await expect(pageLabel).toHaveText("Page 2");
  await page.getByLabel("Mode").selectOption("live");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\?q=&status=created&mode=live&from=&to=$/);
  await expect(pageLabel).toHaveText("Page 1");
  expect(await listedIds(page)).toEqual([...live].reverse());
  await expect(olderLink).toHaveCount(0);

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/dashboard\/sessions$/);
  await expect(page.getByLabel("Status")).toHaveValue("");
  await expect(page.getByLabel("Mode")).toHaveValue("");
  expect(await listedIds(page)).toEqual(newestFirst.slice(0, 20));
  expect(problems).toEqual([]);
});

test("sessions: search by exact id and by metadata, with days; a search that cannot run says why and takes the focus", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await signUp(page, newAccount());
  const key = await createKey(page, "Search test");
  await page.getByRole("button", { name: "Done" }).click();
  const order1003 = await completedSession(key, { order: "1003", customer: "cus_7" });
  const order1004 = await completedSession(key, { order: "1004", customer: "cus_7" });
  const other = await createdSession(key);
  await go(page, "Sessions");

  // Metadata key:value, exact: order:1003 is not order:10030 nor order:1004.
  await page.getByLabel("Search").fill("order:1003");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/q=order%3A1003/);
  expect(await listedIds(page)).toEqual([order1003]);
  await expect(page.getByLabel("Search")).toHaveValue("order:1003");
  await shoot(page, "sessions-search-metadata");

  await page.getByLabel("Search").fill("customer:cus_7");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/q=customer%3Acus_7/);
  expect(await listedIds(page)).toEqual([order1004, order1003]);

  // An exact id.
  await page.getByLabel("Search").fill(other);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${other}`));
  expect(await listedIds(page)).toEqual([other]);

  // Days, in UTC: today finds all three, yesterday none.
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Search").fill("");
  await page.getByLabel("Created from (UTC)").fill(today);
  await page.getByLabel("Created to (UTC)").fill(today);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  expect(await listedIds(page)).toEqual([other, order1004, order1003]);
  await page.getByLabel("Created from (UTC)").fill(yesterday);
  await page.getByLabel("Created to (UTC)").fill(yesterday);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No sessions match these filters")).toBeVisible();

  // What cannot be searched is said next to its field, and the focus moves there.
  await page.getByLabel("Created from (UTC)").fill(today);
  await page.getByLabel("Created to (UTC)").fill(yesterday);
  await page.getByLabel("Search").fill("1003");
  await page.getByRole("button", { name: "Apply filters" }).click();
  const search = page.getByLabel("Search");
  await expect(search).toHaveAttribute("aria-invalid", "true");
  await expect(
    page.getByText("Search by a session id (vs_…) or by metadata as key:value, for example order:1003."),
  ).toBeVisible();
  await expect(page.getByText("The end date is before the start date. Choose a day on or after it.")).toBeVisible();
  await expect(search).toBeFocused();
  await shoot(page, "sessions-search-errors");

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/dashboard\/sessions$/);
  expect(await listedIds(page)).toEqual([other, order1004, order1003]);
  expect(problems).toEqual([]);
});
