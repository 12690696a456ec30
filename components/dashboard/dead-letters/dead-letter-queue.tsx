"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { listDeadLetterIdsAction, redeliverDeadLetterAction } from "@/lib/edge/actions/dead-letter-actions";
import { describeFailure, ModeBadge } from "@/components/dashboard/badges";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, Spinner } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { DateTime } from "@/components/ui/date-time";
import type { DeadLetter } from "@/lib/verification/webhooks/deliveries";
import { useTakeFromNavCount } from "@/components/dashboard/nav-counts";

export type DeadLetterRow = DeadLetter;

type RowState =
  | { state: "queued" }
  | { state: "sending" }
  | { state: "succeeded"; statusCode: number | null }
  | { state: "failed"; message: string };

function ResultCell({ result }: { result?: RowState }) {
  if (!result) return null;
  switch (result.state) {
    case "queued":
      return <Badge>Queued</Badge>;
    case "sending":
      return (
        <span className="inline-flex items-center gap-1.5 text-xs text-slate-700">
          <Spinner className="size-3.5" /> Sending…
        </span>
      );
    case "succeeded":
      return <Badge tone="success">Delivered{result.statusCode ? ` · HTTP ${result.statusCode}` : ""}</Badge>;
    case "failed":
      return (
        <span className="flex flex-col items-start gap-1">
          <Badge tone="danger">Failed again</Badge>
          <span className="text-xs text-red-800 break-words">{result.message}</span>
        </span>
      );
  }
}

/**
 * The dead-letter queue with redeliver one / selected / all. Each redelivery is its own
 * request, so every row shows its result the moment it is known; a summary is announced
 * to screen readers as the run progresses.
 */
export function DeadLetterQueue({
  rows,
  endpointId,
  total,
}: {
  rows: DeadLetterRow[];
  endpointId?: string;
  total: number;
}) {
  const router = useRouter();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [results, setResults] = useState<Record<string, RowState>>({});
  const [run, setRun] = useState<{
    total: number;
    done: number;
    succeeded: number;
    failed: number;
    running: boolean;
    stopped?: boolean;
  } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const stop = useRef(false);
  const running = run?.running ?? false;

  async function redeliverAll(ids: string[]) {
    if (ids.length === 0) {
      setProblem("Nothing is waiting to be redelivered. Refresh the list to see the queue as it is now.");
      return;
    }
    stop.current = false;
    setProblem(null);
    setResults((current) => ({
      ...current,
      ...Object.fromEntries(ids.map((id) => [id, { state: "queued" } as RowState])),
    }));
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
      let state: RowState;
      try {
        const response = await redeliverDeadLetterAction({ deliveryId: id });
        if (!response.ok) state = { state: "failed", message: response.error };
        else if (response.value.outcome === "succeeded")
          state = { state: "succeeded", statusCode: response.value.statusCode };
        else if (response.value.outcome === "failed")
          state = { state: "failed", message: describeFailure(response.value.statusCode, response.value.error) };
        else state = { state: "failed", message: response.value.error ?? "Not delivered." };
      } catch {
        state = { state: "failed", message: "Could not reach the server; nothing was sent." };
      }
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
      await redeliverAll(listed.value.ids);
    } catch {
      setProblem("Could not load the queue; check your connection and try again.");
    }
  }

  // A delivered letter has left the queue: it can be neither selected nor sent again, and the
  // totals count it out until the list is refreshed.
  const delivered = (id: string) => results[id]?.state === "succeeded";
  const visibleIds = rows.map((r) => r.deliveryId).filter((id) => !delivered(id));
  const deliveredCount = Object.values(results).filter((r) => r.state === "succeeded").length;
  const waiting = Math.max(0, total - deliveredCount);
  // The nav's "Dead letters" count drops with each delivery, not only after "Refresh the list".
  useTakeFromNavCount("/dashboard/dead-letters", deliveredCount);
  const allSelected = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div>
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3 sm:px-5">
        <Button
          size="sm"
          variant="secondary"
          disabled={running || selected.size === 0}
          onClick={() => redeliverAll(visibleIds.filter((id) => selected.has(id)))}
        >
          Redeliver selected ({selected.size})
        </Button>
        <Button size="sm" disabled={running || waiting === 0} onClick={redeliverEverything}>
          Redeliver all ({waiting})
        </Button>
        {running ? (
          <Button size="sm" variant="ghost" onClick={() => (stop.current = true)}>
            Stop
          </Button>
        ) : null}
        <p className="text-xs text-slate-600 sm:ml-auto" aria-live="polite" role="status">
          {run
            ? run.running
              ? `Redelivering ${Math.min(run.done + 1, run.total)} of ${run.total}… ${run.succeeded} delivered, ${run.failed} failed`
              : `${run.stopped ? "Stopped" : "Done"}: ${run.succeeded} delivered, ${run.failed} failed${run.stopped ? `, ${run.total - run.done} not sent` : ""}.`
            : "Redelivery sends the same event id, signed afresh."}
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
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setResults({});
              setRun(null);
              router.refresh();
            }}
          >
            Refresh the list
          </Button>
        </div>
      ) : null}
      <div className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 sm:px-5">
        <input
          id="select-all-dead-letters"
          type="checkbox"
          className="size-4 accent-slate-900"
          checked={allSelected}
          disabled={running || visibleIds.length === 0}
          onChange={(e) => setSelected(e.target.checked ? new Set(visibleIds) : new Set())}
        />
        <label htmlFor="select-all-dead-letters" className="text-xs font-medium text-slate-700">
          Select all {visibleIds.length} waiting on this page
        </label>
      </div>
      <ul aria-label="Dead letters, most recent first" className="divide-y divide-slate-100">
        {rows.map((row) => {
          const result = results[row.deliveryId];
          return (
            <li
              key={row.deliveryId}
              data-testid="dead-letter"
              className={cx(
                "flex flex-wrap items-start gap-x-3 gap-y-2 px-4 py-3 sm:flex-nowrap sm:px-5",
                result?.state === "succeeded" && "bg-emerald-50/60",
              )}
            >
              <input
                type="checkbox"
                aria-label={`Select ${row.eventType} for ${row.sessionId} to ${row.endpointUrl}`}
                className="mt-0.5 size-4 shrink-0 accent-slate-900"
                checked={selected.has(row.deliveryId)}
                disabled={running || result?.state === "succeeded"}
                onChange={(e) => toggle(row.deliveryId, e.target.checked)}
              />
              <div className="min-w-0 flex-1 basis-56 text-xs text-slate-600">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <code className="text-sm text-slate-900">{row.eventType}</code>
                  <ModeBadge mode={row.mode} />
                </p>
                <p className="mt-1 flex flex-wrap gap-x-3">
                  <Link
                    href={`/dashboard/sessions/${row.sessionId}`}
                    className="font-mono text-indigo-700 hover:underline"
                  >
                    {row.sessionId}
                  </Link>
                  <span className="font-mono break-all">{row.eventId}</span>
                </p>
                <p className="mt-1 break-all">
                  to <span className="font-mono text-slate-800">{row.endpointUrl}</span>
                </p>
                {/* Once redelivered, the old failure is history: no longer shown as an alarm. */}
                <p className="mt-1">
                  {result?.state === "succeeded" ? "Was " : null}
                  <span className={result?.state === "succeeded" ? undefined : "text-red-800"}>
                    {describeFailure(row.lastStatusCode, row.lastError)}
                  </span>{" "}
                  after {row.attempts} attempts · dead since <DateTime value={row.deadLetteredAt} />
                </p>
              </div>
              <div className="ml-7 flex flex-col items-start gap-1.5 sm:ml-0 sm:items-end" aria-live="polite">
                {result?.state !== "succeeded" ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={running}
                    onClick={() => redeliverAll([row.deliveryId])}
                  >
                    Redeliver
                    <span className="sr-only">
                      {" "}
                      {row.eventType} for {row.sessionId}
                    </span>
                  </Button>
                ) : null}
                <ResultCell result={result} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
