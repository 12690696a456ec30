// The record of truth: finishing the hosted flow in the browser delivers a correctly signed
// verification_session.completed to the integrator's HTTPS endpoint.
import { createHmac, timingSafeEqual } from "node:crypto";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { ensureTestCertificates } from "../tests/support/test-ca";
import { api, createOrgKeys, createSession, PHONE, serveReturnSite } from "./verify-helpers";

const baseUrl = () => process.env.E2E_BASE_URL!;
type Delivery = { headers: Record<string, string | string[] | undefined>; raw: string; receivedAt: number };

test.use({ viewport: PHONE });

test("a local HTTPS receiver gets a correctly signed verification_session.completed", async ({ page }) => {
  const deliveries: Delivery[] = [];
  const { cert, key } = ensureTestCertificates();
  const receiver = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      deliveries.push({ headers: req.headers, raw: Buffer.concat(chunks).toString("utf8"), receivedAt: Date.now() });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const port = (receiver.address() as AddressInfo).port;
    const keys = createOrgKeys(undefined, { live: false });
    const endpoint = await api(baseUrl(), keys.testKey, "POST", "/v1/webhook-endpoints", {
      url: `https://127.0.0.1:${port}/hooks/age`,
      events: ["verification_session.completed"],
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const secret: string = endpoint.body.secret;
    expect(secret).toMatch(/^whsec_/);

    await serveReturnSite(page);
    const session = await createSession(baseUrl(), keys.testKey, {
      required_age: 18,
      methods: ["face_estimation", "id_document"],
      return_url: "https://shop.example/done",
      metadata: { order: "A-77", customer: "c_1" },
    });
    await page.goto(session.url);
    await page.getByRole("button", { name: "Start with face age estimation" }).click();
    await page.getByRole("button", { name: /Simulate inconclusive/ }).click();
    await expect(page.getByRole("heading", { level: 2, name: "ID document" })).toBeVisible();
    await page.getByRole("button", { name: /Simulate pass/ }).click();
    await page.waitForURL(`https://shop.example/done?session_id=${session.id}`);

    await expect.poll(() => deliveries.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [delivery] = deliveries;
    expect(delivery.headers["service-event"]).toBe("verification_session.completed");
    expect(delivery.headers["content-type"]).toMatch(/^application\/json/);

    // Verify the signature as an integrator would: raw body, own HMAC, constant-time compare.
    const header = String(delivery.headers["service-signature"]);
    const match = /^t=(\d+),v1=([0-9a-f]+)$/.exec(header);
    expect(match, header).not.toBeNull();
    const [, t, v1] = match!;
    const expected = createHmac("sha256", secret).update(`${t}.${delivery.raw}`).digest();
    const given = Buffer.from(v1, "hex");
    expect(given.length === expected.length && timingSafeEqual(given, expected)).toBe(true);
    expect(Math.abs(Math.floor(delivery.receivedAt / 1000) - Number(t))).toBeLessThanOrEqual(300);

    const event = JSON.parse(delivery.raw);
    expect(event).toMatchObject({
      type: "verification_session.completed",
      data: {
        id: session.id,
        status: "passed",
        required_age: 18,
        method: "id_document",
        confidence: "high",
        mode: "test",
        metadata: { order: "A-77", customer: "c_1" },
      },
    });
    expect(event.id).toMatch(/^evt_/);
    expect(Date.parse(event.created)).toBeGreaterThan(0);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
