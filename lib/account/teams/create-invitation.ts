import "server-only";
import { db } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";
import {
  attemptRetryAfter,
  recordAttempts,
  waitInWords,
  type AttemptBucket,
} from "@/lib/account/rate-limit/attempt-limit";
import { TeamError } from "@/lib/account/teams/errors";
import { assertManages, type Actor } from "@/lib/account/teams/member-rules";
import {
  hashInvitationToken,
  INVITATION_LIFETIME_MS,
  invitationLink,
  newInvitationToken,
} from "@/lib/account/teams/invitation-token";
import type { Role } from "@/lib/account/teams/roles";

// Each invitation is an email sent on the organisation's behalf: a bound on pending ones, and
// on mail sent per organisation and per recipient, keeps a compromised or hostile account from
// turning the app into a mailer (issue 48: 8 of 8 re-invitations to one address were sent).
export const MAX_PENDING_INVITATIONS = 50;
export const MAX_INVITATION_MAILS_PER_ORG_HOUR = 20;
export const MAX_INVITATIONS_PER_ADDRESS_DAY = 3;
export const MAX_RESENDS_PER_INVITATION_DAY = 2;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export type CreatedInvitation = { id: string; email: string; role: Role; expiresAt: Date; link: string };

const orgBucket = (orgId: string): AttemptBucket => ({
  key: `invite-org:${orgId}`,
  max: MAX_INVITATION_MAILS_PER_ORG_HOUR,
  windowMs: HOUR_MS,
});

/** Refuses when any bucket is full; otherwise counts one mail in each. */
async function chargeInvitationMail(buckets: AttemptBucket[], what: string, now: Date): Promise<void> {
  const wait = await attemptRetryAfter(buckets, now);
  if (wait > 0) throw new TeamError("invitation_limit", `${what} Try again in ${waitInWords(wait)}.`);
  await recordAttempts(
    buckets.map((bucket) => ("key" in bucket ? bucket.key : bucket.prefix)),
    "",
    now,
  );
}

/**
 * Invites `email` to the actor's organisation with `role`. The link's token is returned here,
 * once (for the email, and for the inviter to copy); only its hash is stored. An address with a
 * pending invitation is refused: sending it again is resendInvitation, with its own limit.
 */
export async function createInvitation(
  actor: Actor,
  input: { email: string; role: Role },
  now = new Date(),
): Promise<CreatedInvitation> {
  assertManages(actor, input.role);
  const [member, pendingForAddress, pending] = await Promise.all([
    db.membership.findFirst({ where: { orgId: actor.orgId, user: { email: input.email } }, select: { userId: true } }),
    db.invitation.findFirst({
      where: { orgId: actor.orgId, email: input.email, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      select: { id: true },
    }),
    db.invitation.count({ where: { orgId: actor.orgId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } } }),
  ]);
  if (member) throw new TeamError("already_member", "That person is already a member of this organisation.", "email");
  if (pendingForAddress)
    throw new TeamError(
      "already_invited",
      "That address already has a pending invitation. Use Resend beside it to send the mail again.",
      "email",
    );
  if (pending >= MAX_PENDING_INVITATIONS) {
    throw new TeamError(
      "too_many_invitations",
      `This organisation has ${MAX_PENDING_INVITATIONS} pending invitations. Revoke some before inviting more.`,
    );
  }
  await chargeInvitationMail(
    [
      orgBucket(actor.orgId),
      { key: `invite-to:${input.email}`, max: MAX_INVITATIONS_PER_ADDRESS_DAY, windowMs: DAY_MS },
    ],
    `Invitations are limited to ${MAX_INVITATION_MAILS_PER_ORG_HOUR} an hour per organisation and ${MAX_INVITATIONS_PER_ADDRESS_DAY} a day per address.`,
    now,
  );
  const token = newInvitationToken();
  const invitation = await db.$transaction(async (tx) => {
    // An expired or racing pending invitation of the address: the newest link is the only one that works.
    await tx.invitation.updateMany({
      where: { orgId: actor.orgId, email: input.email, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    return tx.invitation.create({
      data: {
        id: newId("inv"),
        orgId: actor.orgId,
        email: input.email,
        role: input.role,
        tokenHash: hashInvitationToken(token),
        invitedById: actor.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      },
    });
  });
  return { ...pick(invitation), link: invitationLink(token) };
}

const pick = (row: { id: string; email: string; role: Role; expiresAt: Date }) => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt,
});

/**
 * Sends a pending invitation again, explicitly: a new link (the old one stops working) and a
 * new expiry, at most MAX_RESENDS_PER_INVITATION_DAY times a day, counted in the organisation's
 * hourly limit too.
 */
export async function resendInvitation(actor: Actor, id: string, now = new Date()): Promise<CreatedInvitation> {
  const where = { id, orgId: actor.orgId, acceptedAt: null, revokedAt: null };
  const found = await db.invitation.findFirst({ where, select: { role: true } });
  if (!found) throw new TeamError("invitation_missing", "That invitation does not exist or is no longer pending.");
  assertManages(actor, found.role);
  await chargeInvitationMail(
    [orgBucket(actor.orgId), { key: `invite-resend:${id}`, max: MAX_RESENDS_PER_INVITATION_DAY, windowMs: DAY_MS }],
    `An invitation can be sent again ${MAX_RESENDS_PER_INVITATION_DAY} times a day.`,
    now,
  );
  const token = newInvitationToken();
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  const { count } = await db.invitation.updateMany({
    where,
    data: { tokenHash: hashInvitationToken(token), expiresAt },
  });
  if (count === 0) throw new TeamError("invitation_missing", "That invitation does not exist or is no longer pending.");
  const row = await db.invitation.findUniqueOrThrow({ where: { id } });
  return { ...pick(row), link: invitationLink(token) };
}
