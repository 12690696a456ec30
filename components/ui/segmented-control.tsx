"use client";

import { useId } from "react";

/** A small set of mutually exclusive options as one row of buttons (radio inputs underneath). */
export function SegmentedControl<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  hint,
}: {
  legend: string;
  name: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  hint?: string;
}) {
  const hintId = useId();
  return (
    <fieldset aria-describedby={hint ? hintId : undefined}>
      <legend className="block text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 inline-flex h-10 overflow-hidden rounded-md border border-slate-300 bg-white shadow-sm">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center px-3 text-sm whitespace-nowrap sm:px-4 text-slate-800 has-[:checked]:bg-slate-900 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-indigo-600 [&+&]:border-l [&+&]:border-slate-300"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
