import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { authenticateCredentials } from "@/lib/account/users/authenticate-credentials";
import { createUserInOrganization } from "@/lib/account/users/create-user";
import {
  beginSignInAttempt,
  MAX_FAILURES_PER_EMAIL,
  MAX_FAILURES_PER_IP,
  SIGN_IN_WINDOW_MS,
} from "@/lib/account/users/sign-in-rate-limit";

const unique = () => randomBytes(5).toString("hex");
const password = "correct horse battery staple";

async function newUser() {
  const email = `user-${unique()}@example.com`;
  await createUserInOrganization({ email, password, organization: `Org ${unique()}` });
  return email;
}

describe("authenticateCredentials", () => {
  it("signs in with the right password and refuses a wrong one or an unknown email alike", async () => {
    const email = await newUser();
    const ip = `10.0.${unique()}`;
    const ok = await authenticateCredentials({ email, password, ip });
    expect(ok).toMatchObject({ ok: true, user: { email } });
    expect(await authenticateCredentials({ email, password: "wrong password!", ip })).toEqual({
      ok: false,
      reason: "invalid_credentials",
    });
    expect(await authenticateCredentials({ email: `nobody-${unique()}@example.com`, password, ip })).toEqual({
      ok: false,
      reason: "invalid_credentials",
    });
  });

  it(`locks an email after ${MAX_FAILURES_PER_EMAIL} failures, even for the right password, and says for how long`, async () => {
    const email = await newUser();
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
      // Different addresses: the per-email limit must hold on its own.
      const result = await authenticateCredentials({ email, password: `guess-${i}-wrong`, ip: `10.1.${unique()}` });
      expect(result).toEqual({ ok: false, reason: "invalid_credentials" });
    }
    const locked = await authenticateCredentials({ email, password, ip: `10.1.${unique()}` });
    expect(locked.ok).toBe(false);
    if (locked.ok || locked.reason !== "rate_limited") throw new Error("expected rate_limited");
    expect(locked.retryAfterSeconds).toBeGreaterThan(SIGN_IN_WINDOW_MS / 1000 - 60);
    expect(locked.retryAfterSeconds).toBeLessThanOrEqual(SIGN_IN_WINDOW_MS / 1000);
    // Refused attempts are not recorded, so they cannot keep the lock alive forever.
    expect(await db.signInAttempt.count({ where: { email } })).toBe(MAX_FAILURES_PER_EMAIL);
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    const email = await newUser();
    const ip = `10.2.${unique()}`;
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL - 1; i++)
      await authenticateCredentials({ email, password: "nope nope nope", ip });
    expect((await authenticateCredentials({ email, password, ip })).ok).toBe(true);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL - 1; i++)
      await authenticateCredentials({ email, password: "nope nope nope", ip });
    expect((await authenticateCredentials({ email, password, ip })).ok).toBe(true);
  });
});

describe("beginSignInAttempt", () => {
  it(`limits one address to ${MAX_FAILURES_PER_IP} failures across many emails, and lifts the limit when the window passes`, async () => {
    const ip = `10.3.${unique()}`;
    const start = new Date();
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      const ticket = await beginSignInAttempt({
        email: `spray-${i}-${unique()}@example.com`,
        ip,
        now: new Date(start.getTime() + i),
      });
      expect(ticket.allowed).toBe(true);
    }
    const blocked = await beginSignInAttempt({
      email: `spray-x-${unique()}@example.com`,
      ip,
      now: new Date(start.getTime() + 1000),
    });
    expect(blocked).toEqual({ allowed: false, retryAfterSeconds: Math.ceil((SIGN_IN_WINDOW_MS - 1000) / 1000) });
    const later = await beginSignInAttempt({
      email: `spray-y-${unique()}@example.com`,
      ip,
      now: new Date(start.getTime() + SIGN_IN_WINDOW_MS + 1),
    });
    expect(later.allowed).toBe(true);
  });
});
