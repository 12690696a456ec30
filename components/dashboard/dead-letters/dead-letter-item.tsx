"use client";

import Link from "next/link";
import { describeFailure, ModeBadge } from "@/components/dashboard/badges";
import { Badge } from "@/components/ui/badge";
import { Button, Spinner } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { DateTime } from "@/components/ui/date-time";
import type { RowState } from "@/components/dashboard/dead-letters/use-dead-letter-redelivery";
import type { DeadLetter } from "@/lib/verification/webhooks/deliveries";

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

/** One dead letter: what failed and where, its checkbox, its Redeliver button and result. */
export function DeadLetterItem({
  row,
  result,
  selected,
  running,
  onToggle,
  onRedeliver,
}: {
  row: DeadLetter;
  result?: RowState;
  selected: boolean;
  running: boolean;
  onToggle: (on: boolean) => void;
  onRedeliver: () => void;
}) {
  const delivered = result?.state === "succeeded";
  return (
    <li
      data-testid="dead-letter"
      className={cx(
        "flex flex-wrap items-start gap-x-3 gap-y-2 px-4 py-3 sm:flex-nowrap sm:px-5",
        delivered && "bg-emerald-50/60",
      )}
    >
      <input
        type="checkbox"
        aria-label={`Select ${row.eventType} for ${row.sessionId} to ${row.endpointUrl}`}
        className="mt-0.5 size-4 shrink-0 accent-slate-900"
        checked={selected}
        disabled={running || delivered}
        onChange={(e) => onToggle(e.target.checked)}
      />
      <div className="min-w-0 flex-1 basis-56 text-xs text-slate-600">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <code className="text-sm text-slate-900">{row.eventType}</code>
          <ModeBadge mode={row.mode} />
        </p>
        <p className="mt-1 flex flex-wrap gap-x-3">
          <Link href={`/dashboard/sessions/${row.sessionId}`} className="font-mono text-indigo-700 hover:underline">
            {row.sessionId}
          </Link>
          <span className="font-mono break-all">{row.eventId}</span>
        </p>
        <p className="mt-1 break-all">
          to <span className="font-mono text-slate-800">{row.endpointUrl}</span>
        </p>
        {/* Once redelivered, the old failure is history: no longer shown as an alarm. */}
        <p className="mt-1">
          {delivered ? "Was " : null}
          <span className={delivered ? undefined : "text-red-800"}>
            {describeFailure(row.lastStatusCode, row.lastError)}
          </span>{" "}
          after {row.attempts} attempts · dead since <DateTime value={row.deadLetteredAt} />
        </p>
      </div>
      <div className="ml-7 flex flex-col items-start gap-1.5 sm:ml-0 sm:items-end" aria-live="polite">
        {!delivered ? (
          <Button size="sm" variant="secondary" disabled={running} onClick={onRedeliver}>
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
}
