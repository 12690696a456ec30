"use client";

// The sound controls the playground and a prompt set's settings share: the format options and
// one voice-setting slider.
import type { ComponentProps } from "react";
import { Badge } from "@/components/ui/badge";
import { Select } from "@/components/ui/field";
import { modelIds, type ModelId } from "@/lib/platform/config/model-ids";
import type { SliderSpec } from "@/lib/voice/studio/voice-settings";
import { formatGroups } from "@/lib/voice/audio/formats";
import { GROUP_LABELS, MODEL_LABELS, PLAN_LABELS, type StudioFormat } from "./studio-labels";
import { isOneOf } from "@/lib/platform/narrow";

/** The model select, with the API's models by their studio names. */
export function ModelSelect({
  value,
  onChange,
  ...props
}: { value: ModelId; onChange: (model: ModelId) => void } & Omit<ComponentProps<"select">, "value" | "onChange">) {
  return (
    <Select {...props} value={value} onChange={(e) => isOneOf(modelIds, e.target.value) && onChange(e.target.value)}>
      {modelIds.map((model) => (
        <option key={model} value={model}>
          {MODEL_LABELS[model]}
        </option>
      ))}
    </Select>
  );
}

/** A format's file extension, and whether it is for telephony or needs an upstream plan, after `lead`. */
export function FormatBadges({ format, lead }: { format: StudioFormat; lead: React.ReactNode }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {lead}
      <Badge>{format.file_extension}</Badge>
      {format.group === "telephony" ? <Badge tone="success">Telephony</Badge> : null}
      {format.min_provider_plan ? (
        <Badge tone="warning">Needs the upstream {PLAN_LABELS[format.min_provider_plan]}</Badge>
      ) : null}
    </span>
  );
}

/** The formats as <optgroup>s, telephony first; a gated format names the plan it needs. */
export function FormatOptions({ formats }: { formats: StudioFormat[] }) {
  const grouped = formatGroups
    .map((group) => ({ group, formats: formats.filter((f) => f.group === group) }))
    .filter((g) => g.formats.length);
  return grouped.map(({ group, formats: members }) => (
    <optgroup key={group} label={GROUP_LABELS[group]}>
      {members.map((f) => (
        <option key={f.id} value={f.id}>
          {f.label}
          {f.min_provider_plan ? ` · needs ${PLAN_LABELS[f.min_provider_plan]}` : ""}
        </option>
      ))}
    </optgroup>
  ));
}

/** One voice setting as a labelled range with its value shown; `withHint` adds what it does and its bounds. */
export function SettingSlider({
  id,
  spec,
  value,
  disabled,
  withHint = false,
  onChange,
}: {
  id: string;
  spec: SliderSpec;
  value: number | undefined;
  disabled: boolean;
  withHint?: boolean;
  onChange: (value: number) => void;
}) {
  const inputId = `${id}-${spec.key}`;
  return (
    <div className="min-w-0">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="text-sm text-slate-800">
          {spec.label}
        </label>
        <output htmlFor={inputId} className="text-sm tabular-nums text-slate-700">
          {value === undefined ? "—" : spec.format(value)}
        </output>
      </div>
      <input
        id={inputId}
        type="range"
        min={spec.min}
        max={spec.max}
        step={spec.step}
        value={value ?? spec.min}
        disabled={disabled}
        aria-valuetext={value === undefined ? undefined : spec.format(value)}
        aria-describedby={withHint ? `${inputId}-hint` : undefined}
        onChange={(e) => onChange(Number(e.target.value))}
        className="mt-1 w-full accent-indigo-600"
      />
      {withHint ? (
        <p id={`${inputId}-hint`} className="flex justify-between gap-2 text-xs text-slate-500">
          <span>{spec.hint}</span>
          <span className="shrink-0 tabular-nums" aria-hidden="true">
            {spec.format(spec.min)}–{spec.format(spec.max)}
          </span>
        </p>
      ) : null}
    </div>
  );
}
