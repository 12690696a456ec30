// Rolling a key against the real database: the replacement works at once, the old key works
// until the end of its window and not a moment after, and the revocation is a Job row that a
// runner started later (a restart) still carries out.
import { afterEach, describe, expect, it, vi } from "vitest";
import { db, type Tx } from "@/lib/platform/db";
import { listApiKeys } from "@/lib/account/keys/list-api-keys";
import { startJobRunner } from "@/lib/platform/jobs/job-runner";
import { jobHandlers } from "@/lib/edge/jobs/registry";
import { authenticateApiKey } from "@/lib/account/keys/authenticate-api-key";
import { expireApiKeyIfDue } from "@/lib/account/keys/expire-api-key";
import { ApiKeyNotFoundError } from "@/lib/account/keys/revoke-api-key";
import { ApiKeyAlreadyRollingError, rollApiKey } from "@/lib/account/keys/roll-api-key";
import { newOrg } from "../../../tests/support/fixtures";

afterEach(() => vi.restoreAllMocks());

const HOUR = 60 * 60_000;

describe("rollApiKey", () => {
  it("creates a working replacement and keeps the old key working until the window ends", async () => {
    const { orgId, testKey, testKeyId } = await newOrg("roll");
    await db.apiKey.update({ where: { id: testKeyId }, data: { name: "Checkout backend" } });
    const now = new Date();
    const rolled = await rollApiKey({ orgId, id: testKeyId, window: "24h", now });

    expect(rolled.old).toEqual({ id: testKeyId, expiresAt: new Date(now.getTime() + 24 * HOUR) });
    expect(rolled.replacement).toMatchObject({ orgId, mode: "test", name: "Checkout backend" });
    expect(rolled.replacement.key).not.toBe(testKey);
    expect(await authenticateApiKey(rolled.replacement.key)).toMatchObject({ orgId, keyId: rolled.replacement.id });
    expect(await authenticateApiKey(testKey)).toMatchObject({ orgId, keyId: testKeyId });
    // Refused from the end of the window on, whether or not the job has run yet.
    expect(await authenticateApiKey(testKey, { now: now.getTime() + 24 * HOUR - 1 })).not.toBeNull();
    expect(await authenticateApiKey(testKey, { now: now.getTime() + 24 * HOUR })).toBeNull();

    const job = await db.job.findFirstOrThrow({
      where: { name: "keys/api-key.expire", payload: { equals: { keyId: testKeyId } } },
    });
    expect(job).toMatchObject({ status: "pending", runAt: rolled.old.expiresAt });

    // Both keys listed, the old one with its expiry.
    const keys = await listApiKeys(orgId);
    expect(keys.find((k) => k.id === testKeyId)).toMatchObject({ expiresAt: rolled.old.expiresAt, revokedAt: null });
    expect(keys.find((k) => k.id === rolled.replacement.id)).toMatchObject({ expiresAt: null, revokedAt: null });
  });

  it("with the window 'now' revokes the old key at once and schedules nothing", async () => {
    const { orgId, testKey, testKeyId } = await newOrg("roll");
    const rolled = await rollApiKey({ orgId, id: testKeyId, window: "now" });
    expect(await authenticateApiKey(testKey)).toBeNull();
    expect(await authenticateApiKey(rolled.replacement.key)).not.toBeNull();
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: testKeyId } })).revokedAt).toEqual(rolled.old.expiresAt);
    expect(
      await db.job.count({ where: { name: "keys/api-key.expire", payload: { equals: { keyId: testKeyId } } } }),
    ).toBe(0);
  });

  it("refuses a key that is rolling already, revoked, unknown or another organisation's, and creates nothing", async () => {
    const mine = await newOrg("roll");
    const theirs = await newOrg("roll");
    const first = await rollApiKey({ orgId: mine.orgId, id: mine.testKeyId, window: "1h" });
    const again = await rollApiKey({ orgId: mine.orgId, id: mine.testKeyId, window: "7d" }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ApiKeyAlreadyRollingError);
    expect((again as ApiKeyAlreadyRollingError).expiresAt).toEqual(first.old.expiresAt);

    await rollApiKey({ orgId: mine.orgId, id: first.replacement.id, window: "now" });
    await expect(rollApiKey({ orgId: mine.orgId, id: first.replacement.id, window: "1h" })).rejects.toThrow(
      ApiKeyNotFoundError,
    );
    await expect(rollApiKey({ orgId: mine.orgId, id: "key_doesnotexist", window: "1h" })).rejects.toThrow(
      ApiKeyNotFoundError,
    );
    await expect(rollApiKey({ orgId: mine.orgId, id: theirs.testKeyId, window: "1h" })).rejects.toThrow(
      ApiKeyNotFoundError,
    );
    expect(await db.apiKey.count({ where: { orgId: theirs.orgId } })).toBe(2);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: theirs.testKeyId } })).expiresAt).toBeNull();
    // mine: test + live + two replacements
    expect(await db.apiKey.count({ where: { orgId: mine.orgId } })).toBe(4);
  });

  it("two rolls of one key at once: one succeeds, the other is refused, one replacement exists", async () => {
    const { orgId, testKeyId } = await newOrg("roll");
    const results = await Promise.allSettled([
      rollApiKey({ orgId, id: testKeyId, window: "1h" }),
      rollApiKey({ orgId, id: testKeyId, window: "1h" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await db.apiKey.count({ where: { orgId, mode: "test" } })).toBe(2);
  });

  it("leaves nothing behind when the roll fails part-way: the old key keeps working unrolled", async () => {
    const { orgId, testKey, testKeyId } = await newOrg("roll");
    const outage = new Error("connection lost");
    const realTx = db.$transaction.bind(db);
    // The roll's own statements all run, then the commit fails.
    vi.spyOn(db, "$transaction").mockImplementationOnce(((fn: (tx: Tx) => Promise<unknown>) =>
      realTx(async (tx) => {
        await fn(tx);
        throw outage;
      })) as never);
    await expect(rollApiKey({ orgId, id: testKeyId, window: "24h" })).rejects.toBe(outage);
    expect(await db.apiKey.findUniqueOrThrow({ where: { id: testKeyId } })).toMatchObject({
      expiresAt: null,
      revokedAt: null,
    });
    expect(await db.apiKey.count({ where: { orgId, mode: "test" } })).toBe(1);
    expect(
      await db.job.count({ where: { name: "keys/api-key.expire", payload: { equals: { keyId: testKeyId } } } }),
    ).toBe(0);
    expect(await authenticateApiKey(testKey)).not.toBeNull();
  });
});

describe("expire-api-key job", () => {
  it("comes back at the end of the window, then records the revocation at the moment the key stopped working", async () => {
    const { orgId, testKeyId } = await newOrg("roll");
    const rolled = await rollApiKey({ orgId, id: testKeyId, window: "1h" });
    const run = (payload: unknown) => jobHandlers["keys/api-key.expire"].run(payload, { attempt: 1 });
    expect(await run({ keyId: testKeyId })).toEqual({ kind: "reschedule", at: rolled.old.expiresAt.toISOString() });
    expect(await expireApiKeyIfDue(testKeyId, new Date(rolled.old.expiresAt.getTime() + 1))).toBeNull();
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: testKeyId } })).revokedAt).toEqual(rolled.old.expiresAt);
    // Again (a re-run job): nothing changes.
    expect(await run({ keyId: testKeyId })).toEqual({ kind: "done" });
    expect(await run({ keyId: "key_gone" })).toEqual({ kind: "done" });
    await expect(run({})).rejects.toThrow();
  });

  it("is carried out by a runner started after the roll (durable across restarts)", async () => {
    const { orgId, testKey, testKeyId } = await newOrg("roll");
    // Rolled two hours ago with a one-hour window: due an hour ago, while no runner was up.
    const rolled = await rollApiKey({ orgId, id: testKeyId, window: "1h", now: new Date(Date.now() - 2 * HOUR) });
    expect(await authenticateApiKey(testKey)).toBeNull();
    const runner = startJobRunner({
      handlers: { "keys/api-key.expire": jobHandlers["keys/api-key.expire"] },
      pollIntervalMs: 50,
      listen: false,
    });
    try {
      await vi.waitFor(
        async () =>
          expect((await db.apiKey.findUniqueOrThrow({ where: { id: testKeyId } })).revokedAt).toEqual(
            rolled.old.expiresAt,
          ),
        { timeout: 15_000, interval: 50 },
      );
      await vi.waitFor(
        async () =>
          expect(
            (
              await db.job.findFirstOrThrow({
                where: { name: "keys/api-key.expire", payload: { equals: { keyId: testKeyId } } },
              })
            ).status,
          ).toBe("done"),
        { timeout: 15_000, interval: 50 },
      );
    } finally {
      await runner.stop();
    }
  });
});
