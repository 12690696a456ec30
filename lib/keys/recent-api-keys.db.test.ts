// Keys found valid are remembered for a few seconds (lib/keys/recent-api-keys.ts), against the
// real database and its notification channel: what is remembered, for how long at most, and how
// a revocation reaches a process that remembers the key.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { notifyApiKeysChanged } from "@/lib/db/api-key-changes";
import { authenticateApiKey, recentApiKeys } from "@/lib/keys/authenticate-api-key";
import { hashApiKey } from "@/lib/keys/key-format";
import { createRecentApiKeys, RECENT_API_KEY_MS } from "@/lib/keys/recent-api-keys";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import { newOrg } from "../../tests/support/fixtures";

/** Marks the key revoked in the database only, as if the change's notice never reached us. */
async function revokeSilently(key: string) {
  await db.apiKey.update({ where: { keyHash: hashApiKey(key) }, data: { revokedAt: new Date() } });
}

/**
 * Authenticates until the key is remembered: a change to any key, announced by another test
 * file sharing the database, makes a lookup in flight at that moment not keep its answer.
 */
async function authenticateAndRemember(key: string, now: number) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const principal = await authenticateApiKey(key, { now });
    if (recentApiKeys.get(hashApiKey(key), now)) return principal;
  }
  throw new Error("the key was never remembered");
}

describe("recently found API keys", () => {
  it("answers a key found valid from memory for at most RECENT_API_KEY_MS, then asks the database again", async () => {
    await recentApiKeys.listening();
    const { orgId, testKey } = await newOrg();
    const now = Date.now();
    expect(await authenticateAndRemember(testKey, now)).toMatchObject({ orgId, mode: "test" });
    await revokeSilently(testKey);
    // The database says revoked; the process has not heard: within the bound it still believes the key.
    expect(await authenticateApiKey(testKey, { now: now + RECENT_API_KEY_MS - 1 })).toMatchObject({ orgId });
    // At the bound it asks again, and the revoked key is refused.
    expect(await authenticateApiKey(testKey, { now: now + RECENT_API_KEY_MS })).toBeNull();
    // A key not found is never remembered: still refused a moment later, asked each time.
    expect(await authenticateApiKey(testKey, { now: now + RECENT_API_KEY_MS + 1 })).toBeNull();
  });

  it("forgets a key revoked by another process as its notice arrives, well within the bound", async () => {
    await recentApiKeys.listening();
    const { testKey } = await newOrg();
    const now = Date.now();
    expect(await authenticateAndRemember(testKey, now)).not.toBeNull();
    await revokeSilently(testKey);
    expect(await authenticateApiKey(testKey, { now })).not.toBeNull();
    // What revokeApiKey sends from whichever process revokes; this process only hears it.
    await notifyApiKeysChanged([hashApiKey(testKey)]);
    const started = Date.now();
    while ((await authenticateApiKey(testKey, { now })) !== null) {
      expect(Date.now() - started, "the notice never arrived").toBeLessThan(2_000);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  it("refuses a key revoked through revokeApiKey on the next request, at the same instant", async () => {
    await recentApiKeys.listening();
    const { orgId, testKey } = await newOrg();
    const now = Date.now();
    expect(await authenticateAndRemember(testKey, now)).not.toBeNull();
    const row = await db.apiKey.findUniqueOrThrow({ where: { keyHash: hashApiKey(testKey) } });
    await revokeApiKey(row.id, orgId);
    expect(await authenticateApiKey(testKey, { now })).toBeNull();
  });

  it("never remembers a key past its own expiry (a rolled key's window)", async () => {
    await recentApiKeys.listening();
    const { testKey } = await newOrg();
    const now = Date.now();
    await db.apiKey.update({ where: { keyHash: hashApiKey(testKey) }, data: { expiresAt: new Date(now + 1_000) } });
    expect(await authenticateAndRemember(testKey, now)).not.toBeNull();
    expect(recentApiKeys.get(hashApiKey(testKey), now + 999)).toBeDefined();
    expect(recentApiKeys.get(hashApiKey(testKey), now + 1_000)).toBeUndefined();
    expect(await authenticateApiKey(testKey, { now: now + 1_000 })).toBeNull();
  });
});

describe("createRecentApiKeys", () => {
  it("keeps nothing a change overtook, and at most maxKeys keys, the oldest going first", () => {
    const recent = createRecentApiKeys<string>({ listen: false, maxKeys: 2, ttlMs: 1_000 });
    const at = (since: number) => ({ now: 0, expiresAt: null, since });
    // A lookup that began before a change must not store what it read.
    const since = recent.begin();
    recent.forget("other");
    recent.remember("a", "A", at(since));
    expect(recent.get("a", 0)).toBeUndefined();

    recent.remember("a", "A", at(recent.begin()));
    recent.remember("b", "B", at(recent.begin()));
    recent.remember("c", "C", at(recent.begin()));
    expect([recent.get("a", 0), recent.get("b", 0), recent.get("c", 0)]).toEqual([undefined, "B", "C"]);
    expect(recent.get("b", 999)).toBe("B");
    expect(recent.get("b", 1_000)).toBeUndefined();
  });

  it("remembers nothing until it hears changes", async () => {
    const recent = createRecentApiKeys<string>();
    recent.remember("a", "A", { now: 0, expiresAt: null, since: recent.begin() });
    await recent.listening();
    expect(recent.get("a", 0)).toBeUndefined();
    recent.remember("a", "A", { now: 0, expiresAt: null, since: recent.begin() });
    expect(recent.get("a", 0)).toBe("A");
  });
});
