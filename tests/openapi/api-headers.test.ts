// Every operation of both OpenAPI documents answers with a Request-Id and the API's CSP
// (script-src 'none'), whatever it answers: 401 without a key, 404 for an id that does not
// exist, 405 for a method a Voice API path does not serve, 429 once the address's budget for bad
// keys is spent. The list of API paths in proxy.ts comes from the same documents (#29).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALLOWED_METHODS } from "@/lib/voice/methods";
import { callApi } from "../support/api";
import {
  apiHeaderProblems,
  apiOperations,
  keyHeader,
  startIsolatedApp,
  type ApiOperation,
} from "../support/api-operations";
import { newOrg } from "../support/fixtures";

// Bad keys from one address per minute; above the number of authenticated operations, so that
// the 401 walk fits in one budget, then spent on purpose for the 429 walk.
const LIMIT = 60;
const operations = apiOperations();
const authenticated = operations.filter((o) => o.authenticated);

let isolated: Awaited<ReturnType<typeof startIsolatedApp>>;
beforeAll(async () => {
  expect(authenticated.length).toBeLessThan(LIMIT);
  isolated = await startIsolatedApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
}, 120_000);
afterAll(async () => {
  await isolated?.stop();
});

const origin = () => isolated.app.baseUrl;

async function send(operation: ApiOperation, headers: Record<string, string> = {}, method = operation.method) {
  const body = method === operation.method ? operation.body : undefined;
  return callApi(operation.api, origin(), method, operation.path, {
    rawBody: body?.raw,
    headers: { ...(body ? { "content-type": body.contentType } : {}), ...headers },
  });
}

describe("Request-Id and the API CSP on every operation", () => {
  it("without a key: 401 (or the answer of an operation that needs none)", async () => {
    for (const operation of operations) {
      const res = await send(operation);
      const what = `${operation.method} ${operation.path}`;
      if (operation.authenticated) expect(res.status, what).toBe(401);
      expect(apiHeaderProblems(res.headers), what).toEqual([]);
    }
  });

  it("with a key, for an id that does not exist: 404", async () => {
    const withId = operations.filter((o) => o.template.includes("{") && o.authenticated);
    expect(withId.length).toBeGreaterThan(10);
    for (const operation of withId) {
      // A fresh organisation each time: the walk stays under the per-organisation limit.
      const { testKey } = await newOrg("headers", { databaseUrl: isolated.databaseUrl });
      const res = await send(operation, keyHeader(operation.api, testKey));
      const what = `${operation.method} ${operation.path}`;
      expect(res.status, what).toBe(404);
      expect(apiHeaderProblems(res.headers), what).toEqual([]);
    }
    const unknown = await callApi("verification", origin(), "GET", "/v1/no-such-thing", {
      headers: keyHeader("verification", (await newOrg("h", { databaseUrl: isolated.databaseUrl })).testKey),
    });
    expect(unknown.status).toBe(404);
    expect(apiHeaderProblems(unknown.headers)).toEqual([]);
    // A path under a Voice API root that no route serves: the API's JSON 404, with its headers.
    const voiceKey = keyHeader("voice", (await newOrg("h", { databaseUrl: isolated.databaseUrl })).testKey);
    for (const [method, path] of [
      ["GET", "/prompt-sets/ps_x/no-such-thing"],
      ["POST", "/prompt-sets/ps_x/generate/again"],
      ["GET", "/voices/v_x"],
      ["DELETE", "/voices/v_x/preview.mp3/more"],
      ["GET", "/tts/x"],
      ["PUT", "/formats/x/y"],
      ["OPTIONS", "/tts/x"],
    ]) {
      const missing = await callApi("voice", origin(), method, path, { headers: voiceKey });
      expect(missing.status, `${method} ${path}`).toBe(404);
      expect(missing.body.error.code, `${method} ${path}`).toBe("not_found");
      expect(missing.headers.get("content-type")).toMatch(/^application\/json/);
      expect(apiHeaderProblems(missing.headers), `${method} ${path}`).toEqual([]);
    }
    // Without a key such a path is refused like any other: 401, not a hint that it does not exist.
    expect((await callApi("voice", origin(), "GET", "/voices/v_x")).status).toBe(401);
  });

  it("a method a Voice API path does not serve: 405", async () => {
    const paths = new Map<string, ApiOperation>();
    for (const operation of operations) if (operation.api === "voice") paths.set(operation.template, operation);
    for (const operation of paths.values()) {
      const served = new Set(operations.filter((o) => o.template === operation.template).map((o) => o.method));
      const method = ["DELETE", "PATCH", "PUT", "POST"].find((m) => !served.has(m))!;
      const res = await send(operation, {}, method);
      const what = `${method} ${operation.path}`;
      expect(res.status, what).toBe(405);
      expect(Object.values(ALLOWED_METHODS)).toContain(res.headers.get("allow"));
      expect(apiHeaderProblems(res.headers), what).toEqual([]);
    }
  });

  it("once the address has spent its budget for bad keys: 429 on both APIs", async () => {
    const badKey = (api: ApiOperation["api"]) => keyHeader(api, `sk_test_${"x".repeat(40)}`);
    const spend = async () => {
      for (let i = 0; i <= LIMIT; i++) {
        const res = await fetch(`${origin()}/formats`, { headers: badKey("voice") });
        if (res.status === 429) return;
      }
      throw new Error("the budget for bad keys never ran out");
    };
    await spend();
    for (const operation of authenticated) {
      let res = await send(operation, badKey(operation.api));
      // The one-minute window may turn during the walk: spend the new one and ask again.
      if (res.status === 401) {
        await spend();
        res = await send(operation, badKey(operation.api));
      }
      const what = `${operation.method} ${operation.path}`;
      expect(res.status, what).toBe(429);
      expect(Number(res.headers.get("retry-after")), what).toBeGreaterThan(0);
      expect(apiHeaderProblems(res.headers), what).toEqual([]);
    }
  });
});
