// The stripe providers (docs/stripe.md) through the hosted flow's domain functions, against the
// Stripe-shaped HTTPS fake on loopback (tests/support/stripe-fake.ts), reached by the real SDK
// through its host/port/protocol options and trusting the fake's certificate in its own agent.
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLiveSession, type LiveMethod } from "../../../../tests/support/hosted-flow";
import { startStripeFake, type StripeFake } from "../../../../tests/support/stripe-fake";
import { checkDay } from "@/lib/verification/methods/id-document/decide-document";

const SECRET_KEY = "sk_test_fake_for_loopback_only";
const WEBHOOK_SECRET = "whsec_fake_for_loopback_only";
const VARS = {
  ID_DOCUMENT_PROVIDER: "stripe",
  CREDIT_CARD_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  // Short, so "Stripe is slow" takes seconds; the fake's slow answers take far longer.
  STRIPE_TIMEOUT_MS: "2000",
};

let fake: StripeFake;
// Imported after the environment is set (env() reads it once per module graph).
let mod: {
  db: typeof import("@/lib/platform/db").db;
  startHostedCheck: typeof import("@/lib/verification/hosted-flow/hosted-check").startHostedCheck;
  finishHostedCheck: typeof import("@/lib/verification/hosted-flow/hosted-check").finishHostedCheck;
  receiveStripeWebhook: typeof import("@/lib/verification/hosted-flow/receive-stripe-webhook").receiveStripeWebhook;
  ProviderError: typeof import("@/lib/verification/methods/types").ProviderError;
  VerificationApiError: typeof import("@/lib/verification/errors").VerificationApiError;
};

beforeAll(async () => {
  fake = await startStripeFake(SECRET_KEY);
  Object.assign(process.env, VARS, { STRIPE_API_URL: fake.apiUrl, STRIPE_CA_FILE: fake.caFile });
  mod = {
    ...(await import("@/lib/platform/db")),
    ...(await import("@/lib/verification/hosted-flow/hosted-check")),
    ...(await import("@/lib/verification/hosted-flow/receive-stripe-webhook")),
    ...(await import("@/lib/verification/methods/types")),
    ...(await import("@/lib/verification/errors")),
  };
});

afterAll(async () => {
  for (const name of [...Object.keys(VARS), "STRIPE_API_URL", "STRIPE_CA_FILE"]) delete process.env[name];
  await fake.close();
});

beforeEach(() => {
  fake.calls.length = 0;
  fake.control.down = false;
  fake.control.delayMs = 0;
});

/**
 * A date of birth `years` years and `days` days before the check's day: the calendar date in
 * UTC-12 (checkDay), not in UTC, or the test fails before noon UTC, when the two differ.
 */
function bornYearsAgo(years: number, days = 0) {
  const date = new Date(`${checkDay(new Date())}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return { year: date.getUTCFullYear() - years, month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Opens a live session, starts the hosted check on step `index`, and returns what the user is given. */
async function startCheck(methods: LiveMethod[], index = 0) {
  const session = await startLiveSession(methods);
  const redirect = await mod.startHostedCheck(await session.load(), index);
  const created = fake.calls.find((call) => call.method === "POST" && /sessions$/.test(call.path))!;
  const returnUrl = new URL(
    created.params.get("return_url") ?? created.params.get("success_url")!.replace("{CHECKOUT_SESSION_ID}", "X"),
  );
  return { session, redirect: redirect!, created, state: returnUrl.searchParams.get("state")!, returnUrl };
}

const redactions = () =>
  fake.calls.filter((call) => call.path.endsWith("/redact")).map((call) => call.path.split("/")[4]);

/** A webhook delivery as Stripe signs it. */
function signedEvent(type: "verified" | "requires_input" | "canceled", object: Stripe.Identity.VerificationSession) {
  // Stripe.Event is a union by `type`, which a template literal does not narrow.
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions
  const event: Stripe.Event = {
    id: `evt_${object.id}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: `identity.verification_session.${type}`,
  } as Stripe.Event;
  const payload = JSON.stringify(event);
  const header = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return { payload, header };
}

describe("id_document through Stripe Identity", () => {
  it("opens a document session with a matching live selfie and sends the user to its url", async () => {
    const { redirect, created, returnUrl, session } = await startCheck(["id_document"]);
    expect(redirect).toMatch(/^https:\/\/verify\.stripe\.com\/start\//);
    expect(Object.fromEntries(created.params)).toMatchObject({
      type: "document",
      "options[document][require_matching_selfie]": "true",
      "options[document][require_live_capture]": "true",
    });
    expect(returnUrl.pathname).toBe(`/verify/session/${session.id}/hosted-return`);
    expect(created.params.get("client_reference_id")).toMatch(new RegExp(`^${session.id}\\.0\\.0\\.`));
  });

  it("passes an adult on the verified date of birth, with high confidence, then redacts the session", async () => {
    const { session, state } = await startCheck(["id_document"]);
    const [vsId] = [...fake.identitySessions.keys()].slice(-1);
    // Back before Stripe has anything: nothing decided, nothing redacted.
    expect(await mod.finishHostedCheck(await session.load(), { state, checkId: "" })).toEqual({ kind: "pending" });
    expect(redactions()).toEqual([]);
    fake.verify(vsId, bornYearsAgo(18));
    expect(await mod.finishHostedCheck(await session.load(), { state, checkId: "" })).toEqual({
      kind: "completed",
      status: "passed",
    });
    expect(await session.load()).toMatchObject({ outcomeResult: "pass", outcomeConfidence: "high", attempts: 1 });
    expect(redactions()).toEqual([vsId]);
    // The date of birth was asked for (expanded) before the redaction.
    const read = fake.calls.findIndex(
      (c) => c.method === "GET" && c.params.get("expand[0]") === "verified_outputs.dob",
    );
    expect(read).toBeGreaterThanOrEqual(0);
    expect(read).toBeLessThan(fake.calls.findIndex((c) => c.path.endsWith("/redact")));
  });

  it("fails someone a day short of the required age, and still redacts", async () => {
    const { session, state } = await startCheck(["id_document"]);
    const [vsId] = [...fake.identitySessions.keys()].slice(-1);
    fake.verify(vsId, bornYearsAgo(18, -1));
    expect(await mod.finishHostedCheck(await session.load(), { state, checkId: "" })).toEqual({
      kind: "completed",
      status: "failed",
    });
    expect(await session.load()).toMatchObject({ outcomeResult: "fail", outcomeConfidence: "high" });
    expect(redactions()).toEqual([vsId]);
  });

  it("treats a session that needs input as inconclusive: the flow moves on, and it is redacted", async () => {
    const { session, state } = await startCheck(["id_document", "credit_card"]);
    const [vsId] = [...fake.identitySessions.keys()].slice(-1);
    fake.requireInput(vsId, "selfie_face_mismatch");
    expect(await mod.finishHostedCheck(await session.load(), { state, checkId: "" })).toEqual({
      kind: "escalated",
      nextIndex: 1,
    });
    expect(await session.load()).toMatchObject({ status: "in_progress", currentMethodIndex: 1, attempts: 1 });
    expect(redactions()).toEqual([vsId]);
  });

  it("treats a cancelled session as inconclusive (Stripe refusing to redact it is no error)", async () => {
    const { session, state } = await startCheck(["id_document"]);
    const [vsId] = [...fake.identitySessions.keys()].slice(-1);
    fake.cancel(vsId);
    expect(await mod.finishHostedCheck(await session.load(), { state, checkId: "" })).toEqual({
      kind: "completed",
      status: "failed",
    });
    expect(await session.load()).toMatchObject({ outcomeResult: "inconclusive", attempts: 1 });
    expect(redactions()).toEqual([vsId]);
  });

  it("refuses another attempt's session named in the return URL", async () => {
    const first = await startCheck(["id_document"]);
    const [otherVs] = [...fake.identitySessions.keys()].slice(-1);
    fake.verify(otherVs, bornYearsAgo(40));
    fake.calls.length = 0;
    const second = await startCheck(["id_document"]);
    await expect(
      mod.finishHostedCheck(await second.session.load(), { state: second.state, checkId: otherVs }),
    ).rejects.toBeInstanceOf(mod.ProviderError);
    expect(await second.session.load()).toMatchObject({ status: "in_progress", attempts: 0 });
    expect(redactions()).toEqual([]);
    expect((await first.session.load()).status).toBe("in_progress");
  });

  it("decides the user who never comes back from the signed webhook, once, and redacts", async () => {
    const { session, state } = await startCheck(["id_document"]);
    const [vsId] = [...fake.identitySessions.keys()].slice(-1);
    fake.verify(vsId, bornYearsAgo(30));
    // The event carries the session as Stripe sent it; the webhook reads it afresh from Stripe.
    const { payload, header } = signedEvent("verified", { ...fake.identitySessions.get(vsId)!.session });
    expect(await mod.receiveStripeWebhook(payload, header)).toEqual({ received: true, applied: true });
    expect(await session.load()).toMatchObject({ status: "passed", outcomeMethod: "id_document", attempts: 1 });
    expect(redactions()).toEqual([vsId]);
    // Stripe delivers again, and the user comes back late: neither decides twice.
    expect(await mod.receiveStripeWebhook(payload, header)).toEqual({ received: true, applied: false });
    expect(await mod.finishHostedCheck(await session.load(), { state, checkId: "" })).toEqual({ kind: "stale" });
    expect(redactions()).toEqual([vsId]);
  });

  it("redacts a session verified after our session moved on, without applying it", async () => {
    const { session } = await startCheck(["id_document", "credit_card"]);
    const [vsId] = [...fake.identitySessions.keys()].slice(-1);
    await mod.db.verificationSession.update({ where: { id: session.id }, data: { currentMethodIndex: 1 } });
    fake.verify(vsId, bornYearsAgo(30));
    const { payload, header } = signedEvent("verified", { ...fake.identitySessions.get(vsId)!.session });
    expect(await mod.receiveStripeWebhook(payload, header)).toEqual({ received: true, applied: false });
    expect(await session.load()).toMatchObject({ status: "in_progress", currentMethodIndex: 1, attempts: 0 });
    expect(redactions()).toEqual([vsId]);
  });

  it("refuses a forged or altered webhook with a 400 in the API's envelope, calling nobody", async () => {
    const { session } = await startCheck(["id_document"]);
    const [vsId] = [...fake.identitySessions.keys()].slice(-1);
    fake.verify(vsId, bornYearsAgo(30));
    fake.calls.length = 0;
    const { payload, header } = signedEvent("verified", { ...fake.identitySessions.get(vsId)!.session });
    const forged = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    for (const [body, signature] of [
      [payload, forged],
      [payload.replace('"livemode":false', '"livemode":true'), header],
      [payload, null],
    ] as const) {
      const refused = await mod.receiveStripeWebhook(body, signature).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(mod.VerificationApiError);
      expect(refused).toMatchObject({ status: 400, code: "parameter_invalid" });
    }
    expect(fake.calls).toEqual([]);
    expect(await session.load()).toMatchObject({ status: "in_progress", attempts: 0 });
  });

  it("ignores events for sessions this deployment did not open", async () => {
    const { payload, header } = signedEvent("verified", {
      ...fake.identitySessions.values().next().value!.session,
      client_reference_id: "order-1234",
    });
    expect(await mod.receiveStripeWebhook(payload, header)).toEqual({ received: true, applied: false });
    expect(fake.calls).toEqual([]);
  });
});

describe("credit_card through setup-mode Stripe Checkout", () => {
  it("passes a credit card at 18 and detaches it", async () => {
    const { session, state, redirect, created } = await startCheck(["credit_card"]);
    expect(redirect).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(created.params.get("mode")).toBe("setup");
    expect(created.params.get("success_url")).toContain("check_id={CHECKOUT_SESSION_ID}");
    const checkId = redirect.split("/").pop()!;
    // Cancelled on Checkout (no check id), or back while it is still open: not finished.
    expect(await mod.finishHostedCheck(await session.load(), { state, checkId: "" })).toEqual({ kind: "pending" });
    expect(await mod.finishHostedCheck(await session.load(), { state, checkId })).toEqual({ kind: "pending" });
    fake.completeCheckout(checkId, "credit", true);
    expect(await mod.finishHostedCheck(await session.load(), { state, checkId })).toEqual({
      kind: "completed",
      status: "passed",
    });
    expect(await session.load()).toMatchObject({ outcomeMethod: "credit_card", outcomeResult: "pass" });
    const detached = fake.calls.filter((call) => call.path.endsWith("/detach"));
    expect(detached).toHaveLength(1);
    expect([...fake.paymentMethods.values()].every((card) => card.customer === null)).toBe(true);
  });

  it.each(["debit", "prepaid", "unknown"])("finds a %s card inconclusive", async (funding) => {
    const { session, state, redirect } = await startCheck(["credit_card", "id_document"]);
    const checkId = redirect.split("/").pop()!;
    fake.completeCheckout(checkId, funding);
    expect(await mod.finishHostedCheck(await session.load(), { state, checkId })).toEqual({
      kind: "escalated",
      nextIndex: 1,
    });
    // Not attached to any customer: there is nothing to detach, and nothing is asked to.
    expect(fake.calls.filter((call) => call.path.endsWith("/detach"))).toEqual([]);
  });
});

describe("Stripe down or slow", () => {
  it("is a provider error: the user may retry, and the method's third failed call moves the flow on", async () => {
    const session = await startLiveSession(["id_document", "credit_card"]);
    fake.control.down = true;
    for (let i = 0; i < 2; i++) {
      await expect(mod.startHostedCheck(await session.load(), 0)).rejects.toBeInstanceOf(mod.ProviderError);
    }
    expect(await session.load()).toMatchObject({ status: "in_progress", currentMethodIndex: 0, attempts: 0 });
    expect(await mod.startHostedCheck(await session.load(), 0)).toBeNull();
    expect(await session.load()).toMatchObject({ status: "in_progress", currentMethodIndex: 1, attempts: 0 });
  });

  it("keeps a returning user where they were when Stripe fails to answer", async () => {
    const { session, state, redirect } = await startCheck(["credit_card"]);
    const checkId = redirect.split("/").pop()!;
    fake.completeCheckout(checkId, "credit");
    fake.control.down = true;
    await expect(mod.finishHostedCheck(await session.load(), { state, checkId })).rejects.toBeInstanceOf(
      mod.ProviderError,
    );
    fake.control.down = false;
    expect(await mod.finishHostedCheck(await session.load(), { state, checkId })).toEqual({
      kind: "completed",
      status: "passed",
    });
  });

  it("gives up on a request that outlasts STRIPE_TIMEOUT_MS as a provider error", async () => {
    const session = await startLiveSession(["credit_card"]);
    fake.control.delayMs = 30_000;
    await expect(mod.startHostedCheck(await session.load(), 0)).rejects.toBeInstanceOf(mod.ProviderError);
    expect(await session.load()).toMatchObject({ status: "in_progress", attempts: 0 });
  });

  it("is reached only by the client told to trust its certificate (TLS is never switched off)", async () => {
    const { hostname, port } = new URL(fake.apiUrl);
    const untrusting = new Stripe(SECRET_KEY, { host: hostname, port, protocol: "https", maxNetworkRetries: 0 });
    await expect(untrusting.checkout.sessions.retrieve("cs_test_x")).rejects.toBeInstanceOf(
      Stripe.errors.StripeConnectionError,
    );
    expect(fake.calls).toEqual([]);
  });
});
