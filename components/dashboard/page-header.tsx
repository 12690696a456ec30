import type { ReactNode } from "react";

type PageHeaderProps = {
  /** The page's one h1. */
  title: ReactNode;
  /** A sentence under the title saying what the page is for. */
  description?: ReactNode;
  /** Buttons or links for the page as a whole, right of the title (below it at phone width). */
  actions?: ReactNode;
  /** A link back to the parent list, above the title. */
  back?: ReactNode;
};

export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  return (
    <div className="mb-6">
      {back ? <div className="mb-2 text-sm">{back}</div> : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 break-words">{title}</h1>
          {description ? <p className="mt-1 max-w-2xl text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}
