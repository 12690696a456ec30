import type { ComponentProps } from "react";
import { cx } from "@/components/ui/cx";
import { Input } from "@/components/ui/field";

/**
 * One text or date field of a list page's GET form, labelled like FilterSelect, with its hint
 * and its error tied to it. The first field in error takes the focus when the page loads, so a
 * search that cannot run is announced and ready to correct.
 */
export function FilterInput({ id, label, hint, error, autoFocusError, className, ...input }: Omit<ComponentProps<"input">, "id"> & {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  autoFocusError?: boolean;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("min-w-0", className)}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <Input
        id={id}
        className="mt-1"
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        autoFocus={Boolean(error && autoFocusError)}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
