// Which provider checks face_estimation: test mode simulates it; live mode uses the built-in
// estimator by default, the vendor at FACE_ESTIMATION_PROVIDER_URL when one is set, and nothing
// when FACE_ESTIMATION_PROVIDER=none.
import { afterEach, describe, expect, it, vi } from "vitest";

const VARS = ["FACE_ESTIMATION_PROVIDER", "FACE_ESTIMATION_PROVIDER_URL"] as const;
const saved = Object.fromEntries(VARS.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of VARS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** getMethodProvider with a fresh configuration read from these variables. */
async function resolve(vars: Partial<Record<(typeof VARS)[number], string>>, mode: "test" | "live") {
  for (const name of VARS) delete process.env[name];
  Object.assign(process.env, vars);
  vi.resetModules();
  const { getMethodProvider } = await import("@/lib/verification/methods/get-method-provider");
  return getMethodProvider("face_estimation", mode);
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
