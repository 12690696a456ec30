// The dashboard's view of which provider checks each live method, for every provider a method can have.
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/platform/env";
import { describeLiveProviders } from "@/lib/verification/dashboard/describe-live-providers";

const providers = (vars: Record<string, string>) =>
  Object.fromEntries(describeLiveProviders(parseEnv(vars)).map((row) => [row.method, row.provider]));
const STRIPE = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };

describe("describeLiveProviders", () => {
  it("shows the built-in checks and no card check on the defaults", () => {
    expect(providers({})).toEqual({ face_estimation: "local", id_document: "local", credit_card: "none" });
    const document = describeLiveProviders(parseEnv({})).find((row) => row.method === "id_document")!;
    expect(document).toMatchObject({ checkedBy: "This server", confidence: "medium" });
    expect(document.note).toMatch(/forged document/);
  });

  it("names the vendors of the http contract by host", () => {
    const rows = describeLiveProviders(
      parseEnv({
        FACE_ESTIMATION_PROVIDER_URL: "https://faces.example/estimate",
        ID_DOCUMENT_PROVIDER_URL: "https://docs.example/check",
        CREDIT_CARD_PROVIDER_URL: "https://cards.example/api",
      }),
    );
    expect(rows.map((row) => [row.provider, row.checkedBy])).toEqual([
      ["http", "faces.example"],
      ["http", "docs.example"],
      ["http", "cards.example"],
    ]);
  });

  it("shows Stripe for both methods it can check, and off for methods switched off", () => {
    expect(
      providers({
        ...STRIPE,
        ID_DOCUMENT_PROVIDER: "stripe",
        CREDIT_CARD_PROVIDER: "stripe",
        FACE_ESTIMATION_PROVIDER: "none",
      }),
    ).toEqual({ face_estimation: "none", id_document: "stripe", credit_card: "stripe" });
    const rows = describeLiveProviders(
      parseEnv({ ...STRIPE, ID_DOCUMENT_PROVIDER: "stripe", CREDIT_CARD_PROVIDER: "stripe" }),
    );
    expect(rows.find((row) => row.method === "id_document")).toMatchObject({
      checkedBy: "Stripe Identity",
      confidence: "high",
    });
    expect(rows.find((row) => row.method === "credit_card")).toMatchObject({
      checkedBy: "Stripe Checkout",
      confidence: "medium",
    });
    expect(providers({ ID_DOCUMENT_PROVIDER: "none" }).id_document).toBe("none");
  });
});
