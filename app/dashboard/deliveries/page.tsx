import type { Metadata } from "next";
import Link from "next/link";
import { AutoRefresh } from "@/components/dashboard/auto-refresh";
import { AttemptResult } from "@/components/dashboard/badges";
import { FilterSelect } from "@/components/dashboard/filter-select";
import { PageHeader } from "@/components/dashboard/page-header";
import { Pager } from "@/components/dashboard/pager";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { countPendingDeliveries, listDeliveryAttempts } from "@/lib/verification/webhooks/deliveries";
import { pageHref } from "@/lib/platform/paging/page-href";
import { deliveriesQuerySchema } from "@/lib/edge/dashboard/schemas";
import type { PageSearchParams } from "@/lib/platform/http/search-params";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";
import { listWebhookEndpoints } from "@/lib/verification/webhooks/list-webhook-endpoints";

export const metadata: Metadata = { title: "Deliveries" };

const PAGE = 100;

export default async function DeliveriesPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const { endpoint: endpointParam, before } = deliveriesQuerySchema.parse(await searchParams);
  const user = await requireDashboardUser(pageHref("/dashboard/deliveries", { endpoint: endpointParam }));
  const [{ data: shown, nextBefore }, { data: endpoints }, pending] = await Promise.all([
    listDeliveryAttempts(user.orgId, { endpointId: endpointParam, limit: PAGE, before }),
    listWebhookEndpoints(user.orgId),
    countPendingDeliveries(user.orgId, endpointParam),
  ]);

  return (
    <>
      <PageHeader
        title="Deliveries"
        description="Every webhook delivery attempt, newest first: when it was sent, how long it took, and the status code or error."
        actions={<AutoRefresh active={pending > 0} label={`${pending} being retried`} />}
      />
      <Card aria-labelledby="attempts-title">
        <h2 id="attempts-title" className="sr-only">
          Delivery attempts
        </h2>
        <form
          method="get"
          action="/dashboard/deliveries"
          className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3 sm:px-5"
        >
          <FilterSelect
            id="filter-endpoint"
            name="endpoint"
            label="Endpoint"
            defaultValue={endpointParam ?? ""}
            className="max-w-xs sm:max-w-md"
          >
            <option value="">All endpoints</option>
            {endpoints.map((e) => (
              <option key={e.id} value={e.id}>{`${e.url} (${e.mode})`}</option>
            ))}
          </FilterSelect>
          <Button type="submit" variant="secondary">
            Show
          </Button>
          {endpointParam ? (
            <Link href="/dashboard/deliveries" className="py-2 text-sm text-indigo-700 underline underline-offset-2">
              All endpoints
            </Link>
          ) : null}
        </form>
        {shown.length === 0 && before ? (
          <EmptyState
            title="No older attempts"
            action={
              <ButtonLink
                href={pageHref("/dashboard/deliveries", { endpoint: endpointParam })}
                size="sm"
                variant="secondary"
              >
                Back to the newest
              </ButtonLink>
            }
          />
        ) : shown.length === 0 ? (
          <EmptyState
            title={endpointParam ? "No attempts to this endpoint yet" : "No deliveries yet"}
            description="An attempt is recorded each time an event is sent to an endpoint: when a session passes, fails or expires, on every retry, and on manual redeliveries."
            action={
              endpoints.length === 0 ? (
                <ButtonLink href="/dashboard/webhooks" size="sm" variant="secondary">
                  Add a webhook endpoint
                </ButtonLink>
              ) : undefined
            }
          />
        ) : (
          <>
            <ol aria-label="Delivery attempts, newest first" className="divide-y divide-slate-100">
              {shown.map((a) => (
                <li key={a.id} data-testid="attempt" className="px-4 py-3 sm:px-5">
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                    <AttemptResult success={a.success} statusCode={a.statusCode} error={a.error} />
                    <DateTime value={a.startedAt} withSeconds className="text-xs text-slate-700" />
                    <span className="text-xs tabular-nums text-slate-700">{a.durationMs} ms</span>
                    <span className="text-xs text-slate-600">
                      Attempt {a.attemptNumber} {a.manual ? <Badge>manual</Badge> : null}
                    </span>
                  </div>
                  <div className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-xs text-slate-600">
                    <code className="text-slate-800">{a.eventType}</code>
                    <Link
                      href={`/dashboard/sessions/${a.sessionId}`}
                      className="font-mono text-indigo-700 hover:underline"
                    >
                      {a.sessionId}
                    </Link>
                    <span className="min-w-0 break-all">
                      to <span className="font-mono">{a.endpointUrl}</span>
                    </span>
                  </div>
                  {a.responseExcerpt ? (
                    <details className="mt-1 text-xs">
                      <summary className="cursor-pointer text-slate-600">Response body</summary>
                      <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-100 p-2 whitespace-pre-wrap break-all">
                        {a.responseExcerpt}
                      </pre>
                    </details>
                  ) : null}
                </li>
              ))}
            </ol>
            <Pager
              summary={`Showing ${before ? "" : "the latest "}${shown.length} attempt${shown.length === 1 ? "" : "s"}`}
              olderHref={
                nextBefore && pageHref("/dashboard/deliveries", { endpoint: endpointParam, before: nextBefore })
              }
            />
          </>
        )}
      </Card>
    </>
  );
}
