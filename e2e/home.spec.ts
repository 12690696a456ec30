import { expect, test } from "@playwright/test";

test("home page links to the studio and the dashboard", async ({ page }) => {
  await page.goto(process.env.E2E_BASE_URL!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Voiceage");
  await expect(page.getByRole("link", { name: /Voice Studio/ })).toHaveAttribute("href", "/studio");
  await expect(page.getByRole("link", { name: /Dashboard/ })).toHaveAttribute("href", "/dashboard");
});
