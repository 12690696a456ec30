import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import type { GenerationCounts, PromptSetSummary } from "@/lib/voice/prompt-sets/schemas";

type GenerationState = PromptSetSummary["generation"]["state"];

const STATE: Record<GenerationState, { label: string; tone: BadgeTone }> = {
  idle: { label: "Not generated", tone: "neutral" },
  running: { label: "Generating", tone: "info" },
  completed: { label: "Ready to download", tone: "success" },
  failed: { label: "Some prompts failed", tone: "danger" },
};

export function GenerationBadge({ state, counts }: { state: GenerationState; counts: GenerationCounts }) {
  // A set whose prompts were partly generated and then edited is "idle" with some done.
  const label =
    state === "idle" && counts.done > 0
      ? "Partly generated"
      : state === "idle" && counts.total === 0
        ? "No prompts yet"
        : STATE[state].label;
  return <Badge tone={state === "idle" && counts.done > 0 ? "warning" : STATE[state].tone}>{label}</Badge>;
}

/** Done (and failed) out of all, as a bar: green for done, red for failed, pulsing blue for in hand, the rest still to go. */
export function ProgressBar({
  counts,
  label,
  className,
}: {
  counts: GenerationCounts;
  label: string;
  className?: string;
}) {
  const total = Math.max(1, counts.total);
  const donePct = (counts.done / total) * 100;
  const failedPct = (counts.failed / total) * 100;
  const generatingPct = (counts.generating / total) * 100;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={counts.total}
      aria-valuenow={counts.done}
      aria-valuetext={`${counts.done} of ${counts.total} prompts done${counts.failed ? `, ${counts.failed} failed` : ""}`}
      className={cx("flex h-2 w-full overflow-hidden rounded-full bg-slate-200", className)}
    >
      <div className="h-full bg-emerald-500 transition-[width] duration-500" style={{ width: `${donePct}%` }} />
      <div className="h-full bg-red-500 transition-[width] duration-500" style={{ width: `${failedPct}%` }} />
      <div
        className="h-full animate-pulse bg-sky-400 transition-[width] duration-500"
        style={{ width: `${generatingPct}%` }}
      />
    </div>
  );
}

/** "12 of 20 done · 8 from cache · 1 failed": the counts a designer scans for. */
export function countsLine(counts: GenerationCounts): string {
  const parts = [`${counts.done} of ${counts.total} done`];
  if (counts.cached) parts.push(`${counts.cached} from cache`);
  if (counts.failed) parts.push(`${counts.failed} failed`);
  const inFlight = counts.queued + counts.generating;
  if (inFlight) parts.push(`${inFlight} in progress`);
  if (counts.pending) parts.push(`${counts.pending} not generated`);
  return parts.join(" · ");
}
