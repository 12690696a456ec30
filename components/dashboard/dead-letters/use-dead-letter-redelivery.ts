"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { listDeadLetterIdsAction, redeliverDeadLetterAction } from "@/lib/edge/actions/dead-letter-actions";
import { describeFailure } from "@/components/dashboard/badges";
import { useTakeFromNavCount } from "@/components/dashboard/nav-counts";
import type { DeadLetter } from "@/lib/verification/webhooks/deliveries";

export type RowState =
  | { state: "queued" }
  | { state: "sending" }
  | { state: "succeeded"; statusCode: number | null }
  | { state: "failed"; message: string };

export type RedeliveryRun = {
  total: number;
  done: number;
  succeeded: number;
  failed: number;
  running: boolean;
  stopped?: boolean;
};

/** One redelivery request, its answer turned into the row's result. */
async function redeliverOne(deliveryId: string): Promise<RowState> {
  try {
    const response = await redeliverDeadLetterAction({ deliveryId });
    if (!response.ok) return { state: "failed", message: response.error };
    const result = response.value;
    if (result.outcome === "succeeded") return { state: "succeeded", statusCode: result.statusCode };
    if (result.outcome === "failed")
      return { state: "failed", message: describeFailure(result.statusCode, result.error) };
    return { state: "failed", message: result.error ?? "Not delivered." };
  } catch {
    return { state: "failed", message: "Could not reach the server; nothing was sent." };
  }
}

/**
 * The state of a dead-letter queue page: selection, each row's redelivery result and the run's
 * progress. Each redelivery is its own request, so every row shows its result the moment it is
 * known; a run can be stopped between two requests.
 */
export function useDeadLetterRedelivery(rows: DeadLetter[], total: number, endpointId?: string) {
  const router = useRouter();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [results, setResults] = useState<Record<string, RowState>>({});
  const [run, setRun] = useState<RedeliveryRun | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const stop = useRef(false);

  async function redeliver(ids: string[]) {
    if (ids.length === 0) {
      setProblem("Nothing is waiting to be redelivered. Refresh the list to see the queue as it is now.");
      return;
    }
    stop.current = false;
    setProblem(null);
    const queued: RowState = { state: "queued" };
    setResults((current) => ({ ...current, ...Object.fromEntries(ids.map((id) => [id, queued])) }));
    setRun({ total: ids.length, done: 0, succeeded: 0, failed: 0, running: true });
    let succeeded = 0;
    let failed = 0;
    for (const [index, id] of ids.entries()) {
      if (stop.current) {
        setResults((current) => {
          const next = { ...current };
          for (const rest of ids.slice(index)) if (next[rest]?.state === "queued") delete next[rest];
          return next;
        });
        setRun({ total: ids.length, done: index, succeeded, failed, running: false, stopped: true });
        return;
      }
      setResults((current) => ({ ...current, [id]: { state: "sending" } }));
      const state = await redeliverOne(id);
      if (state.state === "succeeded") succeeded++;
      else failed++;
      setResults((current) => ({ ...current, [id]: state }));
      setRun({ total: ids.length, done: index + 1, succeeded, failed, running: true });
    }
    setRun({ total: ids.length, done: ids.length, succeeded, failed, running: false });
    setSelected(new Set());
  }

  async function redeliverEverything() {
    setProblem(null);
    try {
      const listed = await listDeadLetterIdsAction({ endpointId });
      if (!listed.ok) return setProblem(listed.error);
      await redeliver(listed.value.ids);
    } catch {
      setProblem("Could not load the queue; check your connection and try again.");
    }
  }

  // A delivered letter has left the queue: it can be neither selected nor sent again, and the
  // totals count it out until the list is refreshed.
  const visibleIds = rows.map((r) => r.deliveryId).filter((id) => results[id]?.state !== "succeeded");
  const deliveredCount = Object.values(results).filter((r) => r.state === "succeeded").length;
  // The nav's "Dead letters" count drops with each delivery, not only after "Refresh the list".
  useTakeFromNavCount("/dashboard/dead-letters", deliveredCount);

  return {
    selected,
    results,
    run,
    problem,
    running: run?.running ?? false,
    visibleIds,
    waiting: Math.max(0, total - deliveredCount),
    redeliver,
    redeliverSelected: () => redeliver(visibleIds.filter((id) => selected.has(id))),
    redeliverEverything,
    stopRun: () => {
      stop.current = true;
    },
    toggle: (id: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    selectAll: (on: boolean) => setSelected(on ? new Set(visibleIds) : new Set()),
    refreshList: () => {
      setResults({});
      setRun(null);
      router.refresh();
    },
  };
}
