"use client";

import { DeadLetterItem } from "@/components/dashboard/dead-letters/dead-letter-item";
import { DeadLetterToolbar } from "@/components/dashboard/dead-letters/dead-letter-toolbar";
import { useDeadLetterRedelivery } from "@/components/dashboard/dead-letters/use-dead-letter-redelivery";
import type { DeadLetter } from "@/lib/verification/webhooks/deliveries";

/**
 * The dead-letter queue with redeliver one / selected / all. The state and the requests live in
 * useDeadLetterRedelivery; this lays out the toolbar, the select-all row and one item per letter.
 */
export function DeadLetterQueue({
  rows,
  endpointId,
  total,
}: {
  rows: DeadLetter[];
  endpointId?: string;
  total: number;
}) {
  const queue = useDeadLetterRedelivery(rows, total, endpointId);
  const { selected, results, running, visibleIds } = queue;
  const allSelected = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));
  return (
    <div>
      <DeadLetterToolbar
        run={queue.run}
        problem={queue.problem}
        selectedCount={selected.size}
        waiting={queue.waiting}
        onRedeliverSelected={queue.redeliverSelected}
        onRedeliverAll={queue.redeliverEverything}
        onStop={queue.stopRun}
        onRefresh={queue.refreshList}
      />
      <div className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 sm:px-5">
        <input
          id="select-all-dead-letters"
          type="checkbox"
          className="size-4 accent-slate-900"
          checked={allSelected}
          disabled={running || visibleIds.length === 0}
          onChange={(e) => queue.selectAll(e.target.checked)}
        />
        <label htmlFor="select-all-dead-letters" className="text-xs font-medium text-slate-700">
          Select all {visibleIds.length} waiting on this page
        </label>
      </div>
      <ul aria-label="Dead letters, most recent first" className="divide-y divide-slate-100">
        {rows.map((row) => (
          <DeadLetterItem
            key={row.deliveryId}
            row={row}
            result={results[row.deliveryId]}
            selected={selected.has(row.deliveryId)}
            running={running}
            onToggle={(on) => queue.toggle(row.deliveryId, on)}
            onRedeliver={() => queue.redeliver([row.deliveryId])}
          />
        ))}
      </ul>
    </div>
  );
}
