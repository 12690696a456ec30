// GitHub sign-in, switched on by AUTH_GITHUB_ID/AUTH_GITHUB_SECRET and off without them. The
// full OAuth round trip runs against a fake GitHub (Enterprise Server API shape, https with
// the test CA that the app trusts) on loopback: github.com is not reachable from here.
import { randomBytes } from "node:crypto";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { baseUrl } from "../support/api";
import { db } from "@/lib/platform/db";
import { createUserInOrganization } from "@/lib/account/users/create-user";
import { startAppInstance } from "../support/test-stack";
import { ensureTestCertificates } from "../support/test-ca";

type Profile = { id: number; login: string; name: string | null; email: string | null };

/** A fake GitHub: the token endpoint answers a token per code, /user the profile behind it. */
async function startFakeGithub() {
  const profiles = new Map<string, Profile>();
  const { cert, key } = ensureTestCertificates();
  const server = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "https://fake");
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method === "POST" && url.pathname === "/login/oauth/access_token") {
        const code = new URLSearchParams(Buffer.concat(chunks).toString()).get("code") ?? "";
        if (!profiles.has(code)) return json(400, { error: "bad_verification_code" });
        return json(200, { access_token: `token-${code}`, token_type: "bearer", scope: "read:user,user:email" });
      }
      const token = (req.headers.authorization ?? "").replace(/^(Bearer|token) /i, "").replace(/^token-/, "");
      const profile = profiles.get(token);
      if (!profile) return json(401, { message: "Bad credentials" });
      if (url.pathname === "/api/v3/user") return json(200, { ...profile, avatar_url: null });
      if (url.pathname === "/api/v3/user/emails") {
        return json(200, [{ email: `${profile.login}@private.example`, primary: true, verified: true }]);
      }
      json(404, { message: "Not Found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    /** Registers a GitHub account; returns the authorization code GitHub would hand back for it. */
    account: (profile: Profile) => {
      const code = randomBytes(6).toString("hex");
      profiles.set(code, profile);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Cookies across requests, like a browser on one origin. */
class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const index = pair.indexOf("=");
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

let fakeGithub: Awaited<ReturnType<typeof startFakeGithub>>;
let app: Awaited<ReturnType<typeof startAppInstance>>;

beforeAll(async () => {
  fakeGithub = await startFakeGithub();
  app = await startAppInstance({
    databaseUrl: inject("databaseUrl"),
    env: {
      AUTH_GITHUB_ID: "test-client-id",
      AUTH_GITHUB_SECRET: "test-client-secret",
      AUTH_GITHUB_ENTERPRISE_URL: fakeGithub.origin,
    },
  });
});
afterAll(async () => {
  await app?.stop();
  await fakeGithub?.close();
});

async function providers(base: string) {
  const res = await fetch(`${base}/api/auth/providers`);
  expect(res.status).toBe(200);
  return Object.keys(await res.json()).sort();
}

/** Starts "Continue with GitHub" and returns to the callback as GitHub would, with `code`. */
async function signInWithGithub(code: string) {
  const jar = new CookieJar();
  const csrf = await fetch(`${app.baseUrl}/api/auth/csrf`);
  jar.store(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const start = await fetch(`${app.baseUrl}/api/auth/signin/github`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${app.baseUrl}/dashboard` }),
  });
  jar.store(start);
  const authorize = new URL(start.headers.get("location")!);
  const callback = await fetch(`${authorize.searchParams.get("redirect_uri")}?code=${code}`, {
    redirect: "manual",
    headers: { cookie: jar.header() },
  });
  jar.store(callback);
  return { authorize, callback, jar };
}

describe("GitHub sign-in", () => {
  it("is off without its variables: only email and password", async () => {
    const base = baseUrl();
    expect(await providers(base)).toEqual(["credentials"]);
    expect(await (await fetch(`${base}/sign-in`)).text()).not.toContain("Continue with GitHub");
  });

  it("is on with them, and sends the browser to GitHub with our client id and callback", async () => {
    expect(await providers(app.baseUrl)).toEqual(["credentials", "github"]);
    expect(await (await fetch(`${app.baseUrl}/sign-in`)).text()).toContain("Continue with GitHub");
    const { authorize } = await signInWithGithub("unused");
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fakeGithub.origin}/login/oauth/authorize`);
    expect(authorize.searchParams.get("client_id")).toBe("test-client-id");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${app.baseUrl}/api/auth/callback/github`);
  });

  it("signs a new GitHub account in to a new organisation, and the same account back in to it", async () => {
    const login = `octo${randomBytes(4).toString("hex")}`;
    const githubId = Math.floor(Math.random() * 1e9);
    const first = await signInWithGithub(fakeGithub.account({ id: githubId, login, name: "Octo Cat", email: null }));
    expect(first.callback.status).toBe(302);
    expect(first.callback.headers.get("location")).toBe(`${app.baseUrl}/dashboard`);
    const dashboard = await fetch(`${app.baseUrl}/dashboard`, {
      headers: { cookie: first.jar.header() },
      redirect: "manual",
    });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain(`${login}&#x27;s organisation`);

    const user = await db.user.findUniqueOrThrow({ where: { githubId: String(githubId) } });
    expect(user.email).toBe(`${login}@private.example`);
    expect(user.passwordHash).toBeNull();

    const again = await signInWithGithub(fakeGithub.account({ id: githubId, login, name: "Octo Cat", email: null }));
    expect(again.callback.headers.get("location")).toBe(`${app.baseUrl}/dashboard`);
    expect(await db.user.count({ where: { githubId: String(githubId) } })).toBe(1);
    expect(await db.organization.count({ where: { name: { startsWith: `${login}'s organisation` } } })).toBe(1);
  });

  it("refuses a GitHub account whose email belongs to a password account, with a message on the sign-in page", async () => {
    const email = `taken-${randomBytes(4).toString("hex")}@example.com`;
    await createUserInOrganization({
      email,
      password: "a long passphrase",
      organization: `Pw ${randomBytes(4).toString("hex")}`,
    });
    const attempt = await signInWithGithub(
      fakeGithub.account({ id: Math.floor(Math.random() * 1e9), login: "intruder", name: null, email }),
    );
    expect(attempt.callback.status).toBe(302);
    expect(attempt.callback.headers.get("location")).toMatch(/\/sign-in\?error=github_email_in_use$/);
    const page = await fetch(attempt.callback.headers.get("location")!.replace(/^\//, `${app.baseUrl}/`));
    expect(await page.text()).toContain("An account with your GitHub email already exists");
  });

  it("refuses to start without the CSRF token", async () => {
    const res = await fetch(`${app.baseUrl}/api/auth/signin/github`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ callbackUrl: "/dashboard" }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).not.toContain("/login/oauth/authorize");
  });
});
