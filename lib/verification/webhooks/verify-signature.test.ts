import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { constructWebhookEvent, verifyWebhookSignature } from "@/lib/verification/webhooks/verify-signature";
import { signatureHeader } from "@/lib/verification/webhooks/sign-payload";

const secret = "whsec_0123456789abcdefghijABCDEFGHIJ";
const body = JSON.stringify({ id: "evt_1", type: "verification_session.completed", data: { note: "héllo" } });
const now = 1_900_000_000_000;
const t = now / 1000;

function sign(timestamp: number, raw: string, key = secret) {
  return `t=${timestamp},v1=${createHmac("sha256", key).update(`${timestamp}.${raw}`).digest("hex")}`;
}

describe("verifyWebhookSignature", () => {
  it("accepts a signature computed independently over the raw body", () => {
    expect(verifyWebhookSignature(body, sign(t, body), secret, { now })).toEqual({ timestamp: t });
    expect(verifyWebhookSignature(Buffer.from(body), sign(t, body), secret, { now })).toEqual({ timestamp: t });
  });

  it("agrees with the sender's signer", () => {
    expect(signatureHeader(secret, t, body)).toBe(sign(t, body));
  });

  it("rejects a body that was re-serialised, altered or signed with another secret", () => {
    const reserialised = JSON.stringify(JSON.parse(body), null, 2);
    expect(() => verifyWebhookSignature(reserialised, sign(t, body), secret, { now })).toThrow(
      expect.objectContaining({ code: "signature_mismatch" }),
    );
    expect(() => verifyWebhookSignature(body.replace("evt_1", "evt_2"), sign(t, body), secret, { now })).toThrow(
      expect.objectContaining({ code: "signature_mismatch" }),
    );
    expect(() => verifyWebhookSignature(body, sign(t, body, "whsec_other"), secret, { now })).toThrow(
      expect.objectContaining({ code: "signature_mismatch" }),
    );
  });

  it("enforces the 300 second tolerance both ways", () => {
    expect(() => verifyWebhookSignature(body, sign(t - 300, body), secret, { now })).not.toThrow();
    expect(() => verifyWebhookSignature(body, sign(t + 300, body), secret, { now })).not.toThrow();
    expect(() => verifyWebhookSignature(body, sign(t - 301, body), secret, { now })).toThrow(
      expect.objectContaining({ code: "timestamp_outside_tolerance" }),
    );
    expect(() => verifyWebhookSignature(body, sign(t + 301, body), secret, { now })).toThrow(
      expect.objectContaining({ code: "timestamp_outside_tolerance" }),
    );
  });

  it.each([
    [undefined, "header_missing"],
    ["", "header_missing"],
    ["v1=abc,t=1", "header_malformed"],
    [`t=${t},v1=ABCDEF`, "header_malformed"],
    [`t=${t},v1=abc,v0=def`, "header_malformed"],
    [`t=-1,v1=abc`, "header_malformed"],
  ])("rejects header %s", (header, code) => {
    expect(() => verifyWebhookSignature(body, header, secret, { now })).toThrow(expect.objectContaining({ code }));
  });

  it("rejects a truncated signature", () => {
    const header = sign(t, body).slice(0, -2);
    expect(() => verifyWebhookSignature(body, header, secret, { now })).toThrow(
      expect.objectContaining({ code: "signature_mismatch" }),
    );
  });

  it("constructWebhookEvent parses only after verifying", () => {
    expect(constructWebhookEvent(body, sign(t, body), secret, { now })).toMatchObject({ id: "evt_1" });
    expect(() => constructWebhookEvent("{not json", sign(t, "{not json"), secret, { now })).toThrow(
      expect.objectContaining({ code: "payload_invalid" }),
    );
    expect(() => constructWebhookEvent(body, sign(t, "other"), secret, { now })).toThrow(
      expect.objectContaining({ code: "signature_mismatch" }),
    );
  });
});
