// The test fixtures write organisations and keys with their own SQL (Playwright cannot load the
// app's server modules): such a key must be the row the app itself writes, and authenticate.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { authenticateApiKey } from "@/lib/account/keys/authenticate-api-key";
import { createApiKey } from "@/lib/account/keys/create-api-key";
import { newApiKey, newOrg, newOrganization } from "../../../tests/support/fixtures";

describe("fixture keys", () => {
  it("are rows like the ones createApiKey writes, and authenticate as the key of their organisation and mode", async () => {
    const org = await newOrganization("fixture-keys");
    const fixture = await newApiKey(org.id, "live", { name: "Checkout" });
    const made = await createApiKey({ orgId: org.id, mode: "live", name: "Checkout" });

    const comparable = async (id: string) => {
      const {
        id: _id,
        keyHash,
        prefix,
        last4,
        createdAt,
        ...rest
      } = await db.apiKey.findUniqueOrThrow({ where: { id } });
      return {
        ...rest,
        keyHashShape: /^[0-9a-f]{64}$/.test(keyHash),
        prefixShape: prefix.length,
        last4Shape: last4.length,
        createdAt: createdAt instanceof Date,
      };
    };
    expect(await comparable(fixture.id)).toEqual(await comparable(made.id));
    expect(await authenticateApiKey(fixture.key)).toEqual({ orgId: org.id, keyId: fixture.id, mode: "live" });
  });

  it("come with newOrg: a test key, and a live key unless asked not to", async () => {
    const both = await newOrg("fixture-keys");
    expect(await authenticateApiKey(both.testKey)).toMatchObject({ orgId: both.orgId, mode: "test" });
    expect(await authenticateApiKey(both.liveKey)).toMatchObject({ orgId: both.orgId, mode: "live" });
    const testOnly = await newOrg("fixture-keys", { live: false });
    expect(testOnly.liveKey).toBe("");
    expect(await db.apiKey.count({ where: { orgId: testOnly.orgId } })).toBe(1);
  });
});
