import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createUserInOrganization, signUpUser } from "@/lib/users/create-user";
import { runCreateUserCommand } from "@/lib/users/create-user-command";
import { authenticateCredentials } from "@/lib/users/authenticate-credentials";
import { resolveGithubUser } from "@/lib/users/resolve-github-user";
import { safeReturnPath } from "@/lib/users/return-path";
import { signUpBodySchema } from "@/lib/users/schemas";
import { MAX_SIGN_UPS_PER_IP, recordSignUp, SIGN_UP_WINDOW_MS, signUpRetryAfter } from "@/lib/users/sign-up-rate-limit";

const unique = () => randomBytes(5).toString("hex");

describe("signUpUser", () => {
  it("creates an organisation named from the form with the user as its owner, password hashed with argon2id", async () => {
    const body = signUpBodySchema.parse({
      email: `  Ada-${unique()}@Example.COM `,
      password: "a long passphrase",
      organization: ` Acme ${unique()} `,
    });
    const created = await signUpUser(body);
    const user = await db.user.findUniqueOrThrow({
      where: { id: created.id },
      include: { memberships: { include: { org: true } } },
    });
    expect(user.email).toBe(body.email);
    expect(user.email).toBe(user.email.toLowerCase().trim());
    expect(user.memberships.map((m) => [m.org.name, m.role])).toEqual([[body.organization, "owner"]]);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain("a long passphrase");
  });

  it("refuses a taken email and a taken organisation name, creating nothing", async () => {
    const email = `dup-${unique()}@example.com`;
    const organization = `Taken ${unique()}`;
    await signUpUser({ name: "", email, password: "a long passphrase", organization });
    await expect(
      signUpUser({ name: "", email, password: "a long passphrase", organization: `Other ${unique()}` }),
    ).rejects.toMatchObject({
      code: "email_taken",
      field: "email",
    });
    const otherEmail = `other-${unique()}@example.com`;
    await expect(
      signUpUser({ name: "", email: otherEmail, password: "a long passphrase", organization }),
    ).rejects.toMatchObject({
      code: "organization_taken",
      field: "organization",
    });
    expect(await db.user.count({ where: { email: otherEmail } })).toBe(0);
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
    await signUpUser({ name: "", email, password: "a long passphrase", organization: `Pw ${unique()}` });
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

describe("sign-up limit per address", () => {
  it(`allows ${MAX_SIGN_UPS_PER_IP} sign-ups an hour from one address, then says when the next is possible`, async () => {
    const ip = `10.9.${unique()}`;
    const start = new Date();
    for (let i = 0; i < MAX_SIGN_UPS_PER_IP; i++) {
      expect(await signUpRetryAfter(ip, start)).toBe(0);
      await recordSignUp(ip, new Date(start.getTime() + i));
    }
    expect(await signUpRetryAfter(ip, new Date(start.getTime() + 1000))).toBe(
      Math.ceil((SIGN_UP_WINDOW_MS - 1000) / 1000),
    );
    expect(await signUpRetryAfter(`10.9.${unique()}`, start)).toBe(0);
    expect(await signUpRetryAfter(ip, new Date(start.getTime() + SIGN_UP_WINDOW_MS + 1))).toBe(0);
    // Sign-ups are not sign-in failures.
    expect(await db.signInAttempt.count({ where: { ip, success: false } })).toBe(0);
  });
});
