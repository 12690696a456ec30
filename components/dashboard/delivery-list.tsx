import Link from "next/link";
import { AttemptResult, DeliveryStatusBadge } from "@/components/dashboard/badges";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { RetryNowButton } from "@/components/dashboard/webhooks/retry-now-button";
import type { DeliveryView } from "@/lib/verification/webhooks/deliveries";

/** Deliveries with every attempt: time, duration, and status code or error. */
export function DeliveryList({ deliveries, show }: { deliveries: DeliveryView[]; show: "endpoint" | "session" }) {
  return (
    <ul className="divide-y divide-slate-200">
      {deliveries.map((d) => (
        <li key={d.id} className="px-4 py-4 sm:px-5" data-testid="delivery">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <DeliveryStatusBadge status={d.status} />
              <code className="text-xs text-slate-800">{d.eventType}</code>
              {show === "endpoint" ? (
                <span className="min-w-0 truncate text-xs text-slate-600">
                  to <span className="font-mono">{d.endpointUrl}</span>
                  {d.endpointDeleted ? " (deleted)" : ""}
                </span>
              ) : (
                <Link
                  href={`/dashboard/sessions/${d.sessionId}`}
                  className="font-mono text-xs text-indigo-700 hover:underline"
                >
                  {d.sessionId}
                </Link>
              )}
            </div>
            <span className="text-xs text-slate-600">
              {d.attempts} attempt{d.attempts === 1 ? "" : "s"} · Webhook-Id{" "}
              <code className="font-mono" data-testid="webhook-id">
                {d.eventId}
              </code>{" "}
              <CopyButton value={d.eventId} label="Copy" variant="ghost" size="sm" className="ml-1 align-middle" />
            </span>
          </div>
          {/* Five automatic attempts in all (spec part 8): after the fifth, nothing is scheduled. */}
          {d.status === "pending" && d.tries.length > 0 && d.attempts < 5 ? (
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-700">
              <span>
                {d.nextAttemptAt ? (
                  <>
                    Attempt {d.attempts + 1} of 5 at <DateTime value={d.nextAttemptAt} withSeconds />
                  </>
                ) : (
                  `Attempt ${d.attempts + 1} of 5 is scheduled`
                )}
              </span>
              <RetryNowButton id={d.id} />
            </div>
          ) : null}
          {d.tries.length === 0 ? (
            <p className="mt-2 text-xs text-slate-600">
              {d.status === "cancelled"
                ? "Not sent: the endpoint was deleted first."
                : "Queued; the first attempt starts in a moment."}
            </p>
          ) : (
            <ol className="mt-2 space-y-1.5" aria-label="Attempts, newest first">
              {d.tries.map((t) => (
                <li key={t.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-700">
                  <span className="w-20 shrink-0 font-medium">
                    Attempt {t.attemptNumber}
                    {t.manual ? <Badge className="ml-1">manual</Badge> : null}
                  </span>
                  <DateTime value={t.startedAt} withSeconds className="shrink-0" />
                  <span className="shrink-0 tabular-nums">{t.durationMs} ms</span>
                  <AttemptResult success={t.success} statusCode={t.statusCode} error={t.error} />
                </li>
              ))}
            </ol>
          )}
        </li>
      ))}
    </ul>
  );
}
