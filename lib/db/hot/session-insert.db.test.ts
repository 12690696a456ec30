import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { expireSessionJob } from "@/lib/jobs/definitions/expire-session";
import { scheduleJobInTx } from "@/lib/jobs/schedule-job";
import { createSession } from "@/lib/verification/create-session";
import { newOrganization } from "../../../tests/support/fixtures";

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
