import { expect, test } from "@playwright/test";
import { baseUrl, watchConsole } from "./dashboard-support";
import { screenshotAtBothWidths } from "./support/screenshots";

test("home page leads to sign-up and sign-in, the studio, the dashboard and the API reference", async ({ page }) => {
  await page.goto(baseUrl());
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/sign-up");
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in");
  await screenshotAtBothWidths(page, ".data/screenshots/home/home");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Voiceage");
  await expect(page.getByRole("link", { name: /Voice Studio/ })).toHaveAttribute("href", "/studio");
  await expect(page.getByRole("link", { name: /Dashboard/ })).toHaveAttribute("href", "/dashboard");
  await expect(page.getByRole("link", { name: /API reference/ }).first()).toHaveAttribute("href", "/docs");
});

// The reference pages are Swagger UI served from this app: they must render every operation of
// the document from local assets, with no request to any other host.
for (const reference of [
  { name: "Age Verification API", document: "/openapi/verification.json", operation: "/v1/verification-sessions" },
  { name: "Voice Prompt API", document: "/openapi/voice.json", operation: "/tts" },
]) {
  test(`the ${reference.name} reference renders its document from this origin only`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(`${baseUrl()}/docs`);
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
    await page.getByRole("link", { name: reference.name }).click();

    const document = await (await page.request.get(`${baseUrl()}${reference.document}`)).json();
    // Every operation of the paths and of the webhooks section (Swagger UI shows both).
    const operationCount = [...Object.values(document.paths ?? {}), ...Object.values(document.webhooks ?? {})].flatMap(
      (item) =>
        Object.keys(item as object).filter((key) =>
          ["get", "head", "post", "put", "patch", "delete", "options", "trace"].includes(key),
        ),
    ).length;
    expect(operationCount).toBeGreaterThan(3);
    await expect(page.locator(".opblock-summary-path", { hasText: reference.operation }).first()).toBeVisible();
    await expect(page.locator(".opblock")).toHaveCount(operationCount);
    await expect(page.getByRole("link", { name: "OpenAPI document (JSON)" })).toHaveAttribute(
      "href",
      reference.document,
    );

    await screenshotAtBothWidths(
      page,
      `.data/screenshots/docs/${reference.document.split("/").pop()!.replace(".json", "")}`,
    );
    expect(problems).toEqual([]);
  });
}
