import { useTranslations } from "next-intl";

/**
 * The way back to the site that asked for the check, on every step. Leaving does not end the
 * session: it stays open until it expires, so the user can still come back to this page.
 */
export function LeaveLink({ href, requester }: { href: string; requester: string }) {
  const t = useTranslations("flow");
  return (
    <p className="mt-8 text-base">
      <a
        href={href}
        className="text-slate-700 underline underline-offset-2 hover:text-slate-900"
        data-testid="leave-link"
      >
        {t("leave", { requester })}
      </a>
    </p>
  );
}
