import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { Inngest } from "inngest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";
import { startJobRunner, type ClaimedJob } from "@/lib/platform/jobs/job-runner";
import { relayJobsToInngest } from "@/inngest/relay-jobs-to-inngest";

// Inngest Cloud cannot be reached from here, so its event API is played by a server on
// loopback; the real SDK client sends to it over HTTP.
const received: { path: string; body: any }[] = [];
let failNext = false;
let server: http.Server;
let client: Inngest;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (failNext) {
        failNext = false;
        res.writeHead(500, { "content-type": "application/json" });
        return res.end(JSON.stringify({ status: 500, error: "unavailable" }));
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      received.push({ path: req.url ?? "", body });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: 200, ids: body.map((_: unknown, i: number) => `01J${i}`) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  client = new Inngest({
    id: "voiceage-test",
    eventKey: "test-event-key",
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
  });
});
afterAll(() => new Promise((r) => server.close(r)));

const job = (name: string, payload: unknown, runAt = new Date()): ClaimedJob => ({
  id: newId("job"),
  name,
  payload,
  attempts: 1,
  maxAttempts: 5,
  runAt,
});

describe("relaying outbox jobs to Inngest", () => {
  it("sends each job as its job's event, with runAt only when not yet due and the job id as the event id (Inngest dedupes repeats)", async () => {
    received.length = 0;
    const expiresAt = new Date(Date.now() + 30 * 60_000);
    const expire = job("verification/session.expire", { sessionId: "vs_1" }, expiresAt);
    const deliver = job("webhooks/event.deliver", { eventId: "oev_1" });
    await relayJobsToInngest(client)([expire, deliver]);
    expect(received).toHaveLength(1);
    expect(received[0].path).toBe("/e/test-event-key");
    expect(received[0].body).toEqual([
      expect.objectContaining({
        name: "verification/session.expire",
        data: { payload: { sessionId: "vs_1" }, runAt: expiresAt.toISOString() },
        id: expire.id,
      }),
      expect.objectContaining({
        name: "webhooks/event.deliver",
        data: { payload: { eventId: "oev_1" } },
        id: deliver.id,
      }),
    ]);
  });

  it("refuses a payload its job's schema rejects, before sending anything", async () => {
    received.length = 0;
    await expect(relayJobsToInngest(client)([job("webhooks/event.deliver", { eventId: "" })])).rejects.toThrow();
    expect(received).toHaveLength(0);
  });

  it("rejects a job it has no event for", async () => {
    await expect(relayJobsToInngest(client)([job("unknown/job", {})])).rejects.toThrow(/No Inngest event/);
  });

  it("in relay mode the runner hands over pending jobs, due or not, and keeps them when the relay fails", async () => {
    const name = `test/${randomBytes(4).toString("hex")}`;
    const relayed: string[] = [];
    let fail = true;
    const later = new Date(Date.now() + 60 * 60_000);
    await db.job.create({ data: { id: newId("job"), name, payload: {}, runAt: later } });
    const runner = startJobRunner({
      handlers: { [name]: { run: async () => ({ kind: "done" }), errorDelayMs: () => 0 } },
      pollIntervalMs: 50,
      relay: async (jobs) => {
        if (fail) {
          fail = false;
          throw new Error("Inngest unavailable");
        }
        relayed.push(...jobs.map((j) => j.id));
      },
    });
    try {
      const row = await vi.waitFor(
        async () => {
          const job = await db.job.findFirstOrThrow({ where: { name } });
          expect(job.status).toBe("done");
          return job;
        },
        { timeout: 15_000, interval: 100 },
      );
      // Failed once (not counted as an attempt), handed over on the next round, never run here.
      expect(relayed).toEqual([row.id]);
      expect(row).toMatchObject({ status: "done", attempts: 1, lockedBy: null, lastError: null });
    } finally {
      await runner.stop();
    }
  }, 20_000);
});
