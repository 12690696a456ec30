import type { ReactNode } from "react";
import { CopyButton } from "./copy-button";

/** A read-only value (a secret shown once, a URL) in monospace with a copy button beside it. */
export function CopyField({
  label,
  value,
  copyLabel = "Copy",
  note,
}: {
  label: string;
  value: string;
  copyLabel?: string;
  note?: ReactNode;
}) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-800">{label}</p>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-stretch">
        <output
          aria-label={label}
          className="block min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all"
        >
          {value}
        </output>
        <CopyButton value={value} label={copyLabel} size="md" />
      </div>
      {note ? <p className="mt-1 text-xs text-slate-600">{note}</p> : null}
    </div>
  );
}
