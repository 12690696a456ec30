"use client";

import { SegmentedControl } from "@/components/ui/segmented-control";
import type { KeyMode } from "@/lib/account/keys/key-mode";

const MODES: { value: KeyMode; label: string }[] = [
  { value: "test", label: "Test" },
  { value: "live", label: "Live" },
];

/**
 * Test or live, for what a form creates (a key, an endpoint), with what the chosen mode means.
 * `liveRefusal`: the user's role may not create live ones (it would show a live secret), so the
 * form creates test ones and says why; the server refuses live ones anyway.
 */
export function ModeControl({
  name,
  value,
  onChange,
  hints,
  liveRefusal,
}: {
  name: string;
  value: KeyMode;
  onChange: (mode: KeyMode) => void;
  hints: Record<KeyMode, string>;
  liveRefusal?: string;
}) {
  if (liveRefusal) {
    return (
      <div>
        <p className="text-sm font-medium text-slate-800">Mode: test</p>
        <p className="mt-1 max-w-xs text-xs text-slate-600">{liveRefusal}</p>
      </div>
    );
  }
  return (
    <SegmentedControl legend="Mode" name={name} value={value} onChange={onChange} options={MODES} hint={hints[value]} />
  );
}
