// The running app (a second `next start` of the same build) started for one test file with its
// own environment, a key of a new organisation, and a caller that checks every answer against
// the Voice API's OpenAPI document.
import { afterAll, beforeAll, inject } from "vitest";
import { assertMatchesContract } from "../support/contract";
import { newOrg } from "../support/fixtures";
import { startAppInstance, type AppProcess } from "../support/test-stack";

/**
 * Registers the file's beforeAll (start the app, make the organisation) and afterAll (stop
 * it). `env` is read when the app starts, after the file's earlier beforeAll hooks (a fake
 * upstream's address, say); afterAll hooks run in reverse, so the app stops before them.
 */
export function voiceAppForFile(orgName: string, env: () => Record<string, string>) {
  let app: AppProcess | undefined;
  let key = "";
  beforeAll(async () => {
    app = await startAppInstance({ databaseUrl: inject("databaseUrl"), env: env() });
    key = (await newOrg(orgName)).testKey;
  });
  afterAll(async () => {
    await app?.stop();
  });

  async function call(method: string, path: string, body?: unknown) {
    const res = await fetch(`${started().baseUrl}${path}`, {
      method,
      headers: { "x-api-key": key, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const parsed = await res.json();
    assertMatchesContract("voice", method, path, res.status, res.headers, parsed);
    return { status: res.status, headers: res.headers, body: parsed };
  }
  function started(): AppProcess {
    if (!app) throw new Error("the app is started in beforeAll");
    return app;
  }
  return { app: started, key: () => key, call };
}
