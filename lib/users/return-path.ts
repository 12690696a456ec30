/** Only the dashboard's and studio's own paths are followed after sign-in (no open redirect). */
export function safeReturnPath(candidate: string | null | undefined): string {
  if (candidate && /^\/(?:dashboard|studio)(?:[/?#]|$)/.test(candidate) && !candidate.includes("\\")) return candidate;
  return "/dashboard";
}
