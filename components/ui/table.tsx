import type { ComponentProps, ReactNode } from "react";
import { cx } from "./cx";

/**
 * A data table that scrolls sideways inside its card on narrow screens instead of breaking
 * the page. `label` names it for screen readers.
 */
export function Table({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    // relative: visually hidden labels inside cells stay inside the scroll box instead of widening the page.
    <div className={cx("relative overflow-x-auto", className)}>
      <table className="w-full min-w-full border-collapse text-left text-sm">
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
      {children}
    </thead>
  );
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-100">{children}</tbody>;
}

export function Th({ className, ...rest }: ComponentProps<"th">) {
  return <th scope="col" className={cx("px-4 py-2 font-medium whitespace-nowrap sm:px-5", className)} {...rest} />;
}

export function Td({ className, ...rest }: ComponentProps<"td">) {
  return <td className={cx("px-4 py-3 align-top text-slate-800 sm:px-5", className)} {...rest} />;
}

export function Tr({ className, ...rest }: ComponentProps<"tr">) {
  return <tr className={cx("hover:bg-slate-50/60", className)} {...rest} />;
}
