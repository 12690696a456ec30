import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { createUserInOrganization, signUpUser } from "@/lib/account/users/create-user";
import { VERIFICATION_LINK_TTL_MS, verifyEmailToken } from "@/lib/account/users/email-verification";
import { holdSignUpHash } from "@/lib/account/users/password";
import { runCreateUserCommand } from "@/lib/account/users/create-user-command";
import { authenticateCredentials } from "@/lib/account/users/authenticate-credentials";
import { resolveGithubUser } from "@/lib/account/users/resolve-github-user";
import { safeReturnPath } from "@/lib/account/users/return-path";
import { signUpBodySchema } from "@/lib/account/users/schemas";
import {
  MAX_SIGN_UPS_PER_EMAIL,
  MAX_SIGN_UPS_PER_IP,
  recordSignUp,
  SIGN_UP_WINDOW_MS,
  signUpRetryAfter,
} from "@/lib/account/users/sign-up-rate-limit";

const unique = () => randomBytes(5).toString("hex");

const place = () => {
  const held = holdSignUpHash();
  if (!held) throw new Error("sign-up's hash queue is full");
  return held;
};
const mailTo = (to: string) => db.outboxMessage.findMany({ where: { to }, orderBy: { createdAt: "asc" } });
const linkToken = (text: string) =>
  new URL(text.match(/https?:\/\/\S+confirm-email\S+/)![0]).searchParams.get("token")!;

describe("signUpUser", () => {
  it("creates an organisation with the user as its owner, unverified, and mails the verification link", async () => {
    const body = signUpBodySchema.parse({
      email: `  Ada-${unique()}@Example.COM `,
      password: "a long passphrase",
      organization: ` Acme ${unique()} `,
    });
    const result = await signUpUser(body, place());
    if (!("created" in result)) throw new Error("expected a new account");
    const user = await db.user.findUniqueOrThrow({
      where: { id: result.created.id },
      include: { memberships: { include: { org: true } } },
    });
    expect(user.email).toBe(body.email);
    expect(user.email).toBe(user.email.toLowerCase().trim());
    expect(user.memberships.map((m) => [m.org.name, m.role])).toEqual([[body.organization, "owner"]]);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain("a long passphrase");
    expect(user.emailVerifiedAt).toBeNull();

    const [mail] = await mailTo(body.email);
    expect(mail.subject).toBe("Confirm your email address for Voiceage");
    const token = linkToken(mail.text);
    expect(await verifyEmailToken(token)).toEqual({ ok: true, email: body.email });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).toBeInstanceOf(Date);
    // A link works once.
    expect(await verifyEmailToken(token)).toEqual({ ok: false, reason: "unknown" });
    expect(await verifyEmailToken("not a token")).toEqual({ ok: false, reason: "unknown" });
  });

  it("refuses an expired verification link", async () => {
    const email = `late-${unique()}@example.com`;
    await signUpUser({ name: "", email, password: "a long passphrase", organization: `Late ${unique()}` }, place());
    const token = linkToken((await mailTo(email))[0].text);
    expect(await verifyEmailToken(token, new Date(Date.now() + VERIFICATION_LINK_TTL_MS + 1000))).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("leaves an existing account as it was and mails its owner a notice, not the one who tried", async () => {
    const email = `dup-${unique()}@example.com`;
    const original = await createUserInOrganization({
      email,
      password: "the original one",
      organization: `O ${unique()}`,
    });
    const before = await db.user.findUniqueOrThrow({ where: { id: original.id } });
    // Counted by name, not in total: other test files create organisations in the same database.
    const organization = `Other ${unique()}`;
    const result = await signUpUser({ name: "Mallory", email, password: "a long passphrase", organization }, place());
    expect(result).toEqual({ existing: original.id });
    expect(await db.user.findUniqueOrThrow({ where: { id: original.id } })).toEqual(before);
    expect(await db.organization.count({ where: { name: organization } })).toBe(0);
    const mails = await mailTo(email);
    expect(mails.map((m) => m.subject)).toEqual(["Someone tried to sign up with your address"]);
    expect(mails[0].text).not.toContain("Mallory");
    // The place held for its hash was given back: the queue is as full as before.
    const held = [];
    for (let p = holdSignUpHash(); p; p = holdSignUpHash()) held.push(p);
    expect(held.length).toBe(8);
    for (const p of held) p.release();
  });

  it("sends an unverified account only its verification mail again", async () => {
    const email = `again-${unique()}@example.com`;
    const body = { name: "", email, password: "a long passphrase", organization: `Again ${unique()}` };
    await signUpUser(body, place());
    await signUpUser({ ...body, organization: `Other ${unique()}` }, place());
    const subjects = (await mailTo(email)).map((m) => m.subject);
    expect(subjects).toEqual(["Confirm your email address for Voiceage", "Confirm your email address for Voiceage"]);
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it("lets two organisations share a name, told apart by id", async () => {
    const organization = `Shared ${unique()}`;
    const a = await signUpUser(
      { name: "", email: `a-${unique()}@example.com`, password: "a long passphrase", organization },
      place(),
    );
    const b = await signUpUser(
      { name: "", email: `b-${unique()}@example.com`, password: "a long passphrase", organization },
      place(),
    );
    if (!("created" in a) || !("created" in b)) throw new Error("expected two new accounts");
    expect(a.created.orgId).not.toBe(b.created.orgId);
    expect(await db.organization.count({ where: { name: organization } })).toBe(2);
  });

  it("rejects short passwords and malformed emails with messages for the form", () => {
    const result = signUpBodySchema.safeParse({ email: "not-an-email", password: "short", organization: "A" });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(fields.email).toMatch(/valid email/);
    expect(fields.password).toMatch(/at least 10/);
    expect(fields.organization).toMatch(/at least 2/);
  });
});

describe("create-user command", () => {
  it("adds a user to an existing organisation and prints a generated password on stderr only", async () => {
    const organization = `Ops ${unique()}`;
    await createUserInOrganization({
      email: `first-${unique()}@example.com`,
      organization,
      password: "first user password",
    });
    const out: string[] = [];
    const err: string[] = [];
    const email = `second-${unique()}@example.com`;
    const code = await runCreateUserCommand(["--email", email, "--org", organization], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^usr_/);
    const password = err.join("\n").match(/^password: (\S+)$/m)?.[1];
    expect(password).toBeDefined();
    expect(out.join("")).not.toContain(password!);
    const signedIn = await authenticateCredentials({ email, password: password!, ip: "" });
    expect(signedIn.ok).toBe(true);
    const orgs = await db.organization.findMany({ where: { name: organization } });
    expect(orgs).toHaveLength(1);
    const user = await db.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
    expect(user.memberships.map((m) => [m.orgId, m.role])).toEqual([[orgs[0].id, "owner"]]);
  });

  it("uses the given password, prints none, and exits 2 on bad input", async () => {
    const err: string[] = [];
    const email = `given-${unique()}@example.com`;
    const code = await runCreateUserCommand(
      ["--email", email, "--org", `New ${unique()}`, "--password", "operator chosen pw"],
      {
        out: () => {},
        err: (l) => err.push(l),
      },
    );
    expect(code).toBe(0);
    expect(err.join("\n")).not.toMatch(/password:/);
    expect((await authenticateCredentials({ email, password: "operator chosen pw", ip: "" })).ok).toBe(true);

    const bad: string[] = [];
    expect(
      await runCreateUserCommand(["--email", "nope", "--org", "x"], { out: () => {}, err: (l) => bad.push(l) }),
    ).toBe(2);
    expect(bad.join("\n")).toMatch(/--email/);
    expect(
      await runCreateUserCommand(["--email", email, "--org", `New ${unique()}`], { out: () => {}, err: () => {} }),
    ).toBe(1);
  });
});

describe("resolveGithubUser", () => {
  it("creates a user and an organisation once, then signs the same GitHub account in to it", async () => {
    const githubId = String(Math.floor(Math.random() * 1e9));
    const login = `octo${unique()}`;
    const first = await resolveGithubUser({ githubId, login, email: `${login}@example.com`, name: null });
    const again = await resolveGithubUser({ githubId, login, email: `${login}@example.com`, name: null });
    expect(again.id).toBe(first.id);
    const [membership] = await db.membership.findMany({ where: { userId: first.id }, include: { org: true } });
    expect(membership.org.name).toBe(`${login}'s organisation`);
    expect(membership.role).toBe("owner");
  });

  it("refuses a GitHub account whose email belongs to a password account", async () => {
    const email = `pw-${unique()}@example.com`;
    await createUserInOrganization({ email, password: "a long passphrase", organization: `Pw ${unique()}` });
    await expect(
      resolveGithubUser({ githubId: String(Math.floor(Math.random() * 1e9)), login: "someone", email, name: null }),
    ).rejects.toMatchObject({ code: "github_email_in_use" });
  });
});

describe("safeReturnPath", () => {
  it("follows only the app's own dashboard and studio paths", () => {
    expect(safeReturnPath("/dashboard/sessions?status=passed")).toBe("/dashboard/sessions?status=passed");
    expect(safeReturnPath("/studio")).toBe("/studio");
    for (const evil of [
      "https://evil.example/dashboard",
      "//evil.example/dashboard",
      "/dashboardx",
      "/\\evil.example",
      "/dashboard\\..\\x",
      null,
    ]) {
      expect(safeReturnPath(evil)).toBe("/dashboard");
    }
  });
});

describe("sign-up limits", () => {
  it(`allow ${MAX_SIGN_UPS_PER_IP} tries an hour from one address, then say when the next is possible`, async () => {
    const ip = `10.9.${unique()}`;
    const start = new Date();
    for (let i = 0; i < MAX_SIGN_UPS_PER_IP; i++) {
      const email = `walk-${i}-${unique()}@example.com`;
      expect(await signUpRetryAfter({ email, ip }, start)).toBe(0);
      await recordSignUp({ email, ip }, new Date(start.getTime() + i));
    }
    const next = { email: `next-${unique()}@example.com`, ip };
    expect(await signUpRetryAfter(next, new Date(start.getTime() + 1000))).toBe(
      Math.ceil((SIGN_UP_WINDOW_MS - 1000) / 1000),
    );
    expect(await signUpRetryAfter({ ...next, ip: `10.9.${unique()}` }, start)).toBe(0);
    expect(await signUpRetryAfter(next, new Date(start.getTime() + SIGN_UP_WINDOW_MS + 1))).toBe(0);
    // Sign-ups are not sign-in failures.
    expect(await db.signInAttempt.count({ where: { ip, success: false } })).toBe(0);
  });

  it(`allow ${MAX_SIGN_UPS_PER_EMAIL} tries an hour per email from any addresses`, async () => {
    const email = `probe-${unique()}@example.com`;
    const start = new Date();
    for (let i = 0; i < MAX_SIGN_UPS_PER_EMAIL; i++) {
      const ip = `10.8.${unique()}`;
      expect(await signUpRetryAfter({ email, ip }, start)).toBe(0);
      await recordSignUp({ email, ip }, start);
    }
    expect(await signUpRetryAfter({ email, ip: `10.8.${unique()}` }, start)).toBeGreaterThan(0);
    expect(await signUpRetryAfter({ email: `other-${unique()}@example.com`, ip: `10.8.${unique()}` }, start)).toBe(0);
  });
});
