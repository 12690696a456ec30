import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { expireSessionJob } from "@/lib/verification/jobs/expire-session";
import { insertSessionWithExpiryJob } from "@/lib/platform/db/hot/sessions";
import { newId, randomBase62 } from "@/lib/platform/ids";
import { jobRowFields, scheduleJobInTx } from "@/lib/platform/jobs/schedule-job";
import { createSession } from "@/lib/verification/create-session";
import { newOrganization } from "../../../../tests/support/fixtures";

// createSession writes the session's expiry job in its own SQL statement
// (insertSessionWithExpiryJob), not through scheduleJobInTx. Both engines must see the same
// row either way, so the two rows, read back from the database, are held equal here.
class RolledBack extends Error {}

const comparable = ({
  id: _id,
  createdAt: _createdAt,
  updatedAt: _updatedAt,
  ...row
}: {
  id: string;
  createdAt: Date;
  updatedAt: Date;
}) => row;

describe("the expiry Job row createSession writes in SQL", () => {
  it("equals the row scheduleJobInTx writes for the same job", async () => {
    const org = await newOrganization("session-insert");
    const session = await createSession({
      orgId: org.id,
      mode: "test",
      required_age: 18,
      methods: ["face_estimation"],
      return_url: "https://merchant.example/done",
      metadata: {},
    });
    const handWritten = await db.job.findFirstOrThrow({ where: { payload: { equals: { sessionId: session.id } } } });

    let scheduled: typeof handWritten | undefined;
    await db
      .$transaction(async (tx) => {
        await scheduleJobInTx(tx, expireSessionJob, { sessionId: session.id }, { runAt: new Date(session.expires_at) });
        scheduled = await tx.job.findFirstOrThrow({
          where: { payload: { equals: { sessionId: session.id } }, id: { not: handWritten.id } },
        });
        throw new RolledBack(); // leave no second job behind
      })
      .catch((error) => {
        if (!(error instanceof RolledBack)) throw error;
      });

    expect(scheduled).toBeDefined();
    expect(comparable(handWritten)).toEqual(comparable(scheduled!));
    // And what that row is, so a change to both at once is still seen.
    expect(comparable(handWritten)).toEqual({
      name: expireSessionJob.name,
      payload: { sessionId: session.id },
      dedupeKey: null,
      status: "pending",
      runAt: new Date(session.expires_at),
      attempts: 0,
      maxAttempts: expireSessionJob.maxAttempts,
      lockedBy: null,
      lockedUntil: null,
      lastError: null,
    });
  });
});

describe("the create's statement under an Idempotency-Key", () => {
  const newRows = (orgId: string, key: string) => {
    const sessionId = newId("vs");
    const createdAt = new Date();
    return {
      session: {
        id: sessionId,
        orgId,
        mode: "test" as const,
        requiredAge: 18,
        methods: ["face_estimation"],
        returnUrl: "https://merchant.example/done",
        locale: "ja",
        metadata: { order: "7" },
        urlTokenHash: randomBase62(64),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 60_000),
      },
      job: { id: newId("job"), ...jobRowFields(expireSessionJob, { sessionId }) },
      key: {
        orgId,
        key: key,
        method: "POST",
        path: "/v1/verification-sessions",
        requestHash: "a".repeat(64),
        statusCode: 201,
        responseBody: "v1:sealed",
      },
    };
  };
  const written = async (sessionId: string) => ({
    sessions: await db.verificationSession.count({ where: { id: sessionId } }),
    entries: await db.sessionMetadataEntry.count({ where: { sessionId } }),
    jobs: await db.job.count({ where: { payload: { equals: { sessionId } } } }),
  });

  it("claims the key with its answer and writes the session, its metadata row and its job", async () => {
    const org = await newOrganization("session-insert-key");
    const { session, job, key } = newRows(org.id, "test:k-1");
    expect(await insertSessionWithExpiryJob(session, job, key)).toBe(true);
    expect(await written(session.id)).toEqual({ sessions: 1, entries: 1, jobs: 1 });
    expect(
      await db.idempotencyKey.findUniqueOrThrow({ where: { orgId_key: { orgId: org.id, key: "test:k-1" } } }),
    ).toMatchObject({
      statusCode: 201,
      responseBody: "v1:sealed",
      requestHash: key.requestHash,
    });
  });

  it("writes nothing at all when the key is claimed already, and leaves the earlier claim as it was", async () => {
    const org = await newOrganization("session-insert-key-taken");
    const first = newRows(org.id, "test:k-2");
    expect(await insertSessionWithExpiryJob(first.session, first.job, first.key)).toBe(true);
    const second = newRows(org.id, "test:k-2");
    second.key.responseBody = "v1:other";
    expect(await insertSessionWithExpiryJob(second.session, second.job, second.key)).toBe(false);
    expect(await written(second.session.id)).toEqual({ sessions: 0, entries: 0, jobs: 0 });
    const row = await db.idempotencyKey.findUniqueOrThrow({ where: { orgId_key: { orgId: org.id, key: "test:k-2" } } });
    expect(row.responseBody).toBe("v1:sealed");
  });

  it("a failing write leaves no claim behind (one statement: all or nothing)", async () => {
    const org = await newOrganization("session-insert-key-fails");
    const first = newRows(org.id, "test:k-3");
    expect(await insertSessionWithExpiryJob(first.session, first.job, first.key)).toBe(true);
    // The same session id again: its primary key refuses the insert after the new key was claimed.
    const again = newRows(org.id, "test:k-4");
    await expect(
      insertSessionWithExpiryJob({ ...again.session, id: first.session.id }, again.job, again.key),
    ).rejects.toThrow();
    expect(await db.idempotencyKey.count({ where: { orgId: org.id, key: "test:k-4" } })).toBe(0);
  });

  it("refuses a key of another organisation than the session's", async () => {
    const org = await newOrganization("session-insert-key-org");
    const other = await newOrganization("session-insert-key-org-2");
    const { session, job } = newRows(org.id, "test:k-5");
    const { key } = newRows(other.id, "test:k-5");
    await expect(insertSessionWithExpiryJob(session, job, key)).rejects.toThrow(/organisation/);
    expect(await written(session.id)).toEqual({ sessions: 0, entries: 0, jobs: 0 });
  });
});
