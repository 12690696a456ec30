// The record of truth: finishing the hosted flow in the browser delivers a correctly signed
// verification_session.completed to the integrator's HTTPS endpoint.
import { expect, test } from "@playwright/test";
import { PHONE, serveReturnSite } from "./verify-helpers";
import { api, createSession, newOrg, startReceiver } from "../tests/support/fixtures";

const baseUrl = () => process.env.E2E_BASE_URL!;

test.use({ viewport: PHONE });

test("a local HTTPS receiver gets a correctly signed verification_session.completed", async ({ page }) => {
  const receiver = await startReceiver();
  try {
    const keys = await newOrg("e2e-verify", { live: false });
    const endpoint = await api(baseUrl(), keys.testKey, "POST", "/v1/webhook-endpoints", {
      url: receiver.url("/hooks/age"),
      events: ["verification_session.completed"],
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const secret: string = endpoint.body.secret;
    expect(secret).toMatch(/^whsec_/);
    // The receiver checks each signature with its own HMAC code, as an integrator would: raw
    // body, the endpoint's secret, constant-time compare.
    receiver.route("/hooks/age", { secret });

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

    await expect.poll(() => receiver.deliveries("/hooks/age").length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [delivery] = receiver.deliveries("/hooks/age");
    expect(delivery.headers["service-event"]).toBe("verification_session.completed");
    expect(delivery.headers["content-type"]).toMatch(/^application\/json/);
    expect(delivery.signature, String(delivery.headers["service-signature"])).not.toBeNull();
    expect(delivery.signatureValid).toBe(true);
    expect(Math.abs(Math.floor(delivery.receivedAt / 1000) - delivery.signature!.t)).toBeLessThanOrEqual(300);

    expect(delivery.body).toMatchObject({
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
    expect(delivery.body.id).toMatch(/^evt_/);
    expect(Date.parse(delivery.body.created)).toBeGreaterThan(0);
  } finally {
    await receiver.close();
  }
});
