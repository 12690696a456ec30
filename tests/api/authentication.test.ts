// Keys (spec part 5): missing, malformed, unknown, revoked or wrong-mode keys are 401
// authentication_error / invalid_api_key on every /v1 route, and nothing behind them runs.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { hashApiKey } from "@/lib/account/keys/key-format";
import { revokeApiKey } from "@/lib/account/keys/revoke-api-key";
import { v1 } from "../support/api";
import { expectError, expectRateLimitHeaders, validBody } from "./support";
import { newOrg } from "../support/fixtures";

const expect401 = (res: Awaited<ReturnType<typeof v1>>) => {
  expectError(res, { status: 401, type: "authentication_error", code: "invalid_api_key" });
  expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
};

const call = (authorization: string | undefined, path = "/v1/verification-sessions") =>
  v1("GET", path, { headers: authorization === undefined ? {} : { authorization } });

describe("API keys", () => {
  it("rejects a request without an Authorization header", async () => {
    expect401(await call(undefined));
  });

  it.each([
    ["an empty bearer", "Bearer "],
    ["another scheme", "Basic c2tfdGVzdF94Og=="],
    ["no scheme", "sk_test_0123456789abcdefghijklmnopqrstuv"],
    ["a non-key token", "Bearer not-a-key"],
    ["a publishable-style prefix", "Bearer pk_test_0123456789abcdefghijklmnopqrstuvwxyz"],
    ["a key with too few random characters", "Bearer sk_test_0123456789abcdefghijklmnopqrstu"],
    ["a key with a bad character", "Bearer sk_test_0123456789abcdefghijklmnopqrstuv-wxyz"],
    ["two tokens", "Bearer sk_test_a sk_test_b"],
  ])("rejects %s", async (_label, authorization) => {
    expect401(await call(authorization));
  });

  it("rejects a well-formed key that is not on file", async () => {
    expect401(await call(`Bearer sk_test_${"Q".repeat(40)}`));
    expect401(await call(`Bearer sk_live_${"Q".repeat(40)}`));
  });

  it("rejects a key whose mode prefix was changed", async () => {
    const { testKey, liveKey } = await newOrg();
    expect401(await call(`Bearer ${testKey.replace("sk_test_", "sk_live_")}`));
    expect401(await call(`Bearer ${liveKey.replace("sk_live_", "sk_test_")}`));
    expect((await call(`Bearer ${testKey}`)).status).toBe(200);
  });

  it("accepts the scheme in any case, and rejects a revoked key everywhere", async () => {
    const { testKey, liveKey } = await newOrg();
    expect((await call(`bearer ${testKey}`)).status).toBe(200);
    const row = await db.apiKey.findUniqueOrThrow({ where: { keyHash: hashApiKey(testKey) } });
    await revokeApiKey(row.id);
    expect401(await call(`Bearer ${testKey}`));
    expect401(await v1("POST", "/v1/verification-sessions", { key: testKey, body: validBody }));
    expect401(await call(`Bearer ${testKey}`, "/v1/verification-sessions/vs_x"));
    // The organisation's other key is untouched.
    expect((await call(`Bearer ${liveKey}`)).status).toBe(200);
  });

  it("authenticates before anything else: a bad key never reaches validation or creates anything", async () => {
    const { orgId } = await newOrg();
    const res = await v1("POST", "/v1/verification-sessions", {
      key: `sk_test_${"Q".repeat(40)}`,
      body: { required_age: 99 },
    });
    expect401(res);
    expect(await db.verificationSession.count({ where: { orgId } })).toBe(0);
  });

  it("protects every /v1 route, including test helpers and unknown paths", async () => {
    for (const [method, path] of [
      ["POST", "/v1/test_helpers/verification-sessions/vs_x/complete"],
      ["POST", "/v1/test_helpers/verification-sessions/vs_x/expire"],
      ["GET", "/v1/verification-sessions/vs_x"],
      ["GET", "/v1/nothing-here"],
    ]) {
      const res = await v1(method, path, {});
      expect401(res);
      // Unauthenticated requests are counted per client address, so they carry the headers too.
      expectRateLimitHeaders(res);
    }
  });
});
