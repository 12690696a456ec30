import "server-only";
import { db } from "@/lib/platform/db";
import type { Tx } from "@/lib/platform/db";
import { Prisma, type MemberRole } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/platform/ids";
import { findOrCreateOrganization } from "@/lib/account/orgs/find-or-create-organization";
import { AccountError } from "@/lib/account/users/errors";
import { env } from "@/lib/platform/env";
import { sendMail } from "@/lib/platform/mail/send-mail";
import { sendVerificationMail } from "@/lib/account/users/email-verification";
import { hashPassword } from "@/lib/account/users/password";
import type { SignUpBody } from "@/lib/account/users/schemas";

export type CreatedUser = { id: string; email: string; orgId: string; orgName: string };

function isUniqueViolation(error: unknown, field: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return false;
  const target = error.meta?.target;
  // adapter-pg reports the constraint's fields or its name, depending on the path taken.
  return JSON.stringify(target ?? error.message).includes(field);
}

/**
 * The one way a user row is made: with its first membership, in the caller's transaction (an
 * account is never left belonging to no organisation). The email must be free.
 */
export async function insertUserWithMembership(
  tx: Tx,
  input: {
    email: string;
    name: string | null;
    passwordHash: string | null;
    githubId?: string;
    emailVerifiedAt?: Date;
  },
  membership: { orgId: string; role: MemberRole },
) {
  if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw emailTaken();
  const user = await tx.user.create({ data: { id: newId("usr"), ...input } });
  await tx.membership.create({ data: { userId: user.id, ...membership } });
  return user;
}

/**
 * Sign-up's work, done after the form was answered "check your email" whatever the address:
 * a new address gets an organisation with the user as its owner, unverified, and the
 * verification mail; an address with an account gets a notice instead (or, while unverified,
 * its verification mail again), and its account is left as it was. `hash` is the place held in
 * sign-up's own queue before the answer; it is given back unused when no hash is needed.
 * Answers which it was, for tests.
 */
export async function signUpUser(
  input: SignUpBody,
  hash: { hash(password: string): Promise<string>; release(): void },
): Promise<{ created: CreatedUser } | { existing: string }> {
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) {
    hash.release();
    await tellExistingAccount(existing.id);
    return { existing: existing.id };
  }
  const passwordHash = await hash.hash(input.password);
  let created: CreatedUser;
  try {
    created = await db.$transaction(async (tx) => {
      const org = await tx.organization.create({ data: { id: newId("org"), name: input.organization } });
      const user = await insertUserWithMembership(
        tx,
        { email: input.email, name: input.name || null, passwordHash },
        { orgId: org.id, role: "owner" },
      );
      return { id: user.id, email: user.email, orgId: org.id, orgName: org.name };
    });
  } catch (error) {
    // Two sign-ups racing for one email: the database decides, the loser is an existing account.
    if (!(error instanceof AccountError) && !isUniqueViolation(error, "email")) throw error;
    const winner = await db.user.findUniqueOrThrow({ where: { email: input.email }, select: { id: true } });
    await tellExistingAccount(winner.id);
    return { existing: winner.id };
  }
  await sendVerificationMail(created);
  return { created };
}

/** Someone tried to sign up with this account's address: it is told so, never the one who tried. */
async function tellExistingAccount(userId: string): Promise<void> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, emailVerifiedAt: true },
  });
  // An unverified account receives nothing but its verification mail.
  if (!user.emailVerifiedAt) return sendVerificationMail({ id: userId, email: user.email });
  const signIn = new URL("/sign-in", env().APP_URL);
  const reset = new URL("/forgot-password", env().APP_URL);
  await sendMail({
    to: user.email,
    userId,
    subject: "Someone tried to sign up with your address",
    text: [
      `Someone tried to create a Voiceage account with ${user.email}, which already has one.`,
      "Nothing was changed, and they were not told that the account exists.",
      "",
      `If it was you, sign in instead: ${signIn.toString()}`,
      `Forgot your password? ${reset.toString()}`,
      "",
      "If it was not you, you can ignore this mail.",
    ].join("\n"),
  });
}

/**
 * Operators' path (npm run cli -- create-user): adds a user to the organisation `--org` names
 * (findOrCreateOrganization: an id, or a name held by at most one) as an owner (operators
 * provision the people who run an organisation; owners invite the rest), creating the
 * organisation if needed. The address counts as verified.
 */
export async function createUserInOrganization(input: {
  email: string;
  organization: string;
  password: string;
  name?: string;
}): Promise<CreatedUser> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.$transaction(async (tx) => {
      const org = await findOrCreateOrganization(input.organization, tx);
      // An operator vouches for the address: the account is usable in full at once.
      const user = await insertUserWithMembership(
        tx,
        { email: input.email, name: input.name || null, passwordHash, emailVerifiedAt: new Date() },
        { orgId: org.id, role: "owner" },
      );
      return { id: user.id, email: user.email, orgId: org.id, orgName: org.name };
    });
  } catch (error) {
    if (isUniqueViolation(error, "email")) throw emailTaken();
    throw error;
  }
}

function emailTaken() {
  return new AccountError("email_taken", "An account with this email already exists. Sign in instead.", "email");
}
