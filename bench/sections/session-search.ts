// Session search (issue 33): the dashboard's searches on one organisation's million sessions,
// through the read model the Sessions page calls (lib/verification/dashboard/list-dashboard-sessions.ts),
// in this process against the bench database: what is measured is the statement and the
// rendering of the page's rows, not the page's HTML. The target is absolute (p99 ≤ 50 ms per
// search), one search at a time, each repeated with varied values so no single row stays hot.
import { performance } from "node:perf_hooks";
import type { BenchRow, BenchSection } from "../lib/context";

const SESSIONS = 1_000_000;
const RUNS = 300;
const WARMUP = 20;
const SPACING_S = 30; // between seeded sessions' createdAt: a million cover about 347 days
// The oldest 2% carry a pair no newer session has: common enough that walking the list newest
// first looks cheap to a planner, and the walk then reads 98% of the sessions before the first.
const CAMPAIGN_SESSIONS = 20_000;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/** One million sessions of a new organisation, in one statement, and their metadata pairs; statuses, modes and metadata vary. */
async function seed(orgId: string, seededAt: Date) {
  const { db } = await import("@/lib/platform/db");
  await db.$executeRawUnsafe(
    `INSERT INTO "VerificationSession"
       ("id", "orgId", "mode", "status", "requiredAge", "methods", "returnUrl", "metadata", "urlTokenHash", "createdAt", "expiresAt")
     SELECT 'vs_search' || i, $1,
       (CASE WHEN i % 2 = 0 THEN 'test' ELSE 'live' END)::"Mode",
       (CASE WHEN i % 100 = 0 THEN 'in_progress' WHEN i % 10 = 1 THEN 'failed' WHEN i % 10 = 2 THEN 'expired'
             WHEN i % 50 = 3 THEN 'created' ELSE 'passed' END)::"SessionStatus",
       18, ARRAY['face_estimation', 'id_document'], 'https://shop.example/done',
       CASE WHEN i > ${SESSIONS - CAMPAIGN_SESSIONS}
         THEN json_build_object('order', i::text, 'customer', 'cus_' || (i % 5000)::text, 'plan', CASE WHEN i % 2 = 0 THEN 'pro' ELSE 'basic' END, 'campaign', 'spring')
         ELSE json_build_object('order', i::text, 'customer', 'cus_' || (i % 5000)::text, 'plan', CASE WHEN i % 2 = 0 THEN 'pro' ELSE 'basic' END)
       END,
       md5('search-bench-' || i),
       $2::timestamptz - i * interval '${SPACING_S} seconds',
       $2::timestamptz - i * interval '${SPACING_S} seconds' + interval '1 hour'
     FROM generate_series(1, ${SESSIONS}) AS i`,
    orgId,
    seededAt,
  );
  // The pairs the search reads, as the app's create statement writes them (lib/platform/db/hot/sessions.ts).
  await db.$executeRawUnsafe(
    `INSERT INTO "SessionMetadataEntry" ("orgId", "key", "value", "createdAt", "sessionId")
     SELECT "orgId", "key", "value", "createdAt", "id" FROM "VerificationSession", json_each_text("metadata")
     WHERE "orgId" = $1`,
    orgId,
  );
  await db.$executeRawUnsafe(`ANALYZE "VerificationSession", "SessionMetadataEntry"`);
}

let seeded: Promise<{ org: { id: string }; seededAt: Date }> | null = null;

const section: BenchSection = {
  title: "Session search",
  run: async () => {
    const { findOrCreateOrganization } = await import("@/lib/account/orgs/find-or-create-organization");
    const { listDashboardSessions } = await import("@/lib/verification/dashboard/list-dashboard-sessions");
    // Seeded once per run: later rounds search the same million (their ids are fixed, so a second
    // seed would collide, and a second million would only slow the rounds down).
    seeded ??= (async () => {
      const org = await findOrCreateOrganization(`search-bench-${Date.now()}`);
      const seededAt = new Date();
      const started = performance.now();
      await seed(org.id, seededAt);
      process.stderr.write(
        `[bench] seeded ${SESSIONS} sessions in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
      );
      return { org, seededAt };
    })();
    const { org, seededAt } = await seeded;

    const pick = () => 1 + Math.floor(Math.random() * SESSIONS);
    const dayStart = (i: number) => new Date(seededAt.getTime() - i * SPACING_S * 1000);
    type Search = Omit<Parameters<typeof listDashboardSessions>[0], "orgId" | "trail">;
    const searches: { name: string; search: () => Search; expectRows: boolean }[] = [
      { name: "exact vs_ id", search: () => ({ id: `vs_search${pick()}` }), expectRows: true },
      {
        name: "metadata order (1 match)",
        search: () => ({ metadata: { key: "order", value: String(pick()) } }),
        expectRows: true,
      },
      {
        name: "metadata customer (200 matches)",
        search: () => ({ metadata: { key: "customer", value: `cus_${pick() % 5000}` } }),
        expectRows: true,
      },
      {
        name: "metadata plan (half the sessions)",
        search: () => ({ metadata: { key: "plan", value: pick() % 2 ? "pro" : "basic" } }),
        expectRows: true,
      },
      {
        name: "metadata campaign (the oldest 2%)",
        search: () => ({ metadata: { key: "campaign", value: "spring" } }),
        expectRows: true,
      },
      {
        name: "metadata, no match",
        search: () => ({ metadata: { key: "order", value: `none-${pick()}` } }),
        expectRows: false,
      },
      { name: "status in_progress (1%)", search: () => ({ status: "in_progress" }), expectRows: true },
      { name: "status created (2%), live", search: () => ({ status: "created", mode: "live" }), expectRows: true },
      {
        name: "one day, older than 300 days",
        search: () => {
          const from = dayStart((pick() % 100_000) + 864_000);
          return { createdFrom: from, createdBefore: new Date(from.getTime() + 86_400_000) };
        },
        expectRows: true,
      },
      {
        name: "status + mode + week + metadata",
        search: () => {
          const from = dayStart(pick() % 900_000);
          return {
            status: "passed",
            mode: "test",
            createdFrom: from,
            createdBefore: new Date(from.getTime() + 7 * 86_400_000),
            metadata: { key: "plan", value: "pro" },
          };
        },
        expectRows: true,
      },
    ];

    const rows: BenchRow[] = [];
    for (const { name, search, expectRows } of searches) {
      const timings: number[] = [];
      let errors = 0;
      let errorSample: string | undefined;
      const began = performance.now();
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const t0 = performance.now();
        const page = await listDashboardSessions({ orgId: org.id, trail: [], ...search() });
        const ms = performance.now() - t0;
        if (run < WARMUP) continue;
        timings.push(ms);
        if (!page.ok || (expectRows && page.sessions.length === 0) || (!expectRows && page.sessions.length > 0)) {
          errors++;
          errorSample ??= `unexpected page: ${JSON.stringify(page).slice(0, 200)}`;
        }
      }
      const sorted = timings.sort((a, b) => a - b);
      const seconds = (performance.now() - began) / 1000;
      rows.push({
        name,
        concurrency: 1,
        requests: RUNS,
        errors,
        errorSample,
        seconds,
        rps: RUNS / seconds,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        target: { maxP99Ms: 50 },
      });
    }
    return rows;
  },
};

export default section;
