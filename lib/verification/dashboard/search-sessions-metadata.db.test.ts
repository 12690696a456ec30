// The metadata search's own table (SessionMetadataEntry, docs/decisions/0015): the pairs a
// session is created with are what the search finds, whatever their characters; a page is the
// newest matches however many there are; another organisation's pairs are never found; and the
// entries follow their session (a changed createdAt, a deleted session).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { listDashboardSessions } from "@/lib/verification/dashboard/list-dashboard-sessions";
import { createSession } from "@/lib/verification/create-session";
import { newOrganization } from "../../../tests/support/fixtures";

async function session(orgId: string, metadata: Record<string, string>, createdAt?: string) {
  const created = await createSession({
    orgId,
    mode: "test",
    required_age: 18,
    methods: ["face_estimation"],
    return_url: "https://shop.example/done",
    metadata,
  });
  if (createdAt)
    await db.verificationSession.update({ where: { id: created.id }, data: { createdAt: new Date(createdAt) } });
  return created.id;
}

const search = (orgId: string, key: string, value: string, trail: string[] = []) =>
  listDashboardSessions({ orgId, metadata: { key, value }, trail });

const ids = (page: Awaited<ReturnType<typeof listDashboardSessions>>) => {
  if (!page.ok) throw new Error(`search failed: ${page.reason}`);
  return page.sessions.map((s) => s.id);
};

describe("metadata search entries", () => {
  it("are written with the session, one per pair, as the API echoes them", async () => {
    const org = await newOrganization("meta");
    const metadata = { zeta: "1", order: "A-1", clé: "välue ✓" };
    const id = await session(org.id, metadata);
    const entries = await db.sessionMetadataEntry.findMany({ where: { sessionId: id }, orderBy: { key: "asc" } });
    const row = await db.verificationSession.findUniqueOrThrow({ where: { id } });
    expect(entries.map((e) => [e.key, e.value])).toEqual([
      ["clé", "välue ✓"],
      ["order", "A-1"],
      ["zeta", "1"],
    ]);
    expect(entries.every((e) => e.orgId === org.id && e.createdAt.getTime() === row.createdAt.getTime())).toBe(true);
    // The session's own metadata is still the json the API echoes, in the order sent.
    expect(Object.keys(row.metadata as object)).toEqual(["zeta", "order", "clé"]);
    expect(await db.sessionMetadataEntry.count({ where: { sessionId: await session(org.id, {}) } })).toBe(0);
  });

  it("find keys and values with quotes, backslashes, JSON and unicode exactly, and nothing near them", async () => {
    const org = await newOrganization("meta");
    const odd = {
      'say "hi"': "it's \\ fine",
      ключ: "значение 🙂",
      "e\u0301": "NFD",
      "\u00e9": "NFC",
      "  spaced ": " value ",
    };
    const id = await session(org.id, odd);
    for (const [key, value] of Object.entries(odd)) expect(ids(await search(org.id, key, value))).toEqual([id]);
    // Exact, case- and form-sensitive: no trimming, no case folding, no Unicode normalisation.
    expect(ids(await search(org.id, "spaced", "value"))).toEqual([]);
    expect(ids(await search(org.id, "КЛЮЧ", "значение 🙂"))).toEqual([]);
    expect(ids(await search(org.id, "\u00e9", "NFD"))).toEqual([]);
    expect(ids(await search(org.id, 'say "hi"', "it's \\\\ fine"))).toEqual([]);
    expect(ids(await search(org.id, "ключ", "значение"))).toEqual([]);
  });

  it("hold the longest pair the API accepts, in four-byte characters (the index entry's size limit)", async () => {
    const org = await newOrganization("meta");
    // 40 and 500 code points, the API's limits, each four bytes in UTF-8 and varied, so nothing compresses.
    const key = Array.from({ length: 40 }, (_, i) => String.fromCodePoint(0x1f600 + i)).join("");
    const value = Array.from({ length: 500 }, (_, i) => String.fromCodePoint(0x1f300 + ((i * 37) % 700))).join("");
    const id = await session(org.id, { [key]: value });
    expect(ids(await search(org.id, key, value))).toEqual([id]);
  });

  it("page through many matches newest first, with no match skipped or repeated", async () => {
    const org = await newOrganization("meta");
    const expected: string[] = [];
    for (let i = 0; i < 45; i++) {
      // Created out of order, so the order comes from createdAt, not from insertion.
      const minute = (i * 17) % 45;
      const id = await session(
        org.id,
        { plan: i % 3 === 0 ? "basic" : "pro", n: String(i) },
        new Date(Date.UTC(2026, 9, 1, 0, minute)).toISOString(),
      );
      if (i % 3 !== 0) expected.push(`${minute}:${id}`);
    }
    const newestFirst = expected
      .sort((a, b) => Number(b.split(":")[0]) - Number(a.split(":")[0]))
      .map((entry) => entry.split(":")[1]);
    const seen: string[] = [];
    let trail: string[] = [];
    for (;;) {
      const page = await search(org.id, "plan", "pro", trail);
      seen.push(...ids(page));
      if (!page.ok || !page.olderTrail) break;
      trail = page.olderTrail;
    }
    expect(seen).toEqual(newestFirst);
    expect(seen).toHaveLength(30);
  });

  it("find nothing for a pair no session holds, nor for a key with another's value", async () => {
    const org = await newOrganization("meta");
    await session(org.id, { order: "1", customer: "2" });
    expect(ids(await search(org.id, "order", "2"))).toEqual([]);
    expect(ids(await search(org.id, "missing", "1"))).toEqual([]);
    expect(ids(await search(org.id, "order", ""))).toEqual([]);
  });

  it("never find another organisation's session, even with the same pair", async () => {
    const mine = await newOrganization("meta");
    const theirs = await newOrganization("meta");
    const own = await session(mine.id, { order: "same" });
    const foreign = await session(theirs.id, { order: "same" });
    expect(ids(await search(mine.id, "order", "same"))).toEqual([own]);
    expect(ids(await search(theirs.id, "order", "same"))).toEqual([foreign]);
  });

  it("follow their session: a changed createdAt moves them, a deleted session takes them away", async () => {
    const org = await newOrganization("meta");
    const older = await session(org.id, { batch: "x" }, "2026-10-01T00:00:00Z");
    const newer = await session(org.id, { batch: "x" }, "2026-10-02T00:00:00Z");
    expect(ids(await search(org.id, "batch", "x"))).toEqual([newer, older]);
    await db.verificationSession.update({
      where: { id: older },
      data: { createdAt: new Date("2026-10-03T00:00:00Z") },
    });
    expect(ids(await search(org.id, "batch", "x"))).toEqual([older, newer]);
    expect(
      ids(
        await listDashboardSessions({
          orgId: org.id,
          metadata: { key: "batch", value: "x" },
          createdFrom: new Date("2026-10-03T00:00:00Z"),
          trail: [],
        }),
      ),
    ).toEqual([older]);
    await db.verificationSession.delete({ where: { id: older } });
    expect(await db.sessionMetadataEntry.count({ where: { sessionId: older } })).toBe(0);
    expect(ids(await search(org.id, "batch", "x"))).toEqual([newer]);
  });
});
