import "server-only";
import { db } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";
import { insertUserWithMembership } from "@/lib/account/users/create-user";
import { AccountError } from "@/lib/account/users/errors";

export type GithubIdentity = { githubId: string; login: string; email: string | null; name: string | null };

/**
 * The dashboard user behind a GitHub sign-in. A known GitHub account signs in to its user.
 * A new one gets a user and an organisation of its own, as its owner. An email that already belongs to a
 * password account is refused rather than linked: GitHub does not prove that the person
 * holding that GitHub account controls the existing account's inbox.
 */
export async function resolveGithubUser(identity: GithubIdentity) {
  const known = await db.user.findUnique({ where: { githubId: identity.githubId } });
  if (known) return known;

  // GitHub's own no-reply address when the account keeps its email private.
  const email = (identity.email ?? `${identity.githubId}+${identity.login}@users.noreply.github.com`).toLowerCase();
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) {
    throw new AccountError(
      "github_email_in_use",
      "An account with this GitHub account's email already exists. Sign in with your email and password.",
    );
  }

  return db.$transaction(async (tx) => {
    // Names need not be unique (organisations are told apart by id).
    const org = await tx.organization.create({
      data: { id: newId("org"), name: `${identity.login}'s organisation` },
    });
    // GitHub proved the account, and its address is GitHub's (verified there, or its no-reply
    // one, which no mail could confirm): the account counts as verified.
    return insertUserWithMembership(
      tx,
      {
        email,
        name: identity.name ?? identity.login,
        passwordHash: null,
        githubId: identity.githubId,
        emailVerifiedAt: new Date(),
      },
      { orgId: org.id, role: "owner" },
    );
  });
}
