// The hosted flow as a user's browser reaches it, for the sections that post photos: a live
// session opened by its hosted link (binding cookie) and started, each simulated user at an
// address of its own.
import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { BenchContext, BenchRow } from "./context";
import type { VerificationMethod } from "@/lib/verification/methods/types";

export type ReadySession = { id: string; cookie: string };

/** A live session of the given methods, opened in a "browser" (its binding cookie) and started. */
export async function readySession(ctx: BenchContext, methods: VerificationMethod[]): Promise<ReadySession> {
  const created = await ctx.call("POST", "/v1/verification-sessions", {
    key: ctx.org.liveKey,
    body: { required_age: 18, methods, return_url: "https://merchant.example/after" },
  });
  if (created.status !== 201) throw new Error(`creating a live session answered ${created.status}`);
  const opened = await fetch(created.body.url, { redirect: "manual" });
  const cookie = opened.headers.get("set-cookie")?.split(";")[0];
  if (opened.status !== 303 || !cookie)
    throw new Error(`opening the hosted link answered ${opened.status} without a binding cookie`);
  // Starting is a server action on the page; the domain function is what it calls.
  const { startVerification } = await import("@/lib/verification/hosted-flow/start-verification");
  if ((await startVerification({ sessionId: created.body.id, orgId: ctx.org.id })) !== "started")
    throw new Error("the session did not start");
  return { id: created.body.id, cookie };
}

/** Each simulated user's own address (the bench app trusts one proxy hop): a hash of its session. */
const addressOf = (sessionId: string) => {
  const hash = createHash("sha256").update(sessionId).digest();
  return `10.${hash[0]}.${hash[1]}.${hash[2]}`;
};

/** What the flow answered a judged photo: the Outcomes column's keys. */
export type PhotoOutcome = "completed" | "escalated" | "another try (inconclusive)" | "retake (gates)";

/**
 * Posts the session's photos (field name to JPEG) as the page does; resolves, with the flow's
 * answer, when the verdict is recorded. An inconclusive verdict on the built-in checks offers
 * another try (422 with `retake`, issue 27) and a photo the gates refuse asks for a retake: both
 * are photos judged to the end, counted rather than failed. Anything else (stale, busy, limited,
 * checker unavailable) judged nothing and throws.
 */
export async function submitPhotos(
  ctx: BenchContext,
  session: ReadySession,
  photos: Record<string, Uint8Array>,
): Promise<PhotoOutcome> {
  const res = await postEvidence(ctx, session, photos, 0);
  const text = await res.text();
  const body = JSON.parse(text || "{}") as { outcome?: string; retake?: boolean; no_clear_result?: boolean };
  if (res.status === 200 && (body.outcome === "completed" || body.outcome === "escalated")) return body.outcome;
  if (res.status === 422 && body.retake) return body.no_clear_result ? "another try (inconclusive)" : "retake (gates)";
  throw new Error(`evidence answered ${res.status}: ${text.slice(0, 200)}`);
}

/** The page's upload: the photos (field name to JPEG) for the step at `expectedIndex`. */
function postEvidence(
  ctx: BenchContext,
  session: ReadySession,
  photos: Record<string, Uint8Array>,
  expectedIndex: number,
) {
  const form = new FormData();
  for (const [field, photo] of Object.entries(photos))
    form.set(field, new Blob([photo.slice()], { type: "image/jpeg" }), `${field}.jpg`);
  form.set("expected_index", String(expectedIndex));
  return fetch(`${ctx.baseUrl}/verify/session/${session.id}/evidence`, {
    method: "POST",
    headers: { cookie: session.cookie, origin: ctx.baseUrl, "x-forwarded-for": addressOf(session.id) },
    body: form,
  });
}

/**
 * The same upload for a step the session is not on (a page that was behind): the app reads and
 * parses it, then answers that the session moved on; nothing is judged or recorded. A warm-up of
 * the upload path without the models.
 */
export async function postPhotosUnjudged(ctx: BenchContext, session: ReadySession, photos: Record<string, Uint8Array>) {
  const res = await postEvidence(ctx, session, photos, 1);
  const body = (await res.json()) as { outcome?: string };
  if (res.status !== 200 || body.outcome !== "stale")
    throw new Error(`an upload for another step answered ${res.status} ${JSON.stringify(body)}`);
}

const count = (outcomes: Record<string, number>, outcome: string) => (outcomes[outcome] = (outcomes[outcome] ?? 0) + 1);

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

/**
 * GET a session by id (of the test key's sessions) with nothing else running, then while `lanes`
 * loops of `work` (one photo check each, given its running index) keep a built-in check busy for
 * the whole measurement: the two rows side by side show what the check costs the rest of the API,
 * held to the retrieve targets. `what` names the work in the rows: "selfie being judged".
 */
export async function retrieveWhileBusy(
  ctx: BenchContext,
  options: { what: string; busyName: string; lanes: number; work: (i: number) => Promise<PhotoOutcome> },
): Promise<BenchRow[]> {
  const listed = await ctx.call("GET", "/v1/verification-sessions?limit=100", { key: ctx.org.testKey });
  const ids: string[] = listed.body.data.map((s: { id: string }) => s.id);
  if (ids.length === 0) throw new Error("no sessions to retrieve");
  const auth = { authorization: `Bearer ${ctx.org.testKey}` };
  const retrieve = (i: number) => ({
    method: "GET",
    path: `/v1/verification-sessions/${ids[i % ids.length]}`,
    headers: auth,
  });
  const target = { minThroughputRatio: 0.7, maxP99Ratio: 2 };
  const alone = await ctx.measure({
    name: `GET /v1/verification-sessions/:id, no ${options.what}`,
    expectStatus: 200,
    request: retrieve,
  });
  let stop = false;
  let finished = 0;
  let firstFinished = () => {};
  const firstVerdict = new Promise<void>((resolve) => (firstFinished = resolve));
  const outcomes: Record<string, number> = {};
  const background = Array.from({ length: options.lanes }, async (_, lane) => {
    for (let i = lane; !stop; i += options.lanes) {
      count(outcomes, await options.work(i));
      finished++;
      firstFinished();
    }
  });
  try {
    // Measured once the check has given a verdict: it is then working, and on a loaded machine one
    // check can outlast the whole measurement. An answer that judged nothing fails the section.
    await Promise.race([firstVerdict, Promise.all(background)]);
    const finishedBefore = finished;
    const busy = await ctx.measure({
      name: `GET /v1/verification-sessions/:id while ${options.busyName} at all times`,
      expectStatus: 200,
      request: retrieve,
    });
    const during = finished - finishedBefore;
    process.stderr.write(`[bench] ${options.busyName}: ${during} verdicts during the measurement\n`);
    ctx.note(
      `Retrieve while ${options.busyName}: ${during} verdicts during that row's measurement (warm-up included).`,
    );
    return [
      { ...alone, target },
      // Every verdict given beside this row, the first ones before its measurement included.
      { ...busy, target, outcomes: { ...outcomes } },
    ];
  } finally {
    stop = true;
    await Promise.all(background);
  }
}

/**
 * Runs `count` photo checks, `concurrency` at a time (check(i) posts the i-th and resolves when its
 * verdict is recorded): checks/s and the time from upload to verdict, errors counted apart.
 */
export async function timePhotoChecks(options: {
  name: string;
  count: number;
  concurrency: number;
  /** The photo's outcome, counted by name (a flow's PhotoOutcome, or a reading's kind). */
  check: (i: number) => Promise<string>;
  target?: BenchRow["target"];
}): Promise<BenchRow> {
  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  let errors = 0;
  let errorSample: string | undefined;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.count) {
        const i = next++;
        const t = performance.now();
        try {
          count(outcomes, await options.check(i));
          latencies.push(performance.now() - t);
        } catch (error) {
          errors++;
          errorSample ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    name: options.name,
    concurrency: options.concurrency,
    requests: latencies.length,
    errors,
    errorSample,
    seconds,
    rps: latencies.length / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    target: options.target,
    outcomes,
  };
}
