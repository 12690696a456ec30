/** Only the dashboard's, studio's and invitation pages' own paths are followed after sign-in (no open redirect). */
export function safeReturnPath(candidate: string | null | undefined): string {
  if (candidate && /^\/(?:dashboard|studio|invite)(?:[/?#]|$)/.test(candidate) && !candidate.includes("\\"))
    return candidate;
  return "/dashboard";
}
