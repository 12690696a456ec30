import type { Page } from "@playwright/test";

/** Records the browser's CSP violation reports on every document the page opens. */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} on ${location.pathname}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}
