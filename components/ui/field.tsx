import type { ComponentProps, ReactNode } from "react";
import { cx } from "./cx";

const control =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm " +
  "placeholder:text-slate-400 focus:border-indigo-600 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600/30 " +
  "aria-[invalid=true]:border-red-500 disabled:bg-slate-50";

/**
 * Label, control, hint and error wired together: the control is described by its hint and
 * error, and marked invalid when there is an error.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
  compact,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: (props: { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean }) => ReactNode;
  className?: string;
  /** A small label, as the filters of a list page have. */
  compact?: boolean;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={compact ? "block text-xs font-medium text-slate-700" : "block text-sm font-medium text-slate-800"}
      >
        {label}
      </label>
      <div className="mt-1">
        {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Input({ className, ...rest }: ComponentProps<"input">) {
  return <input className={cx(control, className)} {...rest} />;
}

export function Select({ className, ...rest }: ComponentProps<"select">) {
  return <select className={cx(control, "pr-8", className)} {...rest} />;
}
