// Which provider checks face_estimation: test mode simulates it; live mode uses the built-in
// estimator by default, the vendor at FACE_ESTIMATION_PROVIDER_URL when one is set, and nothing
// when FACE_ESTIMATION_PROVIDER=none.
import { afterEach, describe, expect, it, vi } from "vitest";

const VARS = [
  "FACE_ESTIMATION_PROVIDER",
  "FACE_ESTIMATION_PROVIDER_URL",
  "ID_DOCUMENT_PROVIDER",
  "ID_DOCUMENT_PROVIDER_URL",
  "CREDIT_CARD_PROVIDER",
  "CREDIT_CARD_PROVIDER_URL",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
] as const;
const saved = Object.fromEntries(VARS.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of VARS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** getMethodProvider with a fresh configuration read from these variables. */
async function resolve(
  vars: Partial<Record<(typeof VARS)[number], string>>,
  mode: "test" | "live",
  method: "face_estimation" | "id_document" | "credit_card" = "face_estimation",
) {
  for (const name of VARS) delete process.env[name];
  Object.assign(process.env, vars);
  vi.resetModules();
  const { getMethodProvider } = await import("@/lib/verification/methods/get-method-provider");
  return getMethodProvider(method, mode);
}

describe("face_estimation's provider", () => {
  it("is the built-in estimator in live mode on the defaults", async () => {
    const resolution = await resolve({}, "live");
    expect(resolution).toMatchObject({ available: true, provider: { kind: "image", checkedOnThisServer: true } });
  });

  it("is the vendor when FACE_ESTIMATION_PROVIDER_URL is set, unless local is asked for", async () => {
    const url = "https://faces.example/estimate";
    expect(await resolve({ FACE_ESTIMATION_PROVIDER_URL: url }, "live")).toMatchObject({
      available: true,
      provider: { kind: "image", checkedOnThisServer: false },
    });
    expect(
      await resolve({ FACE_ESTIMATION_PROVIDER: "http", FACE_ESTIMATION_PROVIDER_URL: url }, "live"),
    ).toMatchObject({ provider: { checkedOnThisServer: false } });
    expect(
      await resolve({ FACE_ESTIMATION_PROVIDER: "local", FACE_ESTIMATION_PROVIDER_URL: url }, "live"),
    ).toMatchObject({ provider: { checkedOnThisServer: true } });
  });

  it("is unavailable in live mode with FACE_ESTIMATION_PROVIDER=none", async () => {
    expect(await resolve({ FACE_ESTIMATION_PROVIDER: "none" }, "live")).toEqual({
      available: false,
      reason: "not_configured",
    });
  });

  it("stays simulated in test mode, whatever live mode uses", async () => {
    for (const vars of [
      {},
      { FACE_ESTIMATION_PROVIDER: "none" },
      { FACE_ESTIMATION_PROVIDER_URL: "https://faces.example/estimate" },
    ]) {
      expect(await resolve(vars, "test")).toMatchObject({
        available: true,
        provider: { kind: "simulated_choice", method: "face_estimation" },
      });
    }
  });
});

describe("id_document's provider", () => {
  const url = "https://documents.example/check";

  it("is the built-in reader and face match in live mode on the defaults, taking a selfie", async () => {
    expect(await resolve({}, "live", "id_document")).toMatchObject({
      available: true,
      provider: { kind: "image", method: "id_document", checkedOnThisServer: true, takesSelfie: true },
    });
  });

  it("is the vendor when ID_DOCUMENT_PROVIDER_URL is set, unless local is asked for", async () => {
    expect(await resolve({ ID_DOCUMENT_PROVIDER_URL: url }, "live", "id_document")).toMatchObject({
      provider: { checkedOnThisServer: false },
    });
    expect(
      await resolve({ ID_DOCUMENT_PROVIDER: "local", ID_DOCUMENT_PROVIDER_URL: url }, "live", "id_document"),
    ).toMatchObject({ provider: { checkedOnThisServer: true } });
  });

  it("is unavailable with ID_DOCUMENT_PROVIDER=none, and http without a URL is refused at start-up", async () => {
    expect(await resolve({ ID_DOCUMENT_PROVIDER: "none" }, "live", "id_document")).toEqual({
      available: false,
      reason: "not_configured",
    });
    await expect(resolve({ ID_DOCUMENT_PROVIDER: "http" }, "live", "id_document")).rejects.toThrow(
      /ID_DOCUMENT_PROVIDER_URL/,
    );
  });

  it("is Stripe Identity on a page of Stripe's with ID_DOCUMENT_PROVIDER=stripe, which needs both Stripe secrets", async () => {
    const stripe = { ID_DOCUMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    expect(await resolve(stripe, "live", "id_document")).toMatchObject({
      available: true,
      provider: { kind: "hosted_redirect", method: "id_document" },
    });
    await expect(resolve({ ...stripe, STRIPE_WEBHOOK_SECRET: "" }, "live", "id_document")).rejects.toThrow(
      /STRIPE_WEBHOOK_SECRET: required when ID_DOCUMENT_PROVIDER=stripe/,
    );
    await expect(resolve({ ...stripe, STRIPE_SECRET_KEY: "" }, "live", "id_document")).rejects.toThrow(
      /STRIPE_SECRET_KEY: required when ID_DOCUMENT_PROVIDER=stripe/,
    );
  });

  it("stays simulated in test mode", async () => {
    expect(await resolve({}, "test", "id_document")).toMatchObject({
      provider: { kind: "simulated_choice", method: "id_document" },
    });
  });
});

describe("credit_card's provider", () => {
  it("is unavailable on the defaults, the vendor when CREDIT_CARD_PROVIDER_URL is set, Stripe when asked", async () => {
    expect(await resolve({}, "live", "credit_card")).toEqual({ available: false, reason: "not_configured" });
    expect(
      await resolve({ CREDIT_CARD_PROVIDER_URL: "https://cards.example/api" }, "live", "credit_card"),
    ).toMatchObject({ available: true, provider: { kind: "hosted_redirect", method: "credit_card" } });
    expect(
      await resolve({ CREDIT_CARD_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x" }, "live", "credit_card"),
    ).toMatchObject({ available: true, provider: { kind: "hosted_redirect", method: "credit_card" } });
    expect(
      await resolve(
        { CREDIT_CARD_PROVIDER: "none", CREDIT_CARD_PROVIDER_URL: "https://cards.example/api" },
        "live",
        "credit_card",
      ),
    ).toEqual({ available: false, reason: "not_configured" });
  });

  it("refuses stripe without a secret key, and http without a URL, at start-up", async () => {
    await expect(resolve({ CREDIT_CARD_PROVIDER: "stripe" }, "live", "credit_card")).rejects.toThrow(
      /STRIPE_SECRET_KEY: required when CREDIT_CARD_PROVIDER=stripe/,
    );
    await expect(resolve({ CREDIT_CARD_PROVIDER: "http" }, "live", "credit_card")).rejects.toThrow(
      /CREDIT_CARD_PROVIDER_URL: required when CREDIT_CARD_PROVIDER=http/,
    );
  });
});
