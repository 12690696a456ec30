// State that must hold across app instances lives in the database: a second `next start` on
// the same database shares the organisation's rate limit and its idempotency keys.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/platform/db";
import { baseUrl } from "../support/api";
import { startAppInstance } from "../support/test-stack";
import { expectError, v1At, validBody, waitForRoomInWindow } from "./support";
import { newOrg } from "../support/fixtures";

let second: Awaited<ReturnType<typeof startAppInstance>>;

beforeAll(async () => {
  second = await startAppInstance({ databaseUrl: inject("databaseUrl") });
});
afterAll(async () => {
  await second?.stop();
});

describe("two app instances on one database", () => {
  it("share one organisation's 100 requests per minute, test and live keys together", async () => {
    const { testKey, liveKey } = await newOrg("two-instances");
    const instances = [baseUrl(), second.baseUrl];
    await waitForRoomInWindow();

    const results: { status: number }[] = [];
    for (let start = 0; start < 100; start += 10) {
      results.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, j) => {
            const i = start + j;
            return v1At(instances[i % 2], "GET", "/v1/verification-sessions?limit=1", {
              key: i % 3 === 0 ? liveKey : testKey,
            });
          }),
        )),
      );
    }
    expect(results.filter((r) => r.status === 200)).toHaveLength(100);

    for (const instance of instances) {
      for (const key of [testKey, liveKey]) {
        const limited = await v1At(instance, "GET", "/v1/verification-sessions", { key });
        expectError(limited, { status: 429, type: "rate_limit_error", code: "rate_limited" });
        expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it("never create two sessions for one Idempotency-Key, whichever instance each retry reaches", async () => {
    const { orgId, testKey } = await newOrg("idem-two");
    const headers = { "idempotency-key": "order-cross-instance" };
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        v1At(i % 2 ? second.baseUrl : baseUrl(), "POST", "/v1/verification-sessions", {
          key: testKey,
          body: validBody,
          headers,
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    expect(new Set(responses.map((r) => r.body.url)).size).toBe(1);
    expect(responses.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(5);
    expect(await db.verificationSession.count({ where: { orgId } })).toBe(1);
  });
});
