import type { ReactNode } from "react";
import { cx } from "@/components/ui/cx";
import { Select } from "@/components/ui/field";

/** One filter of a list page's GET form: a small label over a select. */
export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  className,
  children,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <Select id={id} name={name} defaultValue={defaultValue} className={cx("mt-1", className)}>
        {children}
      </Select>
    </div>
  );
}
