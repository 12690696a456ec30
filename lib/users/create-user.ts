import "server-only";
import { db } from "@/lib/db";
import type { Tx } from "@/lib/db";
import { Prisma, type MemberRole } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { AccountError } from "@/lib/users/errors";
import { hashPassword } from "@/lib/users/password";
import type { SignUpBody } from "@/lib/users/schemas";

export type CreatedUser = { id: string; email: string; orgId: string; orgName: string };

function isUniqueViolation(error: unknown, field: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return false;
  const target = (error.meta as { target?: unknown } | undefined)?.target;
  // adapter-pg reports the constraint's fields or its name, depending on the path taken.
  return JSON.stringify(target ?? error.message).includes(field);
}

/**
 * The one way a user row is made: with its first membership, in the caller's transaction (an
 * account is never left belonging to no organisation). The email must be free.
 */
export async function insertUserWithMembership(
  tx: Tx,
  input: { email: string; name: string | null; passwordHash: string | null; githubId?: string },
  membership: { orgId: string; role: MemberRole },
) {
  if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw emailTaken();
  const user = await tx.user.create({ data: { id: newId("usr"), ...input } });
  await tx.membership.create({ data: { userId: user.id, ...membership } });
  return user;
}

/**
 * Sign-up: a new organisation with the user as its first owner, in one transaction. The
 * organisation name must be free (names are unique; joining an existing organisation is
 * by invitation or by an operator with create-user, never by claiming its name).
 */
export async function signUpUser(input: SignUpBody): Promise<CreatedUser> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.$transaction(async (tx) => {
      // Someone who already has an account is told to sign in before anything about the name.
      if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw emailTaken();
      if (await tx.organization.findUnique({ where: { name: input.organization }, select: { id: true } })) {
        throw organizationTaken();
      }
      const org = await tx.organization.create({ data: { id: newId("org"), name: input.organization } });
      const user = await insertUserWithMembership(
        tx,
        { email: input.email, name: input.name || null, passwordHash },
        { orgId: org.id, role: "owner" },
      );
      return { id: user.id, email: user.email, orgId: org.id, orgName: org.name };
    });
  } catch (error) {
    // Two sign-ups racing for the same email or name: the database decides, the loser gets the same message.
    if (isUniqueViolation(error, "email")) throw emailTaken();
    if (isUniqueViolation(error, "name")) throw organizationTaken();
    throw error;
  }
}

/**
 * Operators' path (npm run cli -- create-user): adds a user to the named organisation as an
 * owner (operators provision the people who run an organisation; owners invite the rest),
 * creating the organisation if needed.
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
      const org = await tx.organization.upsert({
        where: { name: input.organization },
        update: {},
        create: { id: newId("org"), name: input.organization },
      });
      const user = await insertUserWithMembership(
        tx,
        { email: input.email, name: input.name || null, passwordHash },
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

function organizationTaken() {
  return new AccountError(
    "organization_taken",
    "An organisation with this name already exists. Choose another name, or ask its admin to add you.",
    "organization",
  );
}
