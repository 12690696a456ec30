// zod schemas of the members page's forms. Importable by client and server.
import { z } from "zod";
import { idPattern } from "@/lib/platform/ids";
import { ROLES } from "@/lib/account/teams/roles";
import { emailSchema, newPasswordSchema, organizationNameSchema, personNameSchema } from "@/lib/account/users/schemas";

const roleSchema = z.enum(ROLES, { error: "Choose a role: owner, admin or developer." });

export const inviteMemberFormSchema = z.strictObject({
  email: emailSchema.describe("The colleague's email address"),
  role: roleSchema,
});

export const changeMemberRoleFormSchema = z.strictObject({
  userId: z.string().regex(idPattern("usr"), "That member does not exist."),
  role: roleSchema,
});

/** The invitation page's sign-up: the email is the invitation's own, so it is not asked. */
export const acceptInvitationSignUpFormSchema = z.strictObject({
  name: personNameSchema,
  password: newPasswordSchema,
});

/** The page for someone in no organisation: a new one of their own. */
export const createOrganizationFormSchema = z.strictObject({ name: organizationNameSchema });
