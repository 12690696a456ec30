// The dashboard's session search against the real database: exact id, exact metadata pair,
// days, combined with status and mode and paged; one organisation's sessions only; and values
// that look like SQL or JSON are only ever values.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { listDashboardSessions } from "@/lib/verification/dashboard/list-dashboard-sessions";
import { sessionSearchFilter } from "@/lib/verification/dashboard/parse-session-search";
import { completeSession } from "@/lib/verification/complete-session";
import { createSession } from "@/lib/verification/create-session";
import { newOrganization } from "../../../tests/support/fixtures";

async function session(
  orgId: string,
  metadata: Record<string, string>,
  options: { mode?: "test" | "live"; createdAt?: string } = {},
) {
  const created = await createSession({
    orgId,
    mode: options.mode ?? "test",
    required_age: 18,
    methods: ["face_estimation"],
    return_url: "https://shop.example/done",
    metadata,
  });
  if (options.createdAt) {
    await db.verificationSession.update({
      where: { id: created.id },
      data: { createdAt: new Date(options.createdAt) },
    });
  }
  return created.id;
}

const ids = (page: Awaited<ReturnType<typeof listDashboardSessions>>) =>
  page.ok ? page.sessions.map((s) => s.id) : page;

describe("session search", () => {
  it("finds a session by its exact id, and not another organisation's", async () => {
    const mine = await newOrganization("search");
    const theirs = await newOrganization("search");
    const a = await session(mine.id, { order: "1" });
    await session(mine.id, { order: "2" });
    const foreign = await session(theirs.id, { order: "1" });
    expect(ids(await listDashboardSessions({ orgId: mine.id, id: a, trail: [] }))).toEqual([a]);
    expect(ids(await listDashboardSessions({ orgId: mine.id, id: foreign, trail: [] }))).toEqual([]);
    expect(ids(await listDashboardSessions({ orgId: mine.id, id: "vs_doesnotexist", trail: [] }))).toEqual([]);
  });

  it("finds sessions by an exact metadata key and value, newest first", async () => {
    const org = await newOrganization("search");
    const theirs = await newOrganization("search");
    const first = await session(org.id, { order: "1003", customer: "cus_9" }, { createdAt: "2026-10-01T10:00:00Z" });
    const second = await session(org.id, { customer: "cus_9", order: "1004" }, { createdAt: "2026-10-02T10:00:00Z" });
    await session(org.id, { order: "10030" });
    await session(org.id, { Order: "1003" });
    await session(theirs.id, { order: "1003" });
    expect(
      ids(await listDashboardSessions({ orgId: org.id, metadata: { key: "order", value: "1003" }, trail: [] })),
    ).toEqual([first]);
    expect(
      ids(await listDashboardSessions({ orgId: org.id, metadata: { key: "customer", value: "cus_9" }, trail: [] })),
    ).toEqual([second, first]);
    expect(
      ids(await listDashboardSessions({ orgId: org.id, metadata: { key: "order", value: "100" }, trail: [] })),
    ).toEqual([]);
  });

  it("treats quotes, JSON and SQL in a key or value as text", async () => {
    const org = await newOrganization("search");
    const odd = await session(org.id, { 'a"b': `'); DROP TABLE "ApiKey"; --`, "{}": "[1]" });
    await session(org.id, { other: "x" });
    expect(
      ids(
        await listDashboardSessions({
          orgId: org.id,
          metadata: { key: 'a"b', value: `'); DROP TABLE "ApiKey"; --` },
          trail: [],
        }),
      ),
    ).toEqual([odd]);
    expect(
      ids(await listDashboardSessions({ orgId: org.id, metadata: { key: "{}", value: "[1]" }, trail: [] })),
    ).toEqual([odd]);
    expect(ids(await listDashboardSessions({ orgId: org.id, metadata: { key: "{}", value: "1" }, trail: [] }))).toEqual(
      [],
    );
    // The statement ran as a value, not as SQL: the table is still there.
    expect(await db.$queryRaw`SELECT to_regclass('"ApiKey"')::text AS "table"`).toEqual([{ table: '"ApiKey"' }]);
  });

  it("limits to a range of days and combines with status, mode and metadata", async () => {
    const org = await newOrganization("search");
    const before = await session(org.id, { plan: "pro" }, { createdAt: "2026-09-30T23:59:59.999Z" });
    const start = await session(org.id, { plan: "pro" }, { createdAt: "2026-10-01T00:00:00Z" });
    const live = await session(org.id, { plan: "pro" }, { mode: "live", createdAt: "2026-10-01T12:00:00Z" });
    const basic = await session(org.id, { plan: "basic" }, { createdAt: "2026-10-02T12:00:00Z" });
    const end = await session(org.id, { plan: "pro" }, { createdAt: "2026-10-02T23:59:59.999Z" });
    const after = await session(org.id, { plan: "pro" }, { createdAt: "2026-10-03T00:00:00Z" });
    await completeSession({
      orgId: org.id,
      sessionId: end,
      result: "pass",
      method: "id_document",
      confidence: "high",
      attemptsUsed: 1,
    });
    const range = { createdFrom: new Date("2026-10-01T00:00:00Z"), createdBefore: new Date("2026-10-03T00:00:00Z") };

    expect(ids(await listDashboardSessions({ orgId: org.id, ...range, trail: [] }))).toEqual([end, basic, live, start]);
    expect(
      ids(
        await listDashboardSessions({
          orgId: org.id,
          ...range,
          mode: "test",
          metadata: { key: "plan", value: "pro" },
          trail: [],
        }),
      ),
    ).toEqual([end, start]);
    expect(ids(await listDashboardSessions({ orgId: org.id, ...range, status: "passed", trail: [] }))).toEqual([end]);
    expect(ids(await listDashboardSessions({ orgId: org.id, createdBefore: range.createdFrom, trail: [] }))).toEqual([
      before,
    ]);
    expect(ids(await listDashboardSessions({ orgId: org.id, createdFrom: range.createdBefore, trail: [] }))).toEqual([
      after,
    ]);
  });

  it("pages a search with its own cursors, no session skipped or repeated", async () => {
    const org = await newOrganization("search");
    const matching: string[] = [];
    for (let i = 0; i < 23; i++) {
      matching.unshift(
        await session(org.id, { batch: "b1" }, { createdAt: new Date(Date.UTC(2026, 9, 1, 0, i)).toISOString() }),
      );
      await session(org.id, { batch: "b2" }, { createdAt: new Date(Date.UTC(2026, 9, 1, 0, i, 30)).toISOString() });
    }
    const search = { orgId: org.id, metadata: { key: "batch", value: "b1" } };
    const first = await listDashboardSessions({ ...search, trail: [] });
    if (!first.ok || !first.olderTrail) throw new Error("expected a second page");
    const second = await listDashboardSessions({ ...search, trail: first.olderTrail });
    expect([...(ids(first) as string[]), ...(ids(second) as string[])]).toEqual(matching);
    expect(second.ok && second.olderTrail).toBeNull();
  });

  it("turns a NUL byte and days PostgreSQL cannot hold into the form's messages, never a database error", async () => {
    const org = await newOrganization("search");
    const a = await session(org.id, { k: "v" });
    for (const query of [
      { q: "k:\u0000" },
      { from: "0000-01-01" },
      { to: "9999-12-31" },
      { from: "0001-01-01", to: "9999-12-31" },
    ]) {
      const search = sessionSearchFilter(query);
      const page = await listDashboardSessions({ orgId: org.id, ...search.filter, trail: [] });
      expect(ids(page)).toEqual([a]);
    }
    expect(Object.keys(sessionSearchFilter({ q: "k:\u0000", from: "0000-01-01" }).errors)).toEqual(["q", "from"]);
  });
});
