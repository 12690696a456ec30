import "server-only";
import { createHmac } from "node:crypto";

/**
 * The Service-Signature header of spec part 6: `t=<unix seconds>,v1=<hex>` where v1 is the
 * HMAC-SHA256 of `<t>.<raw body>`, keyed with the endpoint's secret exactly as it was shown
 * at creation (the `whsec_` prefix included). Sign the exact string that is sent.
 */
export function signatureHeader(secret: string, timestampSeconds: number, rawBody: string): string {
  const v1 = createHmac("sha256", secret).update(`${timestampSeconds}.${rawBody}`, "utf8").digest("hex");
  return `t=${timestampSeconds},v1=${v1}`;
}
