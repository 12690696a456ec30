"use client";

import { SegmentedControl } from "@/components/ui/segmented-control";
import type { KeyMode } from "@/lib/keys/key-mode";

const MODES: { value: KeyMode; label: string }[] = [
  { value: "test", label: "Test" },
  { value: "live", label: "Live" },
];

/** Test or live, for what a form creates (a key, an endpoint), with what the chosen mode means. */
export function ModeControl({
  name,
  value,
  onChange,
  hints,
}: {
  name: string;
  value: KeyMode;
  onChange: (mode: KeyMode) => void;
  hints: Record<KeyMode, string>;
}) {
  return (
    <SegmentedControl legend="Mode" name={name} value={value} onChange={onChange} options={MODES} hint={hints[value]} />
  );
}
