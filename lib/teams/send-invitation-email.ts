import "server-only";
import { sendMail } from "@/lib/mail/send-mail";
import type { CreatedInvitation } from "@/lib/teams/create-invitation";
import { ROLE_LABELS } from "@/lib/teams/roles";

/** The invitation's email: who invites, to what, as what, the link and when it ends. */
export async function sendInvitationEmail(
  invitation: CreatedInvitation,
  from: { orgName: string; inviter: string },
): Promise<void> {
  const role = ROLE_LABELS[invitation.role].toLowerCase();
  const expires = invitation.expiresAt.toUTCString();
  await sendMail({
    to: invitation.email,
    subject: `${from.inviter} invited you to ${from.orgName} on Voiceage`,
    text: [
      `${from.inviter} invited you to join ${from.orgName} on Voiceage as ${role === "admin" ? "an" : "a"} ${role}.`,
      "",
      "Accept the invitation:",
      invitation.link,
      "",
      `The link works once and expires on ${expires}. If you did not expect this email, ignore it.`,
    ].join("\n"),
  });
}
