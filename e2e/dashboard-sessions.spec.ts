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
  const passed = [await completedSession(testKey, { order: "5001" }), await completedSession(testKey, { order: "5002" })];
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
  await expect(page).toHaveURL(/\?status=created&mode=test$/);
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
  await expect(page).toHaveURL(/\?status=created&mode=live$/);
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
