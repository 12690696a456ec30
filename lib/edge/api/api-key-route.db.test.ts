// The API-key wrappers of both APIs against the real database: one implementation, each API's
// own header, envelope, status codes and headers; the handler runs only for a valid key and
// sees that key's organisation.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { withApiKey } from "@/lib/edge/api/with-api-key";
import { withVoiceApiKey } from "@/lib/edge/api/with-voice-api-key";
import { VerificationApiError } from "@/lib/verification/errors";
import { VoiceApiError } from "@/lib/voice/errors";
import { newOrg } from "../../../tests/support/fixtures";

// Each test from its own address, so the failed-authentication budget is its own.
const address = () => `203.0.113.${randomBytes(1)[0]}-${randomBytes(4).toString("hex")}`;

type Seen = { orgId: string | null; calls: number };

function v1Route(seen: Seen, fail?: () => never) {
  return withApiKey<{ id: string }>(async ({ principal, params }) => {
    seen.calls++;
    seen.orgId = principal.orgId;
    if (fail) fail();
    return Response.json({ id: params.id });
  });
}

function voiceRoute(seen: Seen, fail?: () => never) {
  return withVoiceApiKey<{ id: string }>(async ({ principal, params }) => {
    seen.calls++;
    seen.orgId = principal.orgId;
    if (fail) fail();
    return Response.json({ id: params.id });
  });
}

const call = (
  route: (req: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response>,
  headers: Record<string, string>,
) =>
  route(new Request("http://127.0.0.1/x", { headers: { "x-forwarded-for": address(), ...headers } }), {
    params: Promise.resolve({ id: "thing_1" }),
  });

describe("withApiKey (/v1)", () => {
  it.each([
    ["no key", {}],
    ["an unknown key", { authorization: `Bearer sk_test_${"Q".repeat(40)}` }],
    ["the key in the Voice API's header", { "x-api-key": "KEY" }],
  ])("refuses %s with 401 invalid_api_key, a Bearer challenge and the address's budget", async (_label, given) => {
    const { testKey } = await newOrg();
    const headers = Object.fromEntries(
      Object.entries(given).map(([name, value]) => [name, value.replace("KEY", testKey)]),
    ) as Record<string, string>;
    const seen: Seen = { orgId: null, calls: 0 };
    const res = await call(v1Route(seen), headers);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { type: "authentication_error", code: "invalid_api_key", message: expect.stringContaining("Bearer") },
    });
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="v1"');
    expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    expect(seen.calls).toBe(0);
  });

  it("runs the handler for the key's own organisation, with that organisation's budget", async () => {
    const a = await newOrg();
    const b = await newOrg();
    for (const org of [a, b]) {
      const seen: Seen = { orgId: null, calls: 0 };
      const res = await call(v1Route(seen), { authorization: `Bearer ${org.testKey}` });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ id: "thing_1" });
      expect(seen).toEqual({ orgId: org.orgId, calls: 1 });
      expect(res.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
      expect(res.headers.get("www-authenticate")).toBeNull();
    }
  });

  it("answers what the handler throws in the /v1 envelope, budget headers included", async () => {
    const { testKey } = await newOrg();
    const seen: Seen = { orgId: null, calls: 0 };
    const res = await call(
      v1Route(seen, () => {
        throw new VerificationApiError("resource_missing", "No such thing: thing_1.");
      }),
      { authorization: `Bearer ${testKey}` },
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { type: "invalid_request_error", code: "resource_missing", message: "No such thing: thing_1." },
    });
    expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  });
});

describe("withVoiceApiKey (Voice API)", () => {
  it.each([
    ["no key", {}],
    ["an unknown key", { "x-api-key": `sk_test_${"Q".repeat(40)}` }],
    ["the key in /v1's header", { authorization: "Bearer KEY" }],
  ])("refuses %s with 401 unauthorized in the voice envelope, without a challenge", async (_label, given) => {
    const { testKey } = await newOrg();
    const headers = Object.fromEntries(
      Object.entries(given).map(([name, value]) => [name, value.replace("KEY", testKey)]),
    ) as Record<string, string>;
    const seen: Seen = { orgId: null, calls: 0 };
    const res = await call(voiceRoute(seen), headers);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: "unauthorized", message: expect.stringContaining("x-api-key") },
    });
    expect(res.headers.get("www-authenticate")).toBeNull();
    expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    expect(seen.calls).toBe(0);
  });

  it("runs the handler for the key's own organisation (test or live key), counting nothing", async () => {
    const a = await newOrg();
    const b = await newOrg();
    for (const [org, key] of [
      [a, a.testKey],
      [b, b.liveKey],
    ] as const) {
      const seen: Seen = { orgId: null, calls: 0 };
      const res = await call(voiceRoute(seen), { "x-api-key": key });
      expect(res.status).toBe(200);
      expect(seen).toEqual({ orgId: org.orgId, calls: 1 });
      expect(res.headers.get("x-ratelimit-limit")).toBeNull();
    }
  });

  it("answers what the handler throws in the voice envelope", async () => {
    const { testKey } = await newOrg();
    const seen: Seen = { orgId: null, calls: 0 };
    const res = await call(
      voiceRoute(seen, () => {
        throw new VoiceApiError("not_found", "No such thing: thing_1.");
      }),
      { "x-api-key": testKey },
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "No such thing: thing_1." } });
  });
});
