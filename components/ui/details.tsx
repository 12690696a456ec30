import type { ReactNode } from "react";
import { cx } from "./cx";

// A description list of facts about one thing (a session, an endpoint). "rows": label beside
// value (above it on phones), one fact a line; "grid": label above value, facts side by side.
const layouts = {
  rows: {
    list: "divide-y divide-slate-100",
    item: "grid grid-cols-1 gap-1 py-2.5 sm:grid-cols-[10rem_1fr] sm:gap-4",
    term: "text-sm text-slate-600",
    value: "min-w-0 text-sm text-slate-900 break-words",
  },
  grid: {
    list: "grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4",
    item: undefined,
    term: "text-slate-600",
    value: "mt-0.5",
  },
};

export type DetailLayout = keyof typeof layouts;

export function DetailList({ layout = "rows", children }: { layout?: DetailLayout; children: ReactNode }) {
  return <dl className={layouts[layout].list}>{children}</dl>;
}

/** One fact of a DetailList (give it the list's layout). */
export function Detail({
  label,
  layout = "rows",
  className,
  children,
}: {
  label: ReactNode;
  layout?: DetailLayout;
  className?: string;
  children: ReactNode;
}) {
  const style = layouts[layout];
  return (
    <div className={style.item}>
      <dt className={style.term}>{label}</dt>
      <dd className={cx(style.value, className)}>{children}</dd>
    </div>
  );
}
