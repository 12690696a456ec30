"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { RedeliveryRun } from "@/components/dashboard/dead-letters/use-dead-letter-redelivery";

function runSummary(run: RedeliveryRun | null) {
  if (!run) return "Redelivery sends the same event id, signed afresh.";
  if (run.running) {
    return `Redelivering ${Math.min(run.done + 1, run.total)} of ${run.total}… ${run.succeeded} delivered, ${run.failed} failed`;
  }
  const notSent = run.stopped ? `, ${run.total - run.done} not sent` : "";
  return `${run.stopped ? "Stopped" : "Done"}: ${run.succeeded} delivered, ${run.failed} failed${notSent}.`;
}

/**
 * Redeliver selected / all / Stop, the run's progress (announced to screen readers), a problem
 * if any, and once letters were delivered the offer to refresh the list.
 */
export function DeadLetterToolbar({
  run,
  problem,
  selectedCount,
  waiting,
  onRedeliverSelected,
  onRedeliverAll,
  onStop,
  onRefresh,
}: {
  run: RedeliveryRun | null;
  problem: string | null;
  selectedCount: number;
  waiting: number;
  onRedeliverSelected: () => void;
  onRedeliverAll: () => void;
  onStop: () => void;
  onRefresh: () => void;
}) {
  const running = run?.running ?? false;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3 sm:px-5">
        <Button size="sm" variant="secondary" disabled={running || selectedCount === 0} onClick={onRedeliverSelected}>
          Redeliver selected ({selectedCount})
        </Button>
        <Button size="sm" disabled={running || waiting === 0} onClick={onRedeliverAll}>
          Redeliver all ({waiting})
        </Button>
        {running ? (
          <Button size="sm" variant="ghost" onClick={onStop}>
            Stop
          </Button>
        ) : null}
        <p className="text-xs text-slate-600 sm:ml-auto" aria-live="polite" role="status">
          {runSummary(run)}
        </p>
      </div>
      {problem ? (
        <Alert tone="error" className="m-4">
          {problem}
        </Alert>
      ) : null}
      {run && !run.running && run.succeeded > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900 sm:px-5">
          <span>Delivered letters leave the queue.</span>
          <Button size="sm" variant="secondary" onClick={onRefresh}>
            Refresh the list
          </Button>
        </div>
      ) : null}
    </>
  );
}
