// Refusals of the teams domain, with messages written for the person at the form.
export type TeamErrorCode =
  | "forbidden"
  | "not_a_member"
  | "last_owner"
  | "already_member"
  | "invitation_missing"
  | "invitation_used"
  | "invitation_revoked"
  | "invitation_expired"
  | "invitation_other_email"
  | "too_many_invitations"
  | "already_invited"
  | "invitation_limit";

export class TeamError extends Error {
  constructor(
    readonly code: TeamErrorCode,
    message: string,
    /** The form field the message belongs to. */
    readonly field?: string,
  ) {
    super(message);
    this.name = "TeamError";
  }
}
