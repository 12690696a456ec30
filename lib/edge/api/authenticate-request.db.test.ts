// The /v1 request authenticator against the real database: exact per-request counting at the
// default limit, and budget blocks above it that still never grant more than the limit across
// instances (two authenticators play two app instances).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { blockSize, createRequestAuthenticator } from "@/lib/edge/api/authenticate-request";
import { revokeApiKey } from "@/lib/account/keys/revoke-api-key";
import { newOrg } from "../../../tests/support/fixtures";

const windowMiddle = () => Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
const dbCount = async (orgId: string, now: number) =>
  (
    await db.rateLimitWindow.findUnique({
      where: { orgId_windowStart: { orgId, windowStart: new Date(Math.floor(now / 60_000) * 60_000) } },
    })
  )?.count ?? 0;

describe("blockSize", () => {
  it("is 1 (exact counting) up to 199 per minute, 1% of the limit above, at most 100", () => {
    expect([blockSize(100), blockSize(199), blockSize(1000), blockSize(6000), blockSize(1e9)]).toEqual([
      1, 1, 10, 60, 100,
    ]);
  });
});

describe("authenticate and count", () => {
  it("at the default limit counts every request in the database, and refuses the 101st", async () => {
    const { orgId, testKey, liveKey } = await newOrg();
    const authenticate = createRequestAuthenticator();
    const now = windowMiddle();
    const remaining: number[] = [];
    for (let i = 0; i < 100; i++) {
      const result = await authenticate(i % 2 ? liveKey : testKey, { now, limit: 100 });
      expect(result?.rate.allowed).toBe(true);
      remaining.push(result!.rate.remaining);
    }
    expect(remaining).toEqual(Array.from({ length: 100 }, (_, i) => 99 - i));
    const refused = await authenticate(testKey, { now, limit: 100 });
    expect(refused?.rate).toMatchObject({ allowed: false, remaining: 0 });
    expect(await dbCount(orgId, now)).toBe(101);
  });

  it("returns null, charging nobody, for unknown, malformed, wrong-mode and revoked keys", async () => {
    const { orgId, testKey } = await newOrg();
    const authenticate = createRequestAuthenticator();
    const now = windowMiddle();
    for (const key of [undefined, "", "nope", `sk_test_${"Z".repeat(40)}`, testKey.replace("sk_test_", "sk_live_")]) {
      expect(await authenticate(key, { now, limit: 100 })).toBeNull();
    }
    const row = await db.apiKey.findFirstOrThrow({ where: { orgId, mode: "test" } });
    await revokeApiKey(row.id);
    expect(await authenticate(testKey, { now, limit: 100 })).toBeNull();
    expect(await dbCount(orgId, now)).toBe(0);
  });

  it("above 100/min takes blocks: two instances together never grant more than the limit, and write once per block", async () => {
    const { orgId, testKey, liveKey } = await newOrg();
    const instances = [createRequestAuthenticator(), createRequestAuthenticator()];
    const now = windowMiddle();
    const limit = 1000; // blocks of 10
    let granted = 0;
    let refusedInARow = 0;
    for (let i = 0; refusedInARow < 4 && i < 2000; i++) {
      const result = await instances[i % 2](i % 3 ? testKey : liveKey, { now, limit });
      expect(result).not.toBeNull();
      if (result!.rate.allowed) {
        granted++;
        refusedInARow = 0;
      } else {
        refusedInARow++;
        expect(result!.rate.remaining).toBe(0);
      }
    }
    expect(granted).toBeLessThanOrEqual(limit);
    // Each instance may be left holding at most one block's unused remainder.
    expect(granted).toBeGreaterThanOrEqual(limit - 2 * (blockSize(limit) - 1));
    // About one write per 10 requests: the count is what was taken, a little past the limit.
    const counted = await dbCount(orgId, now);
    expect(counted).toBeGreaterThanOrEqual(limit);
    expect(counted).toBeLessThanOrEqual(limit + 2 * 2 * blockSize(limit));
  });

  it("in block mode a revoked key is refused on the next request, though its organisation's block has budget left", async () => {
    const { orgId, testKey, liveKey } = await newOrg();
    const authenticate = createRequestAuthenticator();
    const now = windowMiddle();
    const limit = 10_000;
    for (const key of [testKey, liveKey]) expect((await authenticate(key, { now, limit }))?.rate.allowed).toBe(true);
    const taken = await dbCount(orgId, now);
    const row = await db.apiKey.findFirstOrThrow({ where: { orgId, mode: "test" } });
    await revokeApiKey(row.id);
    expect(await authenticate(testKey, { now: now + 1, limit })).toBeNull();
    // The organisation's other key is still served from the block already taken.
    expect((await authenticate(liveKey, { now: now + 2, limit }))?.rate.allowed).toBe(true);
    expect(await dbCount(orgId, now)).toBe(taken);
  });
});
