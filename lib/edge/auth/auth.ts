// Auth.js (next-auth v5) for the dashboard: email + password (argon2id, rate-limited) always,
// GitHub OAuth when AUTH_GITHUB_ID and AUTH_GITHUB_SECRET are set. Sessions are JWTs in an
// HttpOnly cookie; the token carries only the user id and a session id, and every request loads
// the user (and so its organisation) from the database and checks that the session was not
// signed out (lib/edge/auth/current-user.ts), so a removed user or an ended session loses access at once.
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { newId } from "@/lib/platform/ids";
import { endDashboardSession } from "@/lib/account/users/end-dashboard-session";
import { authenticateCredentials } from "@/lib/account/users/authenticate-credentials";
import { clientAddress } from "@/lib/account/rate-limit/client-address";
import { AccountError } from "@/lib/account/users/errors";
import { resolveGithubUser } from "@/lib/account/users/resolve-github-user";
import { signInBodySchema } from "@/lib/account/users/schemas";

/** Wrong email or password; deliberately one code for both. */
class InvalidCredentialsError extends CredentialsSignin {
  code = "invalid_credentials";
}

export class SignInRateLimitedError extends CredentialsSignin {
  code = "rate_limited";
  constructor(readonly retryAfterSeconds: number) {
    super("Too many failed sign-in attempts");
  }
}

export function githubEnabled(): boolean {
  const e = env();
  return Boolean(e.AUTH_GITHUB_ID && e.AUTH_GITHUB_SECRET);
}

function authConfig(): NextAuthConfig {
  const e = env();
  return {
    secret: e.AUTH_SECRET,
    // The app runs behind whatever host it is given (tests use a random port on 127.0.0.1).
    trustHost: true,
    session: { strategy: "jwt", maxAge: 7 * 24 * 60 * 60 },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      Credentials({
        credentials: { email: { type: "email" }, password: { type: "password" } },
        async authorize(credentials, request) {
          const parsed = signInBodySchema.safeParse(credentials);
          if (!parsed.success) throw new InvalidCredentialsError();
          const result = await authenticateCredentials({ ...parsed.data, ip: clientAddress(request.headers) });
          if (!result.ok) {
            if (result.reason === "rate_limited") throw new SignInRateLimitedError(result.retryAfterSeconds);
            throw new InvalidCredentialsError();
          }
          return { id: result.user.id, email: result.user.email, name: result.user.name };
        },
      }),
      ...(githubEnabled()
        ? [
            GitHub({
              clientId: e.AUTH_GITHUB_ID,
              clientSecret: e.AUTH_GITHUB_SECRET,
              ...(e.AUTH_GITHUB_ENTERPRISE_URL ? { enterprise: { baseUrl: e.AUTH_GITHUB_ENTERPRISE_URL } } : {}),
            }),
          ]
        : []),
    ],
    callbacks: {
      async signIn({ account, profile, user }) {
        if (account?.provider !== "github") return true;
        try {
          await resolveGithubUser({
            githubId: account.providerAccountId,
            login: String(profile?.login ?? user.name ?? "github"),
            email: user.email ?? null,
            name: user.name ?? null,
          });
          return true;
        } catch (error) {
          if (error instanceof AccountError) return `/sign-in?error=${error.code}`;
          throw error;
        }
      },
      async jwt({ token, account }) {
        // Only at sign-in (account is set then): a session id that every refresh of the token
        // keeps, so sign-out can end this session and no other.
        if (account) token.sid = newId("sess");
        // Also only at sign-in: when it happened, so a password reset can end sessions older than itself.
        if (account) token.signedInAt = Date.now();
        // Only at sign-in: point the token at our own user id, not GitHub's.
        if (account?.provider === "github") {
          const user = await db.user.findUnique({
            where: { githubId: account.providerAccountId },
            select: { id: true },
          });
          if (!user) return null;
          token.sub = user.id;
        }
        return token;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        if (typeof token.sid === "string") session.sessionId = token.sid;
        if (typeof token.signedInAt === "number") session.signedInAt = token.signedInAt;
        return session;
      },
    },
    events: {
      // Clearing the cookie is not enough: a copy of it would stay valid for 7 days.
      async signOut(message) {
        const token = "token" in message ? message.token : null;
        if (typeof token?.sid === "string" && typeof token.exp === "number") {
          await endDashboardSession({ sessionId: token.sid, expiresAt: new Date(token.exp * 1000) });
        }
      },
    },
    logger: {
      // A wrong password is an expected outcome, not a server error worth a stack trace.
      error(error) {
        if (error instanceof CredentialsSignin) return;
        console.error("[auth]", error);
      },
    },
  };
}

declare module "next-auth" {
  interface Session {
    /** This sign-in's id (sess_...), kept across token refreshes; ended by sign-out. */
    sessionId?: string;
    /** When this sign-in happened (ms since the epoch); a later password reset ends it. */
    signedInAt?: number;
  }
}

export const { handlers, auth, signIn, signOut } = NextAuth(authConfig);
