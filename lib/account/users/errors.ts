// Errors of the accounts domain, with messages written for the person at the form or CLI.
export type AccountErrorCode = "email_taken" | "github_email_in_use";

export class AccountError extends Error {
  constructor(
    readonly code: AccountErrorCode,
    message: string,
    /** The form field the message belongs to. */
    readonly field?: string,
  ) {
    super(message);
    this.name = "AccountError";
  }
}
