// What a fresh deployment meets at boot: `next start` of the production build refuses an unsafe or
// incomplete environment before answering any request, naming the variable; and the files a
// browser asks for on its own (favicon.ico) exist, so no page logs a 404 it did not cause.
import { inject } from "vitest";
import { baseUrl } from "../support/api";
import { describe, expect, it } from "vitest";
import { spawnApp } from "../support/test-stack";

describe("next start refuses an unsafe environment", () => {
  const boot = (env: Record<string, string>) => spawnApp({ databaseUrl: inject("databaseUrl"), env: { JOB_RUNNER: "off", ...env } });

  it("without secrets: names both and how to make one, and never becomes healthy", async () => {
    const failure = await boot({ APP_SECRET: "", AUTH_SECRET: "" }).then(
      (app) => app.stop().then(() => "started"),
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/^app exited early/);
    expect(failure).toContain("The server cannot start. Invalid environment: APP_SECRET: is not set");
    expect(failure).toContain("AUTH_SECRET: is not set");
    expect(failure).toContain("openssl rand -base64 32");
  });

  it("with the public dev-only secret", async () => {
    const failure = await boot({ AUTH_SECRET: "dev-only-auth-secret-change-me-in-production" }).then(
      (app) => app.stop().then(() => "started"),
      (error: Error) => error.message,
    );
    expect(failure).toContain("AUTH_SECRET: is the public dev-only default");
  });

  it("with S3 storage but no bucket, at boot rather than at the first request", async () => {
    const failure = await boot({ STORAGE_DRIVER: "s3" }).then(
      (app) => app.stop().then(() => "started"),
      (error: Error) => error.message,
    );
    expect(failure).toContain("S3_BUCKET: required when STORAGE_DRIVER=s3");
  });
});

describe("files browsers request by themselves", () => {
  it("serves /favicon.ico as an icon", async () => {
    const response = await fetch(`${baseUrl()}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]); // ICO header: reserved 0, type 1 (icon)
  });

  it("links the icons from every page and serves them", async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const links = [...html.matchAll(/<link rel="(?:icon|apple-touch-icon)" href="([^"]+)"/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const href of links) expect((await fetch(new URL(href, baseUrl()))).status).toBe(200);
  });
});
