import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { newId } from "@/lib/platform/ids";
import { sealEndpointSecret, generateEndpointSecret } from "@/lib/verification/webhooks/endpoint-secret";
import { startTestStack, type TestStack } from "../support/test-stack";
import { apiAt } from "./support/app-process";
import { deliveryRecords } from "./support/helpers";
import { newOrg, type Receiver, startReceiver } from "../support/fixtures";

// The production default: WEBHOOK_ALLOW_PRIVATE_NETWORKS unset (false), in a stack of its own.
let stack: TestStack;
let receiver: Receiver;
let records: ReturnType<typeof deliveryRecords>;
const api = apiAt(() => stack.baseUrl);

beforeAll(async () => {
  stack = await startTestStack({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "false" } });
  records = deliveryRecords(stack.databaseUrl);
  receiver = await startReceiver();
}, 120_000);
afterAll(async () => {
  await receiver?.close();
  await records?.close();
  await stack?.stop();
});

describe("webhook URLs on private networks (flag off)", () => {
  it.each([
    "https://127.0.0.1/hook",
    "https://127.1.2.3:8443/hook",
    "https://2130706433/hook", // 127.0.0.1 written as a number
    "https://localhost/hook",
    "https://10.0.0.8/hook",
    "https://172.20.1.1/hook",
    "https://192.168.1.20/hook",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/hook",
    "https://0.0.0.0/hook",
    "https://[::1]/hook",
    "https://[::]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "https://[::ffff:10.0.0.1]/hook",
    "https://[fd00::1]/hook",
    "https://[fe80::1]/hook",
    "https://[ff02::1]/hook",
    "https://224.0.0.1/hook",
  ])("refuses %s at creation with 400 parameter_invalid on url", async (url) => {
    const { testKey: key } = await newOrg("wh", { databaseUrl: stack.databaseUrl, live: false });
    const res = await api("POST", "/v1/webhook-endpoints", key, { url });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "parameter_invalid", param: "url" });
    expect(res.body.error.message).toMatch(/public address/);
    expect((await api("GET", "/v1/webhook-endpoints", key)).body.data).toEqual([]);
  });

  it("accepts public addresses, and names that do not resolve yet (they are checked at each delivery)", async () => {
    const { testKey: key } = await newOrg("wh", { databaseUrl: stack.databaseUrl, live: false });
    expect((await api("POST", "/v1/webhook-endpoints", key, { url: "https://93.184.215.14/hook" })).status).toBe(201);
    expect(
      (await api("POST", "/v1/webhook-endpoints", key, { url: "https://[2606:4700:4700::1111]/hook" })).status,
    ).toBe(201);
    expect(
      (await api("POST", "/v1/webhook-endpoints", key, { url: "https://hooks.not-yet-live.invalid/hook" })).status,
    ).toBe(201);
  });

  it("refuses again at delivery time, after resolution, and never connects", async () => {
    const { orgId, testKey: key } = await newOrg("wh", { databaseUrl: stack.databaseUrl, live: false });
    // An endpoint whose host resolves to loopback by the time of delivery (as after a DNS
    // change): written directly, since creation would refuse it.
    const id = newId("whe");
    const path = "/private-delivery";
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      await client.query(
        `insert into "WebhookEndpoint" (id, "orgId", mode, url, events, "secretEncrypted") values ($1, $2, 'test', $3, $4, $5)`,
        [
          id,
          orgId,
          `https://localhost:${new URL(receiver.origin).port}${path}`,
          ["verification_session.completed"],
          sealEndpointSecret(id, generateEndpointSecret()),
        ],
      );
    } finally {
      await client.end();
    }
    const created = await api("POST", "/v1/verification-sessions", key, {
      required_age: 18,
      return_url: "https://m.example/done",
    });
    expect(
      (await api("POST", `/v1/test_helpers/verification-sessions/${created.body.id}/complete`, key, { result: "pass" }))
        .status,
    ).toBe(200);

    const [attempt] = await vi.waitFor(
      async () => {
        const rows = await records.attempts(created.body.id);
        expect(rows).not.toHaveLength(0);
        return rows;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(attempt).toMatchObject({ attemptNumber: 1, success: false, statusCode: null });
    expect(attempt.error).toMatch(/^blocked: localhost resolves to (127\.0\.0\.1|::1), which is not a public address/);
    expect(receiver.deliveries(path)).toEqual([]);
  });
});
