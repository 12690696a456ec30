// Key revocation's typed errors against the real database: "not found" only when no active key
// matches, and a database failure reported as itself, never as a missing key.
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/platform/db";
import { ApiKeyNotFoundError, revokeApiKey } from "@/lib/account/keys/revoke-api-key";
import { newOrg } from "../../../tests/support/fixtures";

afterEach(() => vi.restoreAllMocks());

describe("revokeApiKey", () => {
  it("revokes an active key of the organisation, then reports it not found", async () => {
    const { orgId } = await newOrg("revoke");
    const { id } = await db.apiKey.findFirstOrThrow({ where: { orgId, mode: "test" } });
    expect(await revokeApiKey(id, orgId)).toEqual([id]);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id } })).revokedAt).toBeInstanceOf(Date);
    await expect(revokeApiKey(id, orgId)).rejects.toThrow(ApiKeyNotFoundError);
  });

  it("reports an unknown key, or another organisation's, as not found", async () => {
    const [mine, theirs] = await Promise.all([newOrg("revoke"), newOrg("revoke")]);
    const { id } = await db.apiKey.findFirstOrThrow({ where: { orgId: theirs.orgId, mode: "test" } });
    await expect(revokeApiKey("key_doesnotexist", mine.orgId)).rejects.toThrow(
      new ApiKeyNotFoundError("key_doesnotexist"),
    );
    await expect(revokeApiKey(id, mine.orgId)).rejects.toThrow(ApiKeyNotFoundError);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id } })).revokedAt).toBeNull();
  });

  it("lets a database failure through as itself, not as a missing key", async () => {
    const { orgId } = await newOrg("revoke");
    const { id } = await db.apiKey.findFirstOrThrow({ where: { orgId, mode: "test" } });
    const outage = new Error("Can't reach database server");
    vi.spyOn(db.apiKey, "findMany").mockRejectedValueOnce(outage);
    const failure = await revokeApiKey(id, orgId).catch((error: unknown) => error);
    expect(failure).toBe(outage);
    expect(failure).not.toBeInstanceOf(ApiKeyNotFoundError);
  });
});
