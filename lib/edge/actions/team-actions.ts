"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { CredentialsSignin } from "next-auth";
import { signIn } from "@/lib/edge/auth/auth";
import { fieldErrorsOf, type ActionResult, type FormState } from "@/lib/edge/actions/action-result";
import { permissionRefusal, verificationRefusal } from "@/lib/edge/actions/permission-refusal";
import { idSchema } from "@/lib/edge/dashboard/schemas";
import { logger } from "@/lib/platform/log";
import { acceptInvitation, signUpWithInvitation } from "@/lib/account/teams/accept-invitation";
import { changeMemberRole } from "@/lib/account/teams/change-member-role";
import { createOrganizationForUser } from "@/lib/account/teams/create-organization";
import { createInvitation, resendInvitation, type CreatedInvitation } from "@/lib/account/teams/create-invitation";
import { TeamError } from "@/lib/account/teams/errors";
import { leaveOrganization } from "@/lib/account/teams/leave-organization";
import type { Actor } from "@/lib/account/teams/member-rules";
import { removeMember } from "@/lib/account/teams/remove-member";
import { revokeInvitation } from "@/lib/account/teams/revoke-invitation";
import type { Role } from "@/lib/account/teams/roles";
import {
  acceptInvitationSignUpFormSchema,
  changeMemberRoleFormSchema,
  createOrganizationFormSchema,
  inviteMemberFormSchema,
} from "@/lib/account/teams/schemas";
import { sendInvitationEmail } from "@/lib/account/teams/send-invitation-email";
import { mailErrorField } from "@/lib/platform/mail/send-mail";
import {
  getSignedInAccount,
  requireDashboardUser,
  setCurrentOrganization,
  type DashboardUser,
} from "@/lib/edge/auth/current-user";
import { AccountError } from "@/lib/account/users/errors";

// Server actions: Next.js refuses them unless the Origin matches the host (CSRF). Every one
// checks the role again here and in the domain, whatever the page showed.

const MEMBERS_PAGE = "/dashboard/members";

function actorOf(user: DashboardUser): Actor {
  return { userId: user.id, orgId: user.orgId, role: user.role };
}

function refusalOf(error: unknown): { ok: false; error: string; fieldErrors?: Record<string, string> } {
  if (error instanceof TeamError) {
    return { ok: false, error: error.message, fieldErrors: error.field ? { [error.field]: error.message } : undefined };
  }
  throw error;
}

/** Mails an invitation from the user; whether the relay took it (a refusal is logged, and on the Mail page). */
async function mailInvitation(user: DashboardUser, invitation: CreatedInvitation): Promise<boolean> {
  try {
    await sendInvitationEmail(invitation, {
      orgId: user.orgId,
      orgName: user.orgName,
      inviter: user.name ?? user.email,
    });
    return true;
  } catch (error) {
    logger().warn({ err: mailErrorField(error), invitation: invitation.id }, "invitation email not sent");
    return false;
  }
}

export async function inviteMemberAction(input: {
  email: string;
  role: string;
}): Promise<ActionResult<{ email: string; role: Role; link: string; expiresAt: string; emailed: boolean }>> {
  const user = await requireDashboardUser(MEMBERS_PAGE);
  const refused = permissionRefusal(user, "members.manage") ?? verificationRefusal(user);
  if (refused) return refused;
  const parsed = inviteMemberFormSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, error: "Check the highlighted fields.", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  let invitation;
  try {
    invitation = await createInvitation(actorOf(user), parsed.data);
  } catch (error) {
    return refusalOf(error);
  }
  revalidatePath(MEMBERS_PAGE);
  // The invitation stands even when the mail relay refuses: the inviter is shown the link to
  // send it themselves, rather than an error for something that did happen.
  const emailed = await mailInvitation(user, invitation);
  return {
    ok: true,
    value: {
      email: invitation.email,
      role: invitation.role,
      link: invitation.link,
      expiresAt: invitation.expiresAt.toISOString(),
      emailed,
    },
  };
}

/** Sends a pending invitation's mail again, with a new link (the old one stops working), within its own limit. */
export async function resendInvitationAction(input: { id: string }): Promise<ActionResult<{ id: string }>> {
  const user = await requireDashboardUser(MEMBERS_PAGE);
  const refused = permissionRefusal(user, "members.manage") ?? verificationRefusal(user);
  if (refused) return refused;
  const id = idSchema("inv").safeParse(input.id);
  if (!id.success) return { ok: false, error: "That invitation does not exist." };
  let invitation;
  try {
    invitation = await resendInvitation(actorOf(user), id.data);
  } catch (error) {
    return refusalOf(error);
  }
  revalidatePath(MEMBERS_PAGE);
  if (!(await mailInvitation(user, invitation))) {
    return {
      ok: false,
      error: "The mail could not be sent. The Mail page shows why; copy the link from a new invitation instead.",
    };
  }
  return { ok: true, value: { id: invitation.id } };
}

export async function revokeInvitationAction(input: { id: string }): Promise<ActionResult<{ id: string }>> {
  const user = await requireDashboardUser(MEMBERS_PAGE);
  const refused = permissionRefusal(user, "members.manage");
  if (refused) return refused;
  const id = idSchema("inv").safeParse(input.id);
  if (!id.success) return { ok: false, error: "That invitation does not exist." };
  try {
    await revokeInvitation(actorOf(user), id.data);
  } catch (error) {
    return refusalOf(error);
  }
  revalidatePath(MEMBERS_PAGE);
  return { ok: true, value: { id: id.data } };
}

export async function changeMemberRoleAction(input: {
  userId: string;
  role: string;
}): Promise<ActionResult<{ userId: string; role: Role }>> {
  const user = await requireDashboardUser(MEMBERS_PAGE);
  const refused = permissionRefusal(user, "members.manage");
  if (refused) return refused;
  const parsed = changeMemberRoleFormSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, error: "Check the highlighted fields.", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  try {
    await changeMemberRole(actorOf(user), parsed.data);
  } catch (error) {
    return refusalOf(error);
  }
  revalidatePath("/dashboard", "layout");
  return { ok: true, value: parsed.data };
}

/** Removes the member whose user id is `id` (the shape ConfirmActionButton calls with). */
export async function removeMemberAction(input: { id: string }): Promise<ActionResult<{ id: string }>> {
  const user = await requireDashboardUser(MEMBERS_PAGE);
  const refused = permissionRefusal(user, "members.manage");
  if (refused) return refused;
  const id = idSchema("usr").safeParse(input.id);
  if (!id.success) return { ok: false, error: "That person is not a member of this organisation." };
  try {
    await removeMember(actorOf(user), id.data);
  } catch (error) {
    return refusalOf(error);
  }
  revalidatePath("/dashboard", "layout");
  return { ok: true, value: { id: id.data } };
}

/**
 * The user leaves one of their organisations (any role but its last owner, which the domain
 * refuses in words). Afterwards the dashboard acts for their oldest other organisation, or,
 * with none left, the page that says so and how to make one: where to go is returned, for the
 * page to open.
 */
export async function leaveOrganizationAction(input: { id: string }): Promise<ActionResult<{ redirectTo: string }>> {
  const user = await requireDashboardUser(MEMBERS_PAGE);
  const orgId = idSchema("org").safeParse(input.id);
  if (!orgId.success || !user.organizations.some((o) => o.id === orgId.data))
    return { ok: false, error: "You are not a member of that organisation." };
  let remaining: { id: string }[];
  try {
    ({ remaining } = await leaveOrganization({ userId: user.id, orgId: orgId.data }));
  } catch (error) {
    return refusalOf(error);
  }
  revalidatePath("/dashboard", "layout");
  const next = remaining[0];
  if (!next) return { ok: true, value: { redirectTo: "/no-organization" } };
  if (orgId.data === user.orgId) await setCurrentOrganization(next.id);
  return { ok: true, value: { redirectTo: "/dashboard?left=1" } };
}

/**
 * A signed-in person makes a new organisation of their own, as its owner, and the dashboard then
 * acts for it (the page for someone in no organisation offers this).
 */
export async function createOrganizationAction(input: { name: string }): Promise<ActionResult<never>> {
  const account = await getSignedInAccount();
  if (!account) return { ok: false, error: "Sign in again to create an organisation." };
  const parsed = createOrganizationFormSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, error: "Check the highlighted field.", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  let orgId: string;
  try {
    ({ id: orgId } = await createOrganizationForUser(account.id, parsed.data.name));
  } catch (error) {
    return refusalOf(error);
  }
  await setCurrentOrganization(orgId);
  redirect("/dashboard?welcome=1");
}

/**
 * The header's switcher: acts for another organisation of the user's. One they do not belong
 * to is refused here, and would be ignored by every later request anyway.
 */
export async function switchOrganizationAction(input: { orgId: string }): Promise<ActionResult<never>> {
  const user = await requireDashboardUser("/dashboard");
  if (!user.organizations.some((o) => o.id === input.orgId))
    return { ok: false, error: "You are not a member of that organisation." };
  await setCurrentOrganization(input.orgId);
  redirect("/dashboard");
}

/** The invitation page, signed in with the invited email: join, then act for the new organisation. */
export async function acceptInvitationAction(input: { token: string }): Promise<ActionResult<never>> {
  const account = await getSignedInAccount();
  if (!account) return { ok: false, error: "Sign in to accept this invitation." };
  let orgId: string;
  try {
    ({ orgId } = await acceptInvitation({ token: input.token, userId: account.id, email: account.email }));
  } catch (error) {
    return refusalOf(error);
  }
  await setCurrentOrganization(orgId);
  redirect("/dashboard?joined=1");
}

export type InvitationSignUpState = FormState<never, { values: { name?: string } }>;

/** The invitation page, for someone with no account: sign up with the invited email, join, sign in. */
export async function signUpWithInvitationAction(
  _previous: InvitationSignUpState,
  formData: FormData,
): Promise<Exclude<InvitationSignUpState, null>> {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = { name: text("name") };
  const parsed = acceptInvitationSignUpFormSchema.safeParse({ ...values, password: text("password") });
  if (!parsed.success)
    return {
      ok: false,
      error: "Check the highlighted fields.",
      fieldErrors: fieldErrorsOf(parsed.error.issues),
      values,
    };
  let joined: { orgId: string; email: string };
  try {
    joined = await signUpWithInvitation({ token: text("token"), ...parsed.data });
  } catch (error) {
    if (error instanceof AccountError) {
      return {
        ok: false,
        error: "An account with this email already exists. Sign in to accept the invitation.",
        values,
      };
    }
    return { ...refusalOf(error), values };
  }
  await setCurrentOrganization(joined.orgId);
  try {
    // Redirects (throws NEXT_REDIRECT) on success.
    await signIn("credentials", {
      email: joined.email,
      password: parsed.data.password,
      redirectTo: "/dashboard?joined=1",
    });
  } catch (error) {
    if (error instanceof CredentialsSignin)
      return {
        ok: false,
        error: "Your account was created, but signing in failed. Sign in with your new password.",
        values,
      };
    throw error;
  }
  throw new Error("signIn returned without redirecting");
}
