import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestStack, type TestStack } from "../support/test-stack";
import { apiAt, startAppProcess, type AppProcess } from "./support/app-process";
import { deliveryRecords } from "./support/helpers";
import { assertWebhookMatchesContract } from "../support/contract";
import { newOrg, type Receiver, startReceiver } from "../support/fixtures";

// Processes this file controls, on a database of its own. The stack provides the migrated
// database (its own app runs no jobs); the apps that do the work are started, killed and
// restarted here. Sessions live 5 s, and attempt 2 of a delivery comes 4 s after attempt 1,
// so a kill can land between two attempts and an expiry can fall while no app is running.
const APP_ENV = { JOB_RUNNER: "embedded", SESSION_TTL_SECONDS: "5", WEBHOOK_RETRY_SCHEDULE: "4,1,1,1" };

let stack: TestStack;
let receiver: Receiver;
let records: ReturnType<typeof deliveryRecords>;
let app: AppProcess | undefined;
const others: AppProcess[] = [];
const api = apiAt(() => app!.baseUrl);

/** The working app, started again if an earlier test left it killed. */
async function ensureApp(): Promise<AppProcess> {
  const healthy =
    app &&
    (await fetch(`${app.baseUrl}/health`).then(
      (r) => r.ok,
      () => false,
    ));
  if (!healthy) app = await startAppProcess(stack.databaseUrl, APP_ENV);
  return app!;
}

beforeAll(async () => {
  stack = await startTestStack({ env: { JOB_RUNNER: "off" } });
  records = deliveryRecords(stack.databaseUrl);
  // Every delivery must be a payload the verification document's webhooks allow.
  receiver = await startReceiver("127.0.0.1", {
    checkDelivery: (delivery) =>
      assertWebhookMatchesContract(String(delivery.headers["service-event"]), delivery.rawBody),
  });
}, 120_000);
afterAll(async () => {
  await Promise.all([app, ...others].map((p) => p?.stop()));
  await receiver?.close();
  await records?.close();
  await stack?.stop();
});

async function endpoint(key: string, path: string, events: string[]) {
  const res = await api("POST", "/v1/webhook-endpoints", key, { url: receiver.url(path), events });
  expect(res.status).toBe(201);
  receiver.route(path, { secret: res.body.secret });
  return res.body as { id: string; secret: string };
}
async function session(key: string) {
  const res = await api("POST", "/v1/verification-sessions", key, {
    required_age: 18,
    return_url: "https://m.example/done",
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; created_at: string; expires_at: string };
}

describe("background work across restarts", () => {
  it("continues a delivery and still fires an expiry after the app is killed between attempts", async () => {
    app = await startAppProcess(stack.databaseUrl, APP_ENV);
    const { testKey: key } = await newOrg("wh", { databaseUrl: stack.databaseUrl, live: false });
    const completed = await endpoint(key, "/restart-completed", ["verification_session.completed"]);
    await endpoint(key, "/restart-expired", ["verification_session.expired"]);
    let completedCalls = 0;
    receiver.route("/restart-completed", {
      secret: completed.secret,
      behaviour: () => (++completedCalls === 1 ? 500 : 200),
    });

    const expiring = await session(key);
    const finishing = await session(key);
    expect(
      (await api("POST", `/v1/test_helpers/verification-sessions/${finishing.id}/complete`, key, { result: "pass" }))
        .status,
    ).toBe(200);

    // Attempt 1 failed and is recorded; attempt 2 is due 4 s later, the expiry in under 5 s.
    await vi.waitFor(async () => expect(await records.attempts(finishing.id)).toHaveLength(1), {
      timeout: 10_000,
      interval: 100,
    });
    // The runner records the attempt, then reschedules the job and gives up its lease. A kill in
    // between would leave the lease to run out (60 s) first: this test is about a kill between attempts.
    await vi.waitFor(
      async () => expect((await records.query(`select 1 from "Job" where "status" = 'running'`)).rowCount).toBe(0),
      {
        timeout: 10_000,
        interval: 100,
      },
    );
    await app.kill();
    const down = Date.now();
    expect((await records.attempts(finishing.id)).map((a) => [a.attemptNumber, a.success])).toEqual([[1, false]]);

    // Stay down until the session's expiry time and attempt 2's time have both passed.
    const expiresAt = Date.parse(expiring.expires_at);
    await new Promise((r) => setTimeout(r, Math.max(expiresAt - Date.now(), 4000 - (Date.now() - down)) + 500));
    expect(receiver.deliveries("/restart-expired")).toEqual([]);
    expect(receiver.deliveries("/restart-completed")).toHaveLength(1);

    app = await startAppProcess(stack.databaseUrl, APP_ENV);
    await vi.waitFor(
      () =>
        expect(
          receiver.deliveries("/restart-completed").length === 2 &&
            receiver.deliveries("/restart-expired").length === 1,
          receiver.summary(),
        ).toBe(true),
      { timeout: 15_000 },
    );
    const [first, second] = receiver.deliveries("/restart-completed");
    expect(second.signatureValid).toBe(true);
    expect(second.body.id).toBe(first.body.id);
    // The app records an attempt once the receiver has answered, so the row may lag the arrival.
    const attempts = await vi.waitFor(
      async () => {
        const recorded = await records.attempts(finishing.id);
        expect(recorded).toHaveLength(2);
        return recorded;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(attempts.map((a) => [a.attemptNumber, a.success])).toEqual([
      [1, false],
      [2, true],
    ]);

    const [expiredEvent] = receiver.deliveries("/restart-expired");
    expect(expiredEvent.signatureValid).toBe(true);
    expect(expiredEvent.body).toMatchObject({
      type: "verification_session.expired",
      data: { id: expiring.id, status: "expired" },
    });
    const retrieved = await api("GET", `/v1/verification-sessions/${expiring.id}`, key);
    expect(retrieved.body.status).toBe("expired");
  }, 90_000);

  it("expires a session that never started within seconds of expires_at, not before", async () => {
    await ensureApp();
    const { testKey: key } = await newOrg("wh", { databaseUrl: stack.databaseUrl, live: false });
    await endpoint(key, "/expiry-timer", ["verification_session.expired"]);
    const created = await session(key);
    const expiresAt = Date.parse(created.expires_at);
    expect(expiresAt - Date.parse(created.created_at)).toBe(5000);
    await vi.waitFor(() => expect(receiver.deliveries("/expiry-timer").length === 1, receiver.summary()).toBe(true), {
      timeout: 15_000,
    });
    const [delivery] = receiver.deliveries("/expiry-timer");
    expect(delivery.receivedAt).toBeGreaterThanOrEqual(expiresAt);
    expect(delivery.receivedAt - expiresAt).toBeLessThan(3000);
    expect(delivery.body.data).toMatchObject({ id: created.id, status: "expired", method: null, confidence: null });
  }, 30_000);

  it("expires an in_progress session at the expires_at its answers show", async () => {
    await ensureApp();
    const { testKey: key } = await newOrg("wh", { databaseUrl: stack.databaseUrl, live: false });
    await endpoint(key, "/expiry-in-progress", ["verification_session.expired"]);
    const created = await session(key);
    // As the hosted flow leaves it when the user starts 2 s after creation.
    const startedAt = Date.parse(created.created_at) + 2000;
    await records.query(`update "VerificationSession" set status = 'in_progress', "startedAt" = $2 where id = $1`, [
      created.id,
      new Date(startedAt),
    ]);
    const dueAt = Date.parse(created.expires_at);
    await vi.waitFor(
      () => expect(receiver.deliveries("/expiry-in-progress").length === 1, receiver.summary()).toBe(true),
      { timeout: 20_000 },
    );
    const [delivery] = receiver.deliveries("/expiry-in-progress");
    expect(delivery.receivedAt).toBeGreaterThanOrEqual(dueAt);
    expect(delivery.receivedAt - dueAt).toBeLessThan(3000);
  }, 30_000);

  it("two app processes on one database never send the same attempt twice", async () => {
    await ensureApp();
    others.push(await startAppProcess(stack.databaseUrl, APP_ENV));
    const { testKey: key } = await newOrg("wh", { databaseUrl: stack.databaseUrl, live: false });
    await endpoint(key, "/pair-ok", ["verification_session.completed"]);
    const flaky = await endpoint(key, "/pair-flaky", ["verification_session.completed"]);
    const seen = new Map<string, number>();
    // Each event fails once at the flaky endpoint, so every event needs exactly two attempts.
    receiver.route("/pair-flaky", {
      secret: flaky.secret,
      behaviour: (_n, body) => {
        seen.set(body.id, (seen.get(body.id) ?? 0) + 1);
        return seen.get(body.id) === 1 ? 500 : 200;
      },
    });
    const sessions = await Promise.all(Array.from({ length: 12 }, () => session(key)));
    await Promise.all(
      sessions.map((s, i) =>
        // Half through each process's API; both processes poll the same queue.
        fetch(`${(i % 2 ? others[0] : app!).baseUrl}/v1/test_helpers/verification-sessions/${s.id}/complete`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({ result: "pass" }),
        }),
      ),
    );
    await vi.waitFor(
      () =>
        expect(
          receiver.deliveries("/pair-ok").length >= 24 && receiver.deliveries("/pair-flaky").length >= 24,
          receiver.summary(),
        ).toBe(true),
      { timeout: 40_000 },
    );
    await new Promise((r) => setTimeout(r, 2000));
    for (const path of ["/pair-ok", "/pair-flaky"]) {
      const counts = new Map<string, number>();
      for (const d of receiver.deliveries(path)) counts.set(d.body.id, (counts.get(d.body.id) ?? 0) + 1);
      expect(counts.size).toBe(12);
      expect([...counts.values()].every((n) => n === 2)).toBe(true);
    }
    const { rows } = await records.query(
      `select a."deliveryId", a."attemptNumber", count(*)::int as n from "DeliveryAttempt" a
         join "WebhookDelivery" d on d.id = a."deliveryId" where d."orgId" = (select "orgId" from "ApiKey" where "keyHash" = encode(sha256($1::bytea), 'hex'))
        group by 1, 2`,
      [key],
    );
    expect(rows).toHaveLength(48);
    expect(rows.every((r: { n: number }) => r.n === 1)).toBe(true);
  }, 90_000);
});
