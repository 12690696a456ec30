import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";

/** The foot of a paged list: where the reader is, and links to the newer and older pages that exist. */
export function Pager({
  summary,
  newerHref,
  olderHref,
}: {
  summary?: ReactNode;
  newerHref?: string | null;
  olderHref: string | null;
}) {
  return (
    <nav
      aria-label="Pages"
      className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm sm:px-5"
    >
      <span className="text-slate-600">{summary}</span>
      <div className="flex gap-2">
        {newerHref ? (
          <ButtonLink href={newerHref} variant="secondary" size="sm">
            ← Newer
          </ButtonLink>
        ) : null}
        {olderHref ? (
          <ButtonLink href={olderHref} variant="secondary" size="sm">
            Older →
          </ButtonLink>
        ) : null}
      </div>
    </nav>
  );
}
