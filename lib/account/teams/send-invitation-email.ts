import "server-only";
import { sendMail } from "@/lib/platform/mail/send-mail";
import type { CreatedInvitation } from "@/lib/account/teams/create-invitation";
import { ROLE_LABELS } from "@/lib/account/teams/roles";

const QUOTED_MAX = 60;

/**
 * A name someone else chose, made safe to quote in a mail: on one line, cut short, and with
 * anything that looks like a web address defanged ("evil[.]example", "https[:]//"), so no mail
 * program makes it a link. Names are refused with these at entry; older names may still hold them.
 */
function quotedName(name: string): string {
  const line = name.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ").trim();
  const short = line.length > QUOTED_MAX ? `${line.slice(0, QUOTED_MAX - 1)}…` : line;
  return short.replace(/:\/\//g, "[:]//").replace(/([\p{L}\p{N}-])\.(?=[\p{L}\p{N}])/gu, "$1[.]");
}

/**
 * The invitation's email. The subject is ours ("Invitation to join an organisation on
 * Voiceage"); the inviter's and organisation's names appear only in the body, quoted as data
 * and never first, so neither can pass for the mail's own words.
 */
export async function sendInvitationEmail(
  invitation: CreatedInvitation,
  from: { orgId: string; orgName: string; inviter: string },
): Promise<void> {
  const role = ROLE_LABELS[invitation.role].toLowerCase();
  const expires = invitation.expiresAt.toUTCString();
  await sendMail({
    to: invitation.email,
    orgId: from.orgId,
    subject: "Invitation to join an organisation on Voiceage",
    text: [
      "You are invited to an organisation on Voiceage.",
      "",
      `${quotedName(from.inviter)} (from the organisation "${quotedName(from.orgName)}") invited you to join as ${role === "admin" ? "an" : "a"} ${role}.`,
      "",
      "Accept the invitation:",
      invitation.link,
      "",
      `The link works once and expires on ${expires}. If you did not expect this email, ignore it.`,
    ].join("\n"),
  });
}
