// Deleting a webhook endpoint and creating a live key in the dashboard, and the Origin check
// that keeps another site from calling the dashboard's server actions with an admin's cookies.
import { expect, test, type BrowserContext, type Page, type Request } from "@playwright/test";
import {
  baseUrl,
  completedSession,
  createEndpoint,
  createKey,
  go,
  newAccount,
  signUp,
  v1,
  watchConsole,
  useReceiver,
} from "./dashboard-support";
import { screenshotAtBothWidths } from "./support/screenshots";

const receiver = useReceiver();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("each endpoint in the list says which mode's events it receives", async ({ page }) => {
  const problems = watchConsole(page);
  await signUp(page, newAccount());
  const testKey = await createKey(page, "Test backend");
  await page.getByRole("button", { name: "Done" }).click();
  const liveKey = await createKey(page, "Live backend", "live");
  await page.getByRole("button", { name: "Done" }).click();
  for (const [key, path] of [
    [testKey, "/modes-test"],
    [liveKey, "/modes-live"],
  ]) {
    expect(
      (await v1("/v1/webhook-endpoints", key, { method: "POST", body: { url: receiver().url(path) } })).status,
    ).toBe(201);
  }
  await go(page, "Webhooks");
  const row = (path: string) => page.getByRole("row", { name: new RegExp(escape(receiver().url(path))) });
  await expect(row("/modes-test")).toContainText("Receives test sessions’ events only");
  await expect(row("/modes-live")).toContainText("Receives live sessions’ events only");
  // Every key lists both, and the answer says which mode each one is for.
  const listed = await v1("/v1/webhook-endpoints", testKey);
  const modes = Object.fromEntries(listed.body.data.map((e: { url: string; mode: string }) => [e.url, e.mode]));
  expect(modes).toEqual({ [receiver().url("/modes-test")]: "test", [receiver().url("/modes-live")]: "live" });
  await screenshotAtBothWidths(page, ".data/screenshots/dashboard/webhooks-modes");
  expect(problems).toEqual([]);
});

test("a deleted endpoint disappears from the list and receives nothing more", async ({ page }) => {
  const problems = watchConsole(page);
  await signUp(page, newAccount());
  const key = await createKey(page, "Hooks backend");
  await page.getByRole("button", { name: "Done" }).click();
  const keepSecret = await createEndpoint(page, receiver().url("/keep"));
  const goneSecret = await createEndpoint(page, receiver().url("/gone"));
  receiver().route("/keep", { secret: keepSecret });
  receiver().route("/gone", { secret: goneSecret });

  // Both endpoints receive while they exist.
  const before = await completedSession(key, { order: "4001" });
  await expect
    .poll(
      () =>
        ["/keep", "/gone"].every((path) =>
          receiver()
            .deliveries(path)
            .some((d) => d.body?.data?.id === before),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);

  await go(page, "Webhooks");
  const gone = page.getByRole("row", { name: new RegExp(escape(receiver().url("/gone"))) });
  const keep = page.getByRole("row", { name: new RegExp(escape(receiver().url("/keep"))) });
  await expect(page.getByText("2 active")).toBeVisible();
  const dialog = page.getByRole("dialog", { name: "Delete this endpoint?" });

  await gone.getByRole("button", { name: /^Delete/ }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(receiver().url("/gone"));
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(gone).toBeVisible();

  await gone.getByRole("button", { name: /^Delete/ }).click();
  await dialog.getByRole("button", { name: "Delete endpoint" }).click();
  await expect(gone).toHaveCount(0);
  await expect(keep).toBeVisible();
  await expect(page.getByText("1 active")).toBeVisible();
  await page.reload();
  await expect(keep).toBeVisible();
  await expect(gone).toHaveCount(0);

  // A new event reaches the endpoint that is left, and not the deleted one.
  const after = await completedSession(key, { order: "4002" });
  await expect
    .poll(
      () =>
        receiver()
          .deliveries("/keep")
          .some((d) => d.body?.data?.id === after),
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.waitForTimeout(2000); // the deleted endpoint's delivery, were there one, would be due by now
  expect(
    receiver()
      .deliveries("/gone")
      .filter((d) => d.body?.data?.id === after),
  ).toEqual([]);
  expect(receiver().deliveries("/gone")).toHaveLength(1);
  expect(problems).toEqual([]);
});

test("a live key is shown once with the sk_live_ prefix and listed as live", async ({ page }) => {
  const problems = watchConsole(page);
  await signUp(page, newAccount());
  const key = await createKey(page, "Production backend", "live");
  expect(key.startsWith("sk_live_")).toBe(true);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText(key)).toHaveCount(0);

  const row = page.getByRole("row", { name: /Production backend/ });
  await expect(row).toContainText("Live");
  await expect(row).not.toContainText("Test");
  await expect(row).toContainText(`${key.slice(0, 12)}…${key.slice(-4)}`);
  await page.reload();
  await expect(row).toContainText("Live");
  expect(await page.content()).not.toContain(key);

  // It really is a live key: what it creates is in live mode.
  const created = await v1("/v1/verification-sessions", key, {
    method: "POST",
    body: { required_age: 18, return_url: "https://shop.example/done" },
  });
  expect(created.status).toBe(201);
  expect(created.body.mode).toBe("live");
  expect(problems).toEqual([]);
});

/** The next server-action request the page sends while `act` runs. */
async function captureAction(page: Page, act: () => Promise<void>): Promise<Request> {
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"])),
    act(),
  ]);
  return request;
}

/** Sends a captured server-action request again, with the browser's cookies, from `origin`, with `body`. */
async function replay(context: BrowserContext, request: Request, origin: string, body: string) {
  const headers = await request.allHeaders();
  const cookie = (await context.cookies(baseUrl())).map((c) => `${c.name}=${c.value}`).join("; ");
  const response = await fetch(request.url(), {
    method: "POST",
    headers: {
      accept: headers["accept"],
      "content-type": headers["content-type"],
      "next-action": headers["next-action"],
      "next-router-state-tree": headers["next-router-state-tree"],
      origin,
      cookie,
    },
    body,
  });
  return { status: response.status, text: await response.text() };
}

test("CSRF: a dashboard server action replayed from another origin is refused and changes nothing", async ({
  page,
  context,
}) => {
  const evil = "https://evil.example";
  await signUp(page, newAccount());

  // Creating a key: the real request, then the same request from another site.
  await go(page, "API keys");
  await page.getByLabel("Name").fill("Real key");
  const create = await captureAction(page, () => page.getByRole("button", { name: "Create key" }).click());
  await expect(page.getByText("Copy your key now")).toBeVisible();
  const createBody = create.postData()!;
  expect(createBody).toContain("Real key");
  const key = (await page.getByRole("status", { name: "Real key (test key)" }).textContent())!.trim();
  await page.getByRole("button", { name: "Done" }).click();

  const forged = await replay(context, create, evil, createBody.replace("Real key", "Forged key"));
  expect(forged.status).toBeGreaterThanOrEqual(400);
  expect(forged.text).not.toMatch(/sk_(test|live)_/);
  await page.reload();
  await expect(page.getByRole("row", { name: /Forged key/ })).toHaveCount(0);
  // The same replay from the dashboard's own origin does create a key: it is the Origin that was refused.
  const own = await replay(context, create, baseUrl(), createBody.replace("Real key", "Replayed key"));
  expect(own.status).toBe(200);
  expect(own.text).toMatch(/sk_test_[A-Za-z0-9]{40}/);
  await page.reload();
  await expect(page.getByRole("row", { name: /Replayed key/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Forged key/ })).toHaveCount(0);

  // Deleting an endpoint: delete one for real, then aim the captured request at the other.
  const first = await v1("/v1/webhook-endpoints", key, { method: "POST", body: { url: receiver().url("/csrf-1") } });
  const second = await v1("/v1/webhook-endpoints", key, { method: "POST", body: { url: receiver().url("/csrf-2") } });
  expect([first.status, second.status]).toEqual([201, 201]);
  await go(page, "Webhooks");
  const firstRow = page.getByRole("row", { name: new RegExp(escape(receiver().url("/csrf-1"))) });
  const secondRow = page.getByRole("row", { name: new RegExp(escape(receiver().url("/csrf-2"))) });
  await firstRow.getByRole("button", { name: /^Delete/ }).click();
  const remove = await captureAction(page, () =>
    page
      .getByRole("dialog", { name: "Delete this endpoint?" })
      .getByRole("button", { name: "Delete endpoint" })
      .click(),
  );
  await expect(firstRow).toHaveCount(0);
  const removeBody = remove.postData()!;
  expect(removeBody).toContain(first.body.id);

  const forgedDelete = await replay(context, remove, evil, removeBody.replace(first.body.id, second.body.id));
  expect(forgedDelete.status).toBeGreaterThanOrEqual(400);
  await page.reload();
  await expect(secondRow).toBeVisible();
  const listed = await v1("/v1/webhook-endpoints", key);
  expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([second.body.id]);
  const ownDelete = await replay(context, remove, baseUrl(), removeBody.replace(first.body.id, second.body.id));
  expect(ownDelete.status).toBe(200);
  await page.reload();
  await expect(secondRow).toHaveCount(0);
});
