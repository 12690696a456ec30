import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { authenticateCredentials } from "@/lib/account/users/authenticate-credentials";
import { createUserInOrganization } from "@/lib/account/users/create-user";
import {
  MAX_RESETS_PER_EMAIL,
  MAX_RESETS_PER_IP,
  passwordResetRetryAfter,
  recordPasswordResetRequest,
} from "@/lib/account/users/password-reset-rate-limit";
import {
  checkPasswordResetToken,
  issuePasswordResetToken,
  RESET_LINK_TTL_MS,
} from "@/lib/account/users/password-reset-token";
import { resetPassword } from "@/lib/account/users/reset-password";
import { MAX_FAILURES_PER_EMAIL } from "@/lib/account/users/sign-in-rate-limit";
import { sendPasswordReset } from "@/lib/account/users/send-password-reset";

const unique = () => randomBytes(5).toString("hex");
const OLD_PASSWORD = "the old passphrase";
const NEW_PASSWORD = "a brand new passphrase";

async function newUser() {
  const email = `reset-${unique()}@example.com`;
  const user = await createUserInOrganization({ email, password: OLD_PASSWORD, organization: `Reset ${unique()}` });
  return { ...user, email };
}

/** The token in the newest outbox mail to `email`, read as its reader would: from the link. */
async function tokenMailedTo(email: string): Promise<string> {
  const mail = await db.outboxMessage.findFirstOrThrow({ where: { to: email }, orderBy: { createdAt: "desc" } });
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  expect(url.pathname).toBe("/reset-password");
  return url.searchParams.get("token")!;
}

describe("sendPasswordReset", () => {
  it("mails an account a link to APP_URL's reset page whose token is stored only as a hash, for 1 hour", async () => {
    const user = await newUser();
    expect(await sendPasswordReset(user.email)).toBe(true);
    const token = await tokenMailedTo(user.email);
    const mail = await db.outboxMessage.findFirstOrThrow({ where: { to: user.email } });
    expect(mail.subject).toBe("Reset your Voiceage password");
    expect(mail.text.startsWith(`Someone, hopefully you,`)).toBe(true);
    expect(new URL(mail.text.match(/https?:\/\/\S+/)![0]).origin).toBe(new URL(env().APP_URL).origin);

    const rows = await db.passwordResetToken.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()).toBe(RESET_LINK_TTL_MS);
    expect(await checkPasswordResetToken(token)).toMatchObject({ state: "valid", userId: user.id });
  });

  it("sends nothing and stores nothing for an address with no account", async () => {
    const email = `nobody-${unique()}@example.com`;
    expect(await sendPasswordReset(email)).toBe(false);
    expect(await db.outboxMessage.count({ where: { to: email } })).toBe(0);
  });
});

describe("resetPassword", () => {
  it("sets the new password once: the old one and the link stop working, other open links are deleted", async () => {
    const user = await newUser();
    await sendPasswordReset(user.email);
    const first = await tokenMailedTo(user.email);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await sendPasswordReset(user.email);
    const second = await tokenMailedTo(user.email);
    expect(second).not.toBe(first);

    expect(await resetPassword({ token: second, password: NEW_PASSWORD })).toEqual({ ok: true, email: user.email });
    const signIn = (password: string) => authenticateCredentials({ email: user.email, password, ip: "" });
    expect(await signIn(NEW_PASSWORD)).toMatchObject({ ok: true });
    expect(await signIn(OLD_PASSWORD)).toEqual({ ok: false, reason: "invalid_credentials" });

    expect(await resetPassword({ token: second, password: "yet another passphrase" })).toEqual({
      ok: false,
      reason: "used",
    });
    expect(await resetPassword({ token: first, password: "yet another passphrase" })).toEqual({
      ok: false,
      reason: "unknown",
    });
    expect(await signIn(NEW_PASSWORD)).toMatchObject({ ok: true });
    const rows = await db.passwordResetToken.findMany({ where: { userId: user.id } });
    expect(rows).toEqual([expect.objectContaining({ usedAt: expect.any(Date) })]);
  });

  it("lets exactly one of two simultaneous submits of one link through", async () => {
    const user = await newUser();
    const token = await issuePasswordResetToken(user.id);
    const results = await Promise.all([
      resetPassword({ token, password: "first parallel passphrase" }),
      resetPassword({ token, password: "second parallel passphrase" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "used" }]);
  });

  it("refuses an expired link and a made-up one, changing nothing", async () => {
    const user = await newUser();
    const expired = await issuePasswordResetToken(user.id, new Date(Date.now() - RESET_LINK_TTL_MS - 1000));
    expect(await resetPassword({ token: expired, password: NEW_PASSWORD })).toEqual({ ok: false, reason: "expired" });
    for (const token of ["", "short", "x".repeat(43), "not a token at all \u0000"]) {
      expect(await resetPassword({ token, password: NEW_PASSWORD })).toEqual({ ok: false, reason: "unknown" });
    }
    expect(await authenticateCredentials({ email: user.email, password: OLD_PASSWORD, ip: "" })).toMatchObject({
      ok: true,
    });
  });

  it("lifts a sign-in lock on the email left by wrong guesses", async () => {
    const user = await newUser();
    for (let i = 0; i <= MAX_FAILURES_PER_EMAIL; i++) {
      await authenticateCredentials({ email: user.email, password: "wrong guess!", ip: "" });
    }
    expect(await authenticateCredentials({ email: user.email, password: OLD_PASSWORD, ip: "" })).toMatchObject({
      reason: "rate_limited",
    });
    const token = await issuePasswordResetToken(user.id);
    expect(await resetPassword({ token, password: NEW_PASSWORD })).toMatchObject({ ok: true });
    expect(await authenticateCredentials({ email: user.email, password: NEW_PASSWORD, ip: "" })).toMatchObject({
      ok: true,
    });
  });
});

describe("password reset requests' limits", () => {
  it(`allow ${MAX_RESETS_PER_EMAIL} links an hour per email, account or not, then say how long to wait`, async () => {
    const email = `limit-${unique()}@example.com`;
    const now = new Date();
    for (let i = 0; i < MAX_RESETS_PER_EMAIL; i++) {
      expect(await passwordResetRetryAfter({ email, ip: `10.9.${i}.1`, now })).toBe(0);
      await recordPasswordResetRequest({ email, ip: `10.9.${i}.1`, now });
    }
    expect(await passwordResetRetryAfter({ email, ip: "10.9.99.1", now })).toBe(3600);
    expect(await passwordResetRetryAfter({ email, ip: "10.9.99.1", now: new Date(now.getTime() + 3_600_001) })).toBe(0);
  });

  it(`allow ${MAX_RESETS_PER_IP} an hour per client address across emails`, async () => {
    const ip = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const now = new Date();
    for (let i = 0; i < MAX_RESETS_PER_IP; i++) {
      await recordPasswordResetRequest({ email: `spray-${i}-${unique()}@example.com`, ip, now });
    }
    expect(await passwordResetRetryAfter({ email: `fresh-${unique()}@example.com`, ip, now })).toBe(3600);
    expect(await passwordResetRetryAfter({ email: `fresh-${unique()}@example.com`, ip: "", now })).toBe(0);
  });

  it("never count towards the sign-in failure limits", async () => {
    const user = await newUser();
    for (let i = 0; i < MAX_RESETS_PER_EMAIL; i++)
      await recordPasswordResetRequest({ email: user.email, ip: "10.7.0.1" });
    expect(await authenticateCredentials({ email: user.email, password: OLD_PASSWORD, ip: "10.7.0.1" })).toMatchObject({
      ok: true,
    });
  });
});
